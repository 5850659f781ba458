import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminVotes, VoteCluster } from '../../../../shared/schemas/votes.ts';
import { Button } from '../../../components/button.tsx';
import { toApiError } from '../../../lib/api-client.ts';
import { formatInstant } from '../common/format-instant.ts';
import { FormAlert, MUTED_TEXT, Section, TableHead } from '../common/shell/admin-page.tsx';
import { adminVotesQuery, awardPeoplesChoice } from './api/votes.ts';
import { VoidDialog, type VoidSubject } from './void-dialog.tsx';

const CLUSTER_KIND: Record<VoteCluster['kind'], string> = {
  address: 'From one connection',
  domain: 'From one e-mail domain, nearly all for one work',
  burst: 'A burst for one work within a minute',
};
const CELL = 'px-3 py-2 align-top';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The vote's counts, its hours, its works, its clusters and its latest votes. */
export function VotesReport({
  competitionId,
  votes,
}: {
  competitionId: string;
  votes: AdminVotes;
}) {
  const [subject, setSubject] = useState<VoidSubject | null>(null);
  const [status, setStatus] = useState('');
  const titleOf = (workId: string) => votes.titles[workId] ?? 'A work no longer exhibited';
  const { voting } = votes;
  const state = voting.closed
    ? 'Voting has closed.'
    : voting.open
      ? 'Voting is open.'
      : 'Voting has not opened yet.';
  return (
    <>
      <p role="status" className="font-medium">
        {status}
      </p>
      <Section title="The vote">
        <p>
          {state} Opens {voting.opensAt ? formatInstant(voting.opensAt) : '(not set)'}, closes{' '}
          {voting.closesAt ? formatInstant(voting.closesAt) : '(not set)'};{' '}
          {plural(voting.votesPerVisitor, 'vote')} per visitor.
        </p>
        <p className="mt-2">
          {plural(votes.counted, 'vote')} counted, {votes.voided} voided. The public sees no count
          until voting closes.
        </p>
        <PeoplesChoice
          competitionId={competitionId}
          votes={votes}
          titleOf={titleOf}
          onDone={setStatus}
        />
      </Section>
      <Section title="Votes per work">
        <table className="w-full text-left">
          <TableHead caption="Counted votes per work" headings={['Work', 'Votes']} />
          <tbody>
            {votes.works.map((w) => (
              <tr key={w.workId} className="border-b border-gray-100 dark:border-gray-800">
                <td className={CELL}>{titleOf(w.workId)}</td>
                <td className={CELL}>{w.votes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="Votes per hour">
        <table className="w-full text-left">
          <TableHead caption="Counted votes per hour" headings={['Hour', 'Votes']} />
          <tbody>
            {votes.perHour.map((h) => (
              <tr key={h.hour} className="border-b border-gray-100 dark:border-gray-800">
                <td className={CELL}>{formatInstant(h.hour)}</td>
                <td className={CELL}>{h.votes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="Clusters that look organised">
        {votes.clusters.length === 0 ? (
          <p className={MUTED_TEXT}>None among the counted votes.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {votes.clusters.map((c) => {
              const label = `${plural(c.voteIds.length, 'vote')}: ${CLUSTER_KIND[c.kind]} (${c.key})`;
              return (
                <li key={`${c.kind}-${c.key}`} className="flex flex-wrap items-center gap-3">
                  <span className="break-all">{label}</span>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setSubject({ label, voteIds: c.voteIds })}
                  >
                    Void these votes
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
      <Section title="Latest votes">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead
              caption="The latest votes, newest first"
              headings={['Cast', 'Work', 'E-mail', 'Connection', 'Status']}
            />
            <tbody>
              {votes.votes.map((v) => (
                <tr key={v.id} className="border-b border-gray-100 dark:border-gray-800">
                  <td className={CELL}>{formatInstant(v.castAt)}</td>
                  <td className={CELL}>{titleOf(v.workId)}</td>
                  <td className={`${CELL} break-all`}>{v.email}</td>
                  <td className={CELL}>{v.addressTag}</td>
                  <td className={CELL}>
                    {v.voidedAt ? (
                      `Voided: ${v.voidReason ?? ''}`
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Void the vote of ${v.email}`}
                        onClick={() =>
                          setSubject({ label: `the vote of ${v.email}`, voteIds: [v.id] })
                        }
                      >
                        Void
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <VoidDialog
        competitionId={competitionId}
        subject={subject}
        onClose={() => setSubject(null)}
        onVoided={setStatus}
      />
    </>
  );
}

/** The award once voting has closed: given (or given again, after voiding) by the admin. */
function PeoplesChoice({
  competitionId,
  votes,
  titleOf,
  onDone,
}: {
  competitionId: string;
  votes: AdminVotes;
  titleOf: (workId: string) => string;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const award = useMutation({
    mutationFn: awardPeoplesChoice,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: adminVotesQuery(competitionId).queryKey });
      const names = answer.workIds.map(titleOf).join(', ');
      // Say which more-voted works could not take it, so the admin is not left guessing.
      const passed = answer.skipped
        .map((w) => `${titleOf(w.workId)} (${plural(w.votes, 'vote')}, ${w.reason})`)
        .join('; ');
      onDone(
        `People’s Choice given to ${names} (${plural(answer.votes, 'vote')}); ${plural(answer.certificatesIssued, 'certificate')} issued.${passed ? ` Passed over: ${passed}.` : ''}`,
      );
    },
  });
  return (
    <div className="mt-4 flex flex-col gap-3">
      <p>
        {votes.award
          ? `People’s Choice: ${votes.award.workIds.map(titleOf).join(', ')}.`
          : 'The People’s Choice has not been given.'}
      </p>
      {votes.voting.closed ? (
        <div>
          <Button onClick={() => award.mutate(competitionId)} disabled={award.isPending}>
            {votes.award ? 'Give the People’s Choice again' : 'Give the People’s Choice award'}
          </Button>
        </div>
      ) : (
        <p className={MUTED_TEXT}>The award can be given once voting has closed.</p>
      )}
      <FormAlert message={award.error ? toApiError(award.error).message : undefined} />
    </div>
  );
}
