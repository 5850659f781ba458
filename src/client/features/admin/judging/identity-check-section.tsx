import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type CheckedAnswer,
  type IdentityCheck,
  type IdentityKind,
  REDACTION_TEXT_MAX,
  RedactionInputSchema,
} from '../../../../shared/schemas/jury-redaction.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { withReason } from '../common/failure-messages.ts';
import { submitOrShowErrors } from '../common/forms/form-errors.ts';
import { TextAreaField } from '../common/forms/form-fields.tsx';
import { FormAlert, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { identityCheckQuery, removeRedaction, saveRedaction } from './api/redactions.ts';

const KIND_NAMES: Record<IdentityKind, string> = {
  name: 'name',
  email: 'e-mail',
  phone: 'phone number',
};

type Entry = IdentityCheck['entries'][number];

/**
 * Before a round opens: each entry whose answers shown to jurors contain its artist's name,
 * e-mail or phone (found by the server), the artist's answer beside the jury's copy, and a form
 * to redact that copy. The artist's own answer is never changed.
 */
export function IdentityCheckSection({
  competitionId,
  check,
}: {
  competitionId: string;
  check: IdentityCheck;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className={`text-sm ${MUTED_TEXT}`}>
        Before a round opens, check the answers jurors will see for the artist’s own name, e-mail or
        phone number, and redact the jury’s copy. The artist’s answer is kept as given; fields
        hidden from jurors (set on the category) are never shown to them.
      </p>
      {check.entries.length === 0 ? (
        <p className={MUTED_TEXT}>No answer shown to jurors names its artist.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {check.entries.map((entry) => (
            <EntryCard
              key={entry.submissionId}
              competitionId={competitionId}
              entry={entry}
              roundOpened={check.roundOpened}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function EntryCard({
  competitionId,
  entry,
  roundOpened,
}: {
  competitionId: string;
  entry: Entry;
  roundOpened: boolean;
}) {
  return (
    <li className="rounded-xl border border-gray-200 p-4 dark:border-gray-800">
      <h3 className="mb-3 font-bold">{entry.reference}</h3>
      <ul className="flex flex-col gap-4">
        {entry.answers.map((answer) => (
          <AnswerRow
            key={`${answer.work ?? 0}-${answer.fieldId}`}
            competitionId={competitionId}
            entry={entry}
            answer={answer}
            roundOpened={roundOpened}
          />
        ))}
      </ul>
    </li>
  );
}

function AnswerRow({
  competitionId,
  entry,
  answer,
  roundOpened,
}: {
  competitionId: string;
  entry: Entry;
  answer: CheckedAnswer;
  roundOpened: boolean;
}) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [editing, setEditing] = useState(false);
  const removing = useMutation({ mutationFn: removeRedaction });
  const key = {
    competitionId,
    entryId: entry.submissionId,
    fieldId: answer.fieldId,
    work: answer.work,
  };
  const what = `${answer.label} of ${entry.reference}`;
  const update = (check: IdentityCheck) =>
    queryClient.setQueryData(identityCheckQuery(competitionId).queryKey, check);

  const remove = async () => {
    try {
      update(await removing.mutateAsync(key));
      showToast(`Redaction of ${what} removed.`, { variant: 'success' });
    } catch (error) {
      showToast(withReason('Failed to remove the redaction', error), { variant: 'error' });
    }
  };

  return (
    <li className="flex flex-col gap-2">
      <p className="font-semibold">
        {answer.label}
        {answer.contains.length > 0 ? (
          <span className={`font-normal ${MUTED_TEXT}`}>
            {' '}
            · contains the artist’s {answer.contains.map((k) => KIND_NAMES[k]).join(', ')}
          </span>
        ) : null}
      </p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Artist’s answer</dt>
        <dd className="break-words whitespace-pre-wrap">{answer.answer}</dd>
        <dt className="font-medium">Jury’s copy</dt>
        <dd className="break-words whitespace-pre-wrap">
          {answer.redaction
            ? answer.redaction.text || '(left out)'
            : 'Not redacted: jurors see the artist’s answer.'}
        </dd>
      </dl>
      {editing ? (
        <RedactionForm
          what={what}
          start={answer.redaction?.text ?? answer.suggestion}
          onCancel={() => setEditing(false)}
          onSave={async (text) => {
            update(await saveRedaction({ ...key, text }));
            setEditing(false);
            showToast(`Jury’s copy of ${what} saved.`, { variant: 'success' });
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            {answer.redaction ? 'Edit jury’s copy' : 'Redact'}
            <span className="sr-only"> {what}</span>
          </Button>
          {answer.redaction && !roundOpened ? (
            <Button
              variant="outline"
              size="sm"
              disabled={removing.isPending}
              onClick={() => void remove()}
            >
              Remove redaction<span className="sr-only"> of {what}</span>
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}

type RedactionValues = z.input<typeof RedactionInputSchema>;

function RedactionForm({
  what,
  start,
  onCancel,
  onSave,
}: {
  what: string;
  start: string;
  onCancel: () => void;
  onSave: (text: string) => Promise<void>;
}) {
  const form = useForm<RedactionValues, unknown, z.output<typeof RedactionInputSchema>>({
    resolver: zodResolver(RedactionInputSchema),
    defaultValues: { text: start },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submitOrShowErrors(form, (values) => onSave(values.text));
  return (
    <form
      noValidate
      aria-label={`Redact ${what}`}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3"
    >
      <FormAlert message={errors.root?.message} />
      <TextAreaField
        label={`Jury’s copy of ${what}`}
        hint="What jurors will read instead of the artist’s answer; leave it empty to show them nothing."
        maxLength={REDACTION_TEXT_MAX}
        // Focus moves into the form the admin just opened.
        autoFocus
        error={errors.text?.message}
        {...form.register('text')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save jury’s copy'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
