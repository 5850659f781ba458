import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { RoundSummary } from '../../../../shared/schemas/jury.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { toApiError } from '../../../lib/api-client.ts';
import { useAdminQuery } from '../common/admin-query.tsx';
import { Field } from '../common/forms/form-fields.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { FOCUS_RING, FormAlert, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { createRound, roundDetailQuery, type RoundKind, type Shortlist } from './api/rounds.ts';
import { ShortlistPicker } from './shortlist-picker.tsx';

type Mode = 'normalised' | 'weighted' | 'hand';

const KINDS: { value: RoundKind; label: string }[] = [
  { value: 'score', label: 'Scores on criteria' },
  { value: 'ranking', label: 'A ranking ballot' },
];

const MODES: { value: Mode; label: string }[] = [
  { value: 'normalised', label: 'Top K by normalised mean' },
  { value: 'weighted', label: 'Top K by weighted mean' },
  { value: 'hand', label: 'Pick by hand' },
];

/** The shortlist asked for, or what is missing from the form. */
function shortlistOf(mode: Mode, top: string, picked: Set<string>): Shortlist | string {
  if (mode === 'hand') {
    return picked.size > 0 ? { entries: [...picked] } : 'Pick at least one entry to carry over.';
  }
  const count = Number(top);
  return Number.isInteger(count) && count >= 1
    ? { top: count, by: mode }
    : 'Say how many entries to carry over (K): a whole number, 1 or more.';
}

/** The round after a closed one: its entries, the best K of it or a hand-picked shortlist. */
export function NewRoundForm({
  competitionId,
  previous,
  onCreated,
}: {
  competitionId: string;
  previous: RoundSummary;
  onCreated: () => void;
}) {
  const { showToast } = useToast();
  const creating = useMutation({ mutationFn: createRound });
  const [kind, setKind] = useState<RoundKind>('score');
  const [mode, setMode] = useState<Mode>('normalised');
  const [top, setTop] = useState('10');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string>();
  const standings = useAdminQuery({
    ...roundDetailQuery(competitionId, previous.id),
    enabled: mode === 'hand',
  });
  const number = previous.number + 1;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const shortlist = shortlistOf(mode, top, picked);
    if (typeof shortlist === 'string') {
      setError(shortlist);
      return;
    }
    setError(undefined);
    try {
      await creating.mutateAsync({ competitionId, shortlist, kind });
      showToast(`Round ${number} created as a draft.`, { variant: 'success' });
      onCreated();
    } catch (caught) {
      setError(toApiError(caught).message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={`Create round ${number}`}
      className="flex flex-col gap-4"
    >
      <h3 className="text-lg font-bold">Create round {number}</h3>
      <FormAlert message={error} />
      <RadioGroup
        legend={`How round ${number} is judged`}
        name="round-kind"
        options={KINDS}
        value={kind}
        onChange={setKind}
        hint="In a ranking ballot every juror of the panel orders the whole shortlist; the ballots are combined by the Schulze method."
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium">
          Entries of round {previous.number} to carry over
        </legend>
        {MODES.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name="shortlist-mode"
              value={option.value}
              checked={mode === option.value}
              onChange={() => setMode(option.value)}
              className={`h-5 w-5 shrink-0 accent-primary ${FOCUS_RING}`}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {mode === 'hand' ? (
        <ResourceView resource={standings}>
          {(detail) =>
            detail.standings.length === 0 ? (
              <p className={MUTED_TEXT}>Round {previous.number} has no entries.</p>
            ) : (
              <ShortlistPicker standings={detail.standings} picked={picked} onChange={setPicked} />
            )
          }
        </ResourceView>
      ) : (
        <Field
          label="How many entries (K)"
          type="number"
          required
          min={1}
          step={1}
          className="max-w-xs"
          value={top}
          onChange={(event) => setTop(event.target.value)}
        />
      )}
      <div>
        <Button type="submit" disabled={creating.isPending}>
          Create round {number}
        </Button>
      </div>
    </form>
  );
}

/** One choice of a few, each a large radio with its label. */
function RadioGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
}: {
  legend: string;
  name: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  hint: string;
}) {
  const hintId = useId();
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={hintId}>
      <legend className="mb-1 font-medium">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className={`h-5 w-5 shrink-0 accent-primary ${FOCUS_RING}`}
          />
          {option.label}
        </label>
      ))}
      <p id={hintId} className={`text-sm ${MUTED_TEXT}`}>
        {hint}
      </p>
    </fieldset>
  );
}
