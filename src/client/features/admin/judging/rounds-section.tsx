import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RoundSummary } from '../../../../shared/schemas/jury.ts';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { toApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../config/paths.ts';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { formatInstant } from '../common/format-instant.ts';
import { FormAlert, MUTED_TEXT, TableHead } from '../common/shell/admin-page.tsx';
import { judgingQuery } from './api/judging.ts';
import { createRound, moveRound, roundsQuery } from './api/rounds.ts';
import { CELL, TABLE_FRAME } from './judging-styles.ts';
import { NewRoundForm } from './new-round-form.tsx';
import { ROUND_STATUS_LABELS } from './round-labels.ts';

export const OPEN_QUESTION =
  'Every entry is given its jurors from the panel and the jurors can start scoring. The criteria can no longer change.';
export const CLOSE_QUESTION =
  'Jurors can no longer change their scores, and the round’s standings are final.';
/** A ranking round asks for an order on one ballot: its dialogs speak of ranking, not scores. */
export const OPEN_RANKING_QUESTION =
  'Every juror on the panel is given the shortlist on one ballot and can start ranking it.';
export const CLOSE_RANKING_QUESTION =
  'Jurors can no longer change their rankings, and the round’s ranking is final.';

/** The rounds: their status, opening and closing them, and creating the next one. */
export function RoundsSection({
  competitionId,
  rounds,
}: {
  competitionId: string;
  rounds: RoundSummary[];
}) {
  const queryClient = useQueryClient();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: roundsQuery(competitionId).queryKey });
    // An opened round fixes the criteria: the set-up says so.
    void queryClient.invalidateQueries({ queryKey: judgingQuery(competitionId).queryKey });
  };
  const opening = useRoundMove(competitionId, 'open', reload);
  const closing = useRoundMove(competitionId, 'close', reload);
  const last = rounds.at(-1);

  return (
    <div className="flex flex-col gap-6">
      {rounds.length === 0 ? (
        <p className={MUTED_TEXT}>No rounds yet.</p>
      ) : (
        <div className={TABLE_FRAME}>
          <table className="w-full text-sm">
            <TableHead
              caption="Rounds, first first"
              headings={[
                'Round',
                'Status',
                'Entries',
                'Short of jurors',
                'Opened',
                'Closed',
                'Actions',
              ]}
            />
            <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
              {rounds.map((round) => (
                <RoundRow
                  key={round.id}
                  competitionId={competitionId}
                  round={round}
                  onOpen={() => opening.ask(round)}
                  onClose={() => closing.ask(round)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <NextRound competitionId={competitionId} last={last} onCreated={reload} />
      <ConfirmDialog
        {...opening.dialog}
        title={`Open round ${opening.target?.number ?? ''}`.trim()}
        question={opening.target?.kind === 'ranking' ? OPEN_RANKING_QUESTION : OPEN_QUESTION}
        confirmLabel="Open round"
      />
      <ConfirmDialog
        {...closing.dialog}
        title={`Close round ${closing.target?.number ?? ''}`.trim()}
        question={closing.target?.kind === 'ranking' ? CLOSE_RANKING_QUESTION : CLOSE_QUESTION}
        confirmLabel="Close round"
      />
    </div>
  );
}

/**
 * Opening or closing a round after a question; a refusal (no criteria, too small a panel) stays in
 * the dialog in the server's words.
 */
function useRoundMove(competitionId: string, action: 'open' | 'close', onDone: () => void) {
  const { showToast } = useToast();
  const move = useMutation({ mutationFn: moveRound });
  return useConfirmAction({
    act: (round: RoundSummary) => move.mutateAsync({ competitionId, roundId: round.id, action }),
    done: (round) => {
      showToast(`Round ${round.number} ${action === 'open' ? 'opened' : 'closed'}.`, {
        variant: 'success',
      });
      onDone();
    },
    failure: (error) => toApiError(error).message,
  });
}

function RoundRow({
  competitionId,
  round,
  onOpen,
  onClose,
}: {
  competitionId: string;
  round: RoundSummary;
  onOpen: () => void;
  onClose: () => void;
}) {
  const name = `round ${round.number}`;
  const when = (instant: string | null) =>
    instant ? <time dateTime={instant}>{formatInstant(instant)}</time> : '—';
  return (
    <tr>
      <th scope="row" className={`${CELL} font-semibold`}>
        Round {round.number}
      </th>
      <td className={CELL}>{ROUND_STATUS_LABELS[round.status]}</td>
      <td className={CELL}>{round.entries}</td>
      <td className={CELL}>{round.short}</td>
      <td className={CELL}>{when(round.openedAt)}</td>
      <td className={CELL}>{when(round.closedAt)}</td>
      <td className={CELL}>
        <div className="flex flex-wrap gap-2">
          <ButtonLink variant="secondary" size="sm" to={paths.adminRound(competitionId, round.id)}>
            View<span className="sr-only"> {name}</span>
          </ButtonLink>
          {round.status === 'draft' ? (
            <Button size="sm" onClick={onOpen}>
              Open<span className="sr-only"> {name}</span>
            </Button>
          ) : null}
          {round.status === 'open' ? (
            <Button variant="outline" size="sm" onClick={onClose}>
              Close<span className="sr-only"> {name}</span>
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** Round 1 from the approved entries; a later round from a shortlist of the closed one before. */
function NextRound({
  competitionId,
  last,
  onCreated,
}: {
  competitionId: string;
  last: RoundSummary | undefined;
  onCreated: () => void;
}) {
  const { showToast } = useToast();
  const creating = useMutation({ mutationFn: createRound });
  const [error, setError] = useState<string>();
  if (last && last.status !== 'closed') {
    return (
      <p className={MUTED_TEXT}>
        Round {last.number} is {last.status === 'draft' ? 'a draft' : 'open'}: the next round can be
        created once it has closed.
      </p>
    );
  }
  if (last) {
    return <NewRoundForm competitionId={competitionId} previous={last} onCreated={onCreated} />;
  }
  const create = async () => {
    setError(undefined);
    try {
      await creating.mutateAsync({ competitionId });
      showToast('Round 1 created as a draft.', { variant: 'success' });
      onCreated();
    } catch (caught) {
      setError(toApiError(caught).message);
    }
  };
  return (
    <div className="flex flex-col items-start gap-3">
      <FormAlert message={error} />
      <p className={MUTED_TEXT}>Round 1 takes every entry approved in review.</p>
      <Button disabled={creating.isPending} onClick={() => void create()}>
        Create round 1
      </Button>
    </div>
  );
}
