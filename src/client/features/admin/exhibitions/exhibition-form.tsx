import { useState } from 'react';
import type { AdminExhibition, ExhibitionInput } from '../../../../shared/schemas/exhibition.ts';
import { Button } from '../../../components/button.tsx';
import { Field, TextAreaField } from '../../../components/form-fields.tsx';
import { toApiError } from '../../../lib/api-client.ts';
import { FormAlert } from '../common/shell/admin-page.tsx';

/** An instant as a datetime-local input shows it, in the browser's time. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

const instantOf = (value: string) => (value ? new Date(value).toISOString() : null);

/** The exhibition's title, introduction, end and voting window (creates it when there is none). */
export function ExhibitionForm({
  exhibition,
  onSave,
}: {
  exhibition: AdminExhibition | null;
  onSave: (values: ExhibitionInput) => Promise<unknown>;
}) {
  const [title, setTitle] = useState(exhibition?.title ?? '');
  const [introduction, setIntroduction] = useState(exhibition?.introduction ?? '');
  const [endsAt, setEndsAt] = useState(localInput(exhibition?.endsAt ?? null));
  const [opensAt, setOpensAt] = useState(localInput(exhibition?.votingOpensAt ?? null));
  const [closesAt, setClosesAt] = useState(localInput(exhibition?.votingClosesAt ?? null));
  const [votes, setVotes] = useState(String(exhibition?.votesPerVisitor ?? 1));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setErrors({});
    setAlert(undefined);
    try {
      await onSave({
        title,
        introduction,
        endsAt: instantOf(endsAt),
        votingOpensAt: instantOf(opensAt),
        votingClosesAt: instantOf(closesAt),
        votesPerVisitor: Number(votes),
      });
    } catch (error) {
      const failure = toApiError(error);
      setErrors(failure.fields ?? {});
      setAlert(failure.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      aria-label="Exhibition"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="flex max-w-2xl flex-col gap-4"
    >
      <FormAlert message={alert} />
      <Field
        label="Title"
        required
        value={title}
        error={errors.title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextAreaField
        label="Introduction"
        rows={4}
        value={introduction}
        error={errors.introduction}
        onChange={(e) => setIntroduction(e.target.value)}
      />
      <Field
        label="Ends"
        type="datetime-local"
        hint="Empty: it runs on. After it, the exhibition is listed among the past ones."
        value={endsAt}
        error={errors.endsAt}
        onChange={(e) => setEndsAt(e.target.value)}
      />
      <Field
        label="Voting opens"
        type="datetime-local"
        value={opensAt}
        error={errors.votingOpensAt}
        onChange={(e) => setOpensAt(e.target.value)}
      />
      <Field
        label="Voting closes"
        type="datetime-local"
        value={closesAt}
        error={errors.votingClosesAt}
        onChange={(e) => setClosesAt(e.target.value)}
      />
      <Field
        label="Votes per visitor"
        type="number"
        min={1}
        max={10}
        value={votes}
        error={errors.votesPerVisitor}
        onChange={(e) => setVotes(e.target.value)}
      />
      <div>
        <Button type="submit" disabled={busy}>
          {exhibition ? 'Save exhibition' : 'Create exhibition'}
        </Button>
      </div>
    </form>
  );
}
