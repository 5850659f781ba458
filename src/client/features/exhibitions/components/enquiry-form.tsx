import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { EnquiryInput } from '../../../../shared/schemas/exhibition.ts';
import { Button } from '../../../components/button.tsx';
import { Field, TextAreaField } from '../../../components/form-fields.tsx';
import { toApiError } from '../../../lib/api-client.ts';
import { sendEnquiry } from '../api/exhibitions.ts';
import type * as EnquiryCheck from './enquiry-check.ts';

export const ENQUIRY_SENT = 'Thank you: your enquiry has been sent. We will answer by e-mail.';

let enquiryCheck: Promise<typeof EnquiryCheck> | undefined;
/** The check's chunk, asked for once: when the form is first reached, or at the latest on send. */
const loadEnquiryCheck = () => (enquiryCheck ??= import('./enquiry-check.ts'));
const preloadCheck = () => void loadEnquiryCheck();
/** The shared check, the same messages as the server's; a send before it arrived waits for it. */
const resolver: Resolver<EnquiryInput> = async (values, context, options) =>
  (await loadEnquiryCheck()).enquiryResolver(values, context, options);

/** A visitor's enquiry about a work for sale, to the art space (never to the artist). */
export function EnquiryForm({ competitionId, workId }: { competitionId: string; workId: string }) {
  const [sent, setSent] = useState(false);
  const form = useForm<EnquiryInput>({
    resolver,
    defaultValues: { name: '', email: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await sendEnquiry(competitionId, workId, values);
      setSent(true);
    } catch (error) {
      const failure = toApiError(error);
      const fields = Object.entries(failure.fields ?? {});
      for (const [name, message] of fields) {
        if (name === 'name' || name === 'email' || name === 'message') {
          form.setError(name, { message });
        }
      }
      if (fields.length === 0) form.setError('root', { message: failure.message });
    }
  });
  if (sent) {
    return (
      <p role="status" className="text-lg">
        {ENQUIRY_SENT}
      </p>
    );
  }
  return (
    <form
      noValidate
      aria-labelledby="enquiry-heading"
      onSubmit={(event) => void onSubmit(event)}
      onFocus={preloadCheck}
      onPointerEnter={preloadCheck}
      className="flex max-w-xl flex-col gap-4"
    >
      <h2 id="enquiry-heading" className="text-2xl font-bold">
        Enquire about this work
      </h2>
      <p className="text-gray-700 dark:text-gray-300">
        Your enquiry goes to the art space, which answers by e-mail.
      </p>
      {errors.root?.message ? (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-300">
          {errors.root.message}
        </p>
      ) : null}
      <Field
        label="Your name"
        required
        autoComplete="name"
        maxLength={200}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Field
        label="E-mail"
        type="email"
        required
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextAreaField
        label="Message"
        required
        rows={5}
        maxLength={5000}
        error={errors.message?.message}
        {...form.register('message')}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send enquiry'}
        </Button>
      </div>
    </form>
  );
}
