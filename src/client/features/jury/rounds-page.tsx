import { useId, useRef } from 'react';
import { useLocation } from 'react-router';
import type { JurorRound, RoundStatus } from '../../../shared/schemas/jury.ts';
import { ButtonLink } from '../../components/button.tsx';
import { paths } from '../../config/paths.ts';
import { formatClosing } from '../../../shared/domain/competition-status.ts';
import { usePageTitle, useSettings } from '../../lib/settings.tsx';
import { useAdminQuery } from '../admin/common/admin-query.tsx';
import { ResourceView } from '../admin/common/resource-view.tsx';
import { MUTED_TEXT, Notice } from '../admin/common/shell/admin-page.tsx';
import { roundsQuery } from './api/jury.ts';
import { ProgressBar } from './progress-bar.tsx';
import { useFocusOnArrival } from './use-focus-on-arrival.ts';

/** What a page that sends the juror back here has to say ('All works scored'), and of which round. */
export interface RoundsPageState {
  notice?: string;
  roundId?: string;
}

/** A notice about one round names it: the juror may sit on several, each with its own progress. */
function noticeText(state: RoundsPageState | null, rounds: JurorRound[] | undefined) {
  if (!state?.notice || !state.roundId) return state?.notice;
  // Said once the rounds are in, so the live region reads it out whole.
  if (!rounds) return undefined;
  const round = rounds.find((r) => r.id === state.roundId);
  return round ? `${round.competition}, round ${round.number}: ${state.notice}` : state.notice;
}

export const NO_ROUNDS =
  'You have no works to score yet. The art space will write to you when a round opens.';

/** The rounds the juror sits on, how far they are in each, and the way to the next work. */
export default function RoundsPage() {
  usePageTitle('Your rounds');
  const rounds = useAdminQuery(roundsQuery());
  const notice = noticeText(useLocation().state as RoundsPageState | null, rounds.data);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, true);
  return (
    <div className="flex flex-col gap-6">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        Your rounds
      </h1>
      {/* Always present, so the message is read out when a page sends the juror back with one. */}
      <div role="status">{notice ? <Notice>{notice}</Notice> : null}</div>
      <ResourceView resource={rounds}>
        {(list) =>
          list.length === 0 ? (
            <p>{NO_ROUNDS}</p>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {list.map((round) => (
                <li key={round.id}>
                  <RoundCard round={round} />
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
    </div>
  );
}

const STATUS_LABELS: Record<RoundStatus, string> = {
  draft: 'Not open yet',
  open: 'Open',
  closed: 'Closed',
};

function RoundCard({ round }: { round: JurorRound }) {
  const headingId = useId();
  const { timeZone } = useSettings();
  const open = round.status === 'open';
  return (
    <section
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {round.competition}: round {round.number}
        </h2>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${
            open
              ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100'
              : 'bg-gray-200 text-gray-900 dark:bg-gray-800 dark:text-gray-50'
          }`}
        >
          {STATUS_LABELS[round.status]}
        </span>
      </div>
      {open && round.endsAt ? (
        <p className={MUTED_TEXT}>Ends {formatClosing(round.endsAt, timeZone)}</p>
      ) : null}
      {round.kind === 'ranking' ? (
        <BallotAction round={round} describedBy={headingId} />
      ) : (
        <>
          <ProgressBar done={round.done} total={round.assigned} label="Works scored" />
          <RoundAction round={round} describedBy={headingId} />
        </>
      )}
    </section>
  );
}

/** A ranking round is one ballot: the way to it, to order the works or (closed) to read it. */
function BallotAction({ round, describedBy }: { round: JurorRound; describedBy: string }) {
  if (round.status === 'draft') return null;
  const open = round.status === 'open';
  return (
    <div className="flex flex-col items-start gap-3">
      <ProgressBar done={round.done} total={round.assigned} label="Works ranked" verb="ranked" />
      <p className={open ? 'font-medium' : MUTED_TEXT}>
        {open
          ? `A ranking ballot: put the ${round.assigned} works in your order.`
          : 'This round is closed: your ranking can no longer change.'}
      </p>
      <ButtonLink
        variant={open ? 'primary' : 'secondary'}
        to={paths.juryBallot(round.id)}
        aria-describedby={describedBy}
      >
        {open ? 'Rank the works' : 'View your ranking'}
      </ButtonLink>
    </div>
  );
}

/**
 * Start or Continue at the first work not scored; once there is none (or the round has closed),
 * the juror's own scores to look over from their first work. `describedBy` names the round.
 */
function RoundAction({ round, describedBy }: { round: JurorRound; describedBy: string }) {
  const { firstAlias, nextAlias } = round;
  const open = round.status === 'open';
  const lookBack = firstAlias ? (
    <ButtonLink
      variant="secondary"
      to={paths.juryWork(round.id, firstAlias)}
      aria-describedby={describedBy}
    >
      {open ? 'Look over your scores' : 'View your scores'}
    </ButtonLink>
  ) : null;
  if (open && nextAlias) {
    return (
      <div>
        <ButtonLink to={paths.juryWork(round.id, nextAlias)} aria-describedby={describedBy}>
          {round.done === 0 ? 'Start' : 'Continue'}
        </ButtonLink>
      </div>
    );
  }
  if (round.status === 'draft') return null;
  return (
    <div className="flex flex-col items-start gap-3">
      <p className={open ? 'font-medium' : MUTED_TEXT}>
        {open ? 'All works scored' : 'This round is closed: scores can no longer change.'}
      </p>
      {lookBack}
    </div>
  );
}
