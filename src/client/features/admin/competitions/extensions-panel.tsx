import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { closingInstant, formatClosing } from '../../../../shared/domain/competition-status.ts';
import type { AdminCompetition } from '../../../../shared/schemas/competition.ts';
import {
  EXTENSION_MESSAGES,
  type Extension,
  type ExtensionGranted,
} from '../../../../shared/schemas/extension.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useSettings } from '../../../lib/settings.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { Field } from '../common/forms/form-fields.tsx';
import { showRequestError } from '../common/forms/form-errors.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { FormAlert, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { extensionsQuery, grantExtension } from './api/extensions.ts';

export const LINK_SHOWN_ONCE = 'Send this link to the artist now: it will not be shown again.';
export const NO_EXTENSIONS = 'No extensions granted yet.';

type Values = { email: string; validUntil: string };

/**
 * 'YYYY-MM-DDTHH:MM' read in the site's time zone, as the closing time is: the link works until
 * the end of that minute. Null when the field is empty or not a date and time.
 */
function toInstant(local: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local);
  if (!match) return null;
  return closingInstant(match[1] as string, match[2] as string, timeZone).toISOString();
}

/** Lets one artist register after the close with a personal link; lists the links granted. */
export function ExtensionsPanel({ competition }: { competition: AdminCompetition }) {
  const queryClient = useQueryClient();
  const { timeZone } = useSettings();
  const query = extensionsQuery(competition.id);
  const grants = useAdminQuery(query);
  const grant = useMutation({ mutationFn: grantExtension });
  const [granted, setGranted] = useState<ExtensionGranted | null>(null);
  const form = useForm<Values>({ defaultValues: { email: '', validUntil: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, validUntil }) => {
    const instant = toInstant(validUntil, timeZone);
    if (!instant) {
      form.setError(
        'validUntil',
        { message: EXTENSION_MESSAGES.validUntil },
        { shouldFocus: true },
      );
      return;
    }
    setGranted(null);
    try {
      const answer = await grant.mutateAsync({
        competitionId: competition.id,
        input: { email: email.trim(), validUntil: instant },
      });
      setGranted(answer);
      form.reset();
      void queryClient.invalidateQueries({ queryKey: query.queryKey });
    } catch (error) {
      showRequestError(form, error);
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <p className={MUTED_TEXT}>
        An extension lets one artist register after entries close, with a personal link that works
        only for their e-mail address, until the time you choose.
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <FormAlert message={errors.root?.message} />
        <Field
          label="Artist's e-mail"
          type="email"
          required
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Field
          label="Valid until"
          type="datetime-local"
          required
          hint={`Date and time in the site's time zone (${timeZone})`}
          error={errors.validUntil?.message}
          {...form.register('validUntil')}
        />
        <Button type="submit" className="self-start" disabled={isSubmitting}>
          {isSubmitting ? 'Granting…' : 'Grant extension'}
        </Button>
      </form>
      {granted ? <GrantedLink granted={granted} timeZone={timeZone} /> : null}
      <section aria-labelledby="extensions-granted" className="flex flex-col gap-2">
        <h3 id="extensions-granted" className="font-semibold">
          Extensions granted
        </h3>
        <ResourceView resource={grants}>
          {(list) => <ExtensionList list={list} timeZone={timeZone} />}
        </ResourceView>
      </section>
    </div>
  );
}

function GrantedLink({ granted, timeZone }: { granted: ExtensionGranted; timeZone: string }) {
  const { showToast } = useToast();
  const noteId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(granted.link);
      showToast('Link copied.', { variant: 'success' });
    } catch {
      showToast('Could not copy the link. Select it and copy it by hand.', { variant: 'error' });
    }
  };
  return (
    <section
      aria-label="The new extension link"
      className="flex flex-col gap-2 rounded-xl bg-gray-50 p-4 dark:bg-gray-800"
    >
      <p role="status">
        Extension granted to {granted.email} until {formatClosing(granted.validUntil, timeZone)}.
      </p>
      <p id={noteId} className="font-semibold">
        {LINK_SHOWN_ONCE}
      </p>
      <code className="break-all" aria-describedby={noteId}>
        {granted.link}
      </code>
      <Button variant="secondary" size="sm" className="self-start" onClick={() => void copy()}>
        Copy link
      </Button>
    </section>
  );
}

function ExtensionList({ list, timeZone }: { list: Extension[]; timeZone: string }) {
  if (list.length === 0) return <p className={MUTED_TEXT}>{NO_EXTENSIONS}</p>;
  return (
    <ul className="divide-y divide-gray-200 dark:divide-gray-800">
      {list.map((extension) => (
        <li key={extension.id} className="py-2">
          <span className="block break-words font-medium">{extension.email}</span>
          <span className={`block ${MUTED_TEXT}`}>
            Valid until {formatClosing(extension.validUntil, timeZone)} · used{' '}
            {extension.used === 1 ? '1 time' : `${extension.used} times`}
          </span>
        </li>
      ))}
    </ul>
  );
}
