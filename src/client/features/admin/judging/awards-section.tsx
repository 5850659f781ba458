import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  type Award,
  AwardsInputSchema,
  type ProposedAwards,
} from '../../../../shared/schemas/results.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { toApiError } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { FormAlert, MUTED_TEXT, TableHead } from '../common/shell/admin-page.tsx';
import { awardsQuery, proposeAwards, saveAwards } from './api/awards.ts';
import {
  AwardRow,
  type AwardDraft,
  controlId,
  type DraftChange,
  draftOf,
  OTHER,
  titleOf,
} from './award-row.tsx';
import { TABLE_FRAME } from './judging-styles.ts';

export const REPLACE_QUESTION =
  'The list below is replaced by the awards proposed from the last closed round. Nothing is saved until you save.';
export const FIELD_ERRORS_ALERT = 'The awards were not saved: see the messages in the list.';

/** Messages by field, as the server names them: 'awards.2.title'. */
type Errors = Record<string, string>;
const ROW_FIELD = /^awards\.(\d+)\.(submissionId|workId|title|prize)$/;

/** The body PUT sends, from the rows in their order. */
const bodyOf = (rows: AwardDraft[]) =>
  rows.map((row) => ({
    submissionId: row.submissionId,
    workId: row.workId,
    title: titleOf(row),
    prize: row.prize,
  }));

/** The list's own check before it goes out, worded like the server's answer. */
function checkedErrors(rows: AwardDraft[]): Errors {
  const result = AwardsInputSchema.safeParse({ awards: bodyOf(rows) });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

/**
 * A competition's awards: the entries named First, Second… in the order shown, each title and
 * prize editable, filled from the last closed round's ranking if asked; saving replaces the list.
 */
export function AwardsSection({
  competitionId,
  awards,
}: {
  competitionId: string;
  awards: Award[];
}) {
  const base = useId();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [rows, setRows] = useState(() => awards.map(draftOf));
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string>();
  // The control to focus once the list has rendered: the moved row's button, the first message.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const replace = (next: AwardDraft[]) => {
    setRows(next);
    setErrors({});
    setAlert(undefined);
  };
  const fill = (proposed: ProposedAwards) => {
    replace(proposed.awards.map(draftOf));
    showToast(`Awards proposed from round ${proposed.roundNumber}. Save to keep them.`, {
      variant: 'success',
    });
  };
  const { proposing, fetching, propose } = useProposal(competitionId, rows.length, fill, setAlert);

  const saving = useMutation({ mutationFn: saveAwards });
  const showErrors = (found: Errors, otherwise: string) => {
    const shown = Object.fromEntries(Object.entries(found).filter(([f]) => ROW_FIELD.test(f)));
    setErrors(shown);
    const first = Object.keys(shown)
      .map((field) => ROW_FIELD.exec(field))
      .find((match) => match !== null);
    setAlert(first ? FIELD_ERRORS_ALERT : otherwise);
    const row = first ? rows[Number(first[1])] : undefined;
    if (first && row) focusNext.current = fieldControl(row, first[2] ?? '');
  };
  const fieldControl = (row: AwardDraft, field: string) =>
    field === 'prize'
      ? controlId(base, row.key, 'prize')
      : field === 'title'
        ? controlId(base, row.key, row.choice === OTHER ? 'other' : 'title')
        : field === 'workId' && row.works.length > 1
          ? `${base}-${row.key}-work-${row.workId}`
          : `${base}-${row.key}-up`;
  const save = async () => {
    const found = checkedErrors(rows);
    if (Object.keys(found).length > 0) return showErrors(found, FIELD_ERRORS_ALERT);
    setErrors({});
    setAlert(undefined);
    try {
      const saved = await saving.mutateAsync({ competitionId, awards: bodyOf(rows) });
      queryClient.setQueryData(awardsQuery(competitionId).queryKey, saved);
      setRows(saved.map(draftOf));
      showToast('Awards saved.', { variant: 'success' });
    } catch (error) {
      const failure = toApiError(error);
      showErrors(failure.fields ?? {}, failure.message);
    }
  };

  const change = (index: number, patch: DraftChange) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    // An edited field's message no longer applies to it.
    const field =
      patch.workId !== undefined ? 'workId' : patch.prize === undefined ? 'title' : 'prize';
    setErrors(({ [`awards.${index}.${field}`]: _, ...rest }) => rest);
  };
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    // Focus stays on the row moved: on the same button unless it has reached the end.
    const edge = to === 0 || to === next.length - 1;
    const direction = to < from ? 'up' : 'down';
    const other = direction === 'up' ? 'down' : 'up';
    focusNext.current = `${base}-${moved.key}-${edge ? other : direction}`;
    replace(next);
  };
  const remove = (index: number) => {
    const next = rows.filter((_, i) => i !== index);
    const neighbour = next[index] ?? next[index - 1];
    focusNext.current = neighbour ? `${base}-${neighbour.key}-remove` : `${base}-propose`;
    replace(next);
  };
  const rowErrors = (index: number) => ({
    title: errors[`awards.${index}.title`],
    prize: errors[`awards.${index}.prize`],
    entry: errors[`awards.${index}.submissionId`],
    work: errors[`awards.${index}.workId`],
  });

  return (
    <div className="flex flex-col gap-6">
      <FormAlert message={alert} />
      {rows.length === 0 ? (
        <p className={MUTED_TEXT}>No awards yet.</p>
      ) : (
        <AwardsTable
          base={base}
          rows={rows}
          errorsOf={rowErrors}
          onChange={change}
          onMove={move}
          onRemove={remove}
        />
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          id={`${base}-propose`}
          variant="secondary"
          disabled={fetching}
          onClick={() => void propose()}
        >
          Propose from the last closed round
        </Button>
        <Button disabled={saving.isPending} onClick={() => void save()}>
          Save awards
        </Button>
      </div>
      <ConfirmDialog
        {...proposing.dialog}
        title="Replace the awards"
        question={REPLACE_QUESTION}
        confirmLabel="Replace with the proposal"
      />
    </div>
  );
}

/**
 * Fetching the proposal: at once into an empty list (a refusal in the section's alert), after a
 * question over a list that has awards (a refusal stays in the dialog).
 */
// The dialog's subject: null would mean it is closed.
const PROPOSAL = 'proposal';

function useProposal(
  competitionId: string,
  count: number,
  fill: (proposed: ProposedAwards) => void,
  setAlert: (message: string | undefined) => void,
) {
  const proposing = useConfirmAction({
    act: () => proposeAwards(competitionId),
    done: (_: typeof PROPOSAL, proposed) => fill(proposed),
    failure: (error) => toApiError(error).message,
  });
  const [fetching, setFetching] = useState(false);
  const propose = async () => {
    if (count > 0) return proposing.ask(PROPOSAL);
    setFetching(true);
    setAlert(undefined);
    try {
      fill(await proposeAwards(competitionId));
    } catch (error) {
      setAlert(toApiError(error).message);
    } finally {
      setFetching(false);
    }
  };
  return { proposing, fetching, propose };
}

/** The awards in their order, each row editable. */
function AwardsTable({
  base,
  rows,
  errorsOf,
  onChange,
  onMove,
  onRemove,
}: {
  base: string;
  rows: AwardDraft[];
  errorsOf: (index: number) => Parameters<typeof AwardRow>[0]['errors'];
  onChange: (index: number, patch: DraftChange) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <div className={TABLE_FRAME}>
      <table className="w-full text-sm">
        <TableHead
          caption="Awards, in the order they are shown"
          headings={['Position', 'Reference', 'Artwork', 'Award title', 'Prize', 'Actions']}
        />
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {rows.map((row, index) => (
            <AwardRow
              key={row.key}
              base={base}
              draft={row}
              index={index}
              count={rows.length}
              errors={errorsOf(index)}
              onChange={(patch) => onChange(index, patch)}
              onMove={(to) => onMove(index, to)}
              onRemove={() => onRemove(index)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
