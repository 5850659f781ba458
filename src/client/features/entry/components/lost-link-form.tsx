import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type LinkRequest, LinkRequestSchema } from '../../../../shared/schemas/entry.ts';
import { Button } from '../../../components/button.tsx';
import { Field, RequiredNote } from '../../../components/form-fields.tsx';
import { ApiError, ERROR_MESSAGES } from '../../../lib/api-client.ts';
import { requestEntryLink } from '../entry-api.ts';

/**
 * "Lost your link?": the e-mail and the reference of an entry. The answer is always the same,
 * so the form tells nobody whether an address has entries.
 */
export function LostLinkForm() {
  const form = useForm<LinkRequest>({
    defaultValues: { email: '', reference: '' },
    resolver: zodResolver(LinkRequestSchema),
  });
  const { register, handleSubmit, formState, setError } = form;
  const [answer, setAnswer] = useState<{ kind: 'sent' | 'failed'; text: string }>();

  const onSubmit = handleSubmit(async (values) => {
    setAnswer(undefined);
    try {
      const { message } = await requestEntryLink(values);
      setAnswer({ kind: 'sent', text: message });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (name === 'email' || name === 'reference') setError(name, { message });
        }
        return;
      }
      setAnswer({
        kind: 'failed',
        text: error instanceof ApiError ? error.message : ERROR_MESSAGES.UNKNOWN_ERROR,
      });
    }
  });

  return (
    <section
      aria-labelledby="lost-link-title"
      className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800"
    >
      <h2 id="lost-link-title" className="text-xl font-semibold">
        Lost your link?
      </h2>
      <p className="mt-2 text-gray-700 dark:text-gray-300">
        Enter the e-mail address you registered with and the reference from your confirmation
        e-mail. We will send the link to your entry to that address.
      </p>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 flex flex-col gap-4"
      >
        <RequiredNote />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Reference"
          hint="As in your confirmation e-mail, such as WS-2026-000123"
          autoCapitalize="characters"
          spellCheck={false}
          required
          error={formState.errors.reference?.message}
          {...register('reference')}
        />
        <div>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Sending…' : 'Send me the link'}
          </Button>
        </div>
        <p role="status" className="font-medium text-green-800 dark:text-green-300">
          {answer?.kind === 'sent' ? answer.text : null}
        </p>
        {answer?.kind === 'failed' ? (
          <p role="alert" className="font-medium text-red-800 dark:text-red-300">
            {answer.text}
          </p>
        ) : null}
      </form>
    </section>
  );
}
