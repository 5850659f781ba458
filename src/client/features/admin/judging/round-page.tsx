import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { RoundDetail } from '../../../../shared/schemas/jury.ts';
import { Button, buttonClassName } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { useAdminQuery } from '../common/admin-query.tsx';
import { withReason, withSeedMessage } from '../common/failure-messages.ts';
import { formatInstant } from '../common/format-instant.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, MUTED_TEXT, Section, TableHead } from '../common/shell/admin-page.tsx';
import { competitionsQuery } from '../competitions/api/competitions.ts';
import { remindJurors, roundDetailQuery, scoresCsvPath } from './api/rounds.ts';
import { CELL, LINK_CLASS } from './judging-styles.ts';
import { ScrollFrame } from './scroll-frame.tsx';
import { RankingSection } from './ranking-section.tsx';
import { countOf, ROUND_STATUS_LABELS } from './round-labels.ts';
import { RoundEndForm } from './round-end-form.tsx';
import { RoundProgress } from './round-progress.tsx';
import { StandingsTable } from './standings-table.tsx';

export const ROUND_FETCH_FAILED = 'Failed to fetch the round';
/** By a juror on the work's page, or by the admin in the set-up while the round was open. */
export const CONFLICTS_DECLARED = 'Conflicts declared';

/** One round (/admin/judging/:competitionId/rounds/:roundId): progress, standings, conflicts. */
export default function RoundPage() {
  const { competitionId = '', roundId = '' } = useParams();
  const detail = useAdminQuery(roundDetailQuery(competitionId, roundId));
  const competitions = useAdminQuery(competitionsQuery);
  const competition = competitions.data?.find((c) => c.id === competitionId);
  const number = detail.data?.round.number;
  return (
    <AdminPage title={number === undefined ? 'Round' : `Round ${number}`}>
      <p>
        <Link to={paths.adminJudgingOf(competitionId)} className={LINK_CLASS}>
          Back to the judging of {competition?.title ?? 'this competition'}
        </Link>
      </p>
      <ResourceView resource={withSeedMessage(detail, ROUND_FETCH_FAILED)}>
        {(round) => <RoundView competitionId={competitionId} detail={round} />}
      </ResourceView>
    </AdminPage>
  );
}

export function RoundView({
  competitionId,
  detail,
}: {
  competitionId: string;
  detail: RoundDetail;
}) {
  const { round } = detail;
  const ranking = round.kind === 'ranking';
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <p>
          <span className="font-semibold">{ROUND_STATUS_LABELS[round.status]}</span>
          {' · '}
          {ranking ? 'A ranking ballot · ' : ''}
          {countOf(round.entries, 'entry', 'entries')}
          {round.short > 0 ? ` · ${round.short} short of jurors` : ''}
        </p>
        {/* A ranking round has no scores: no reminder of works left, no scores to download. */}
        {ranking ? null : (
          <div className="flex flex-wrap gap-3">
            {round.status === 'open' ? (
              <ReminderButton competitionId={competitionId} roundId={round.id} />
            ) : null}
            <a
              href={scoresCsvPath(competitionId, round.id)}
              download
              className={buttonClassName({ variant: 'secondary' })}
            >
              Download scores (CSV)
            </a>
          </div>
        )}
        <RoundEndForm competitionId={competitionId} round={round} />
      </div>
      {ranking ? (
        <Section title="Ranking">
          <RankingSection
            competitionId={competitionId}
            roundId={round.id}
            jurors={detail.progress.length}
          />
        </Section>
      ) : (
        <ScoreSections detail={detail} />
      )}
      <Section title={CONFLICTS_DECLARED}>
        <DeclaredConflicts conflicts={detail.declaredConflicts} />
      </Section>
    </div>
  );
}

/** A scored round's progress by juror and its standings. */
function ScoreSections({ detail }: { detail: RoundDetail }) {
  return (
    <>
      <Section title="Progress">
        <RoundProgress progress={detail.progress} />
      </Section>
      <Section title="Standings">
        <div className={`mb-4 flex flex-col gap-1 text-sm ${MUTED_TEXT}`}>
          <p>{detail.normalisationNote}</p>
          <p>{detail.outlierNote}</p>
        </div>
        {detail.standings.length === 0 ? (
          <p className={MUTED_TEXT}>No entries in this round.</p>
        ) : (
          <StandingsTable standings={detail.standings} />
        )}
      </Section>
    </>
  );
}

function ReminderButton({ competitionId, roundId }: { competitionId: string; roundId: string }) {
  const { showToast } = useToast();
  const reminding = useMutation({ mutationFn: remindJurors });
  const remind = async () => {
    try {
      const { reminded } = await reminding.mutateAsync({ competitionId, roundId });
      showToast(`Reminded ${countOf(reminded, 'juror')}`, { variant: 'success' });
    } catch (error) {
      showToast(withReason('Failed to send the reminders', error), { variant: 'error' });
    }
  };
  return (
    <Button disabled={reminding.isPending} onClick={() => void remind()}>
      Send reminder to jurors behind
    </Button>
  );
}

function DeclaredConflicts({ conflicts }: { conflicts: RoundDetail['declaredConflicts'] }) {
  if (conflicts.length === 0) {
    return <p className={MUTED_TEXT}>No conflict has been declared in this round.</p>;
  }
  return (
    <ScrollFrame label={CONFLICTS_DECLARED}>
      <table className="w-full text-sm">
        <TableHead
          caption={CONFLICTS_DECLARED}
          headings={['Alias', 'Reference', 'Juror', 'Reason', 'When']}
        />
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {conflicts.map((conflict) => (
            <tr key={`${conflict.reference}-${conflict.jurorName}-${conflict.at}`}>
              <td className={CELL}>{conflict.alias}</td>
              <td className={`${CELL} whitespace-nowrap`}>{conflict.reference}</td>
              <td className={CELL}>{conflict.jurorName}</td>
              <td className={`${CELL} min-w-48`}>{conflict.reason}</td>
              <td className={`${CELL} whitespace-nowrap`}>
                <time dateTime={conflict.at}>{formatInstant(conflict.at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}
