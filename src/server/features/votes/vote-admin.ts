import {
  type AdminVotes,
  type PeoplesChoiceAnswer,
  type VoidVotes,
  type VoteCounts,
} from '../../../shared/schemas/votes.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import type { ExhibitionVotingState } from '../exhibitions/exhibitions.service.ts';
import { findPeoplesChoiceAward, savePeoplesChoiceAward } from '../results/results.service.ts';
import { requireVoteRecord, requireVotingClosed } from './vote-rules.ts';
import { findVoteClusters, votesPerHour, votesPerWork } from './vote-clusters.ts';
import { findCompetitionVotes, voidVotes } from './votes.repository.ts';

/*
 * The admin's side of the vote: votes over time, clusters that look organised, voiding with a
 * reason (audited; a voided vote is not counted and not given back), and the People's Choice
 * award once voting has closed. The award is the admin's action, not a round after the close:
 * the admin looks at the clusters and voids first, and the award is decided on what is left.
 */

/** The newest votes the screen lists (every vote is counted and clustered). */
export const ADMIN_VOTES_LISTED = 1000;
const audit = auditEntriesOf('competition');

type Ctx = Pick<Deps, 'db' | 'clock' | 'log'>;

/**
 * The competition's votes, and those counted: not voided, and for a work the exhibition still
 * shows (a work taken out, or whose entry was withdrawn or is no longer approved, wins nothing).
 */
async function countedVotes(deps: Pick<Deps, 'db'>, competitionId: string, shown: Set<string>) {
  const rows = await findCompetitionVotes(deps.db, competitionId);
  const counted = rows
    .filter((r) => r.voided_at === null && shown.has(r.work_id))
    .map((r) => ({
      id: r.id,
      workId: r.work_id,
      domain: r.domain,
      addressTag: r.address_tag,
      castAt: r.cast_at,
    }));
  return { rows, counted };
}

const shownOf = (record: ExhibitionVotingState) => new Set(record.works.map((w) => w.workId));

export async function adminVotes(deps: Ctx, competitionId: string): Promise<AdminVotes> {
  const record = await requireVoteRecord(deps, competitionId);
  const { rows, counted } = await countedVotes(deps, competitionId, shownOf(record));
  return {
    voting: record.voting,
    counted: counted.length,
    voided: rows.filter((r) => r.voided_at !== null).length,
    perHour: votesPerHour(counted),
    works: votesPerWork(counted),
    clusters: findVoteClusters(counted),
    votes: rows
      .slice(-ADMIN_VOTES_LISTED)
      .reverse()
      .map((r) => ({
        id: r.id,
        workId: r.work_id,
        email: r.email,
        domain: r.domain,
        addressTag: r.address_tag,
        castAt: r.cast_at,
        voidedAt: r.voided_at,
        voidReason: r.void_reason,
      })),
    titles: Object.fromEntries(record.works.map((w) => [w.workId, w.title])),
    award: await findPeoplesChoiceAward(deps, competitionId).then((workIds) =>
      workIds ? { workIds } : null,
    ),
  };
}

/** Voids the named votes still counted, with the reason, in one audited transaction. */
export async function voidVoteList(
  deps: Ctx,
  competitionId: string,
  input: VoidVotes,
  admin: AuditActor,
): Promise<{ voided: number }> {
  await requireVoteRecord(deps, competitionId);
  const now = deps.clock.now();
  const voided = await deps.db.transaction().execute(async (trx) => {
    const ids = await voidVotes(trx, competitionId, input.voteIds, {
      voided_at: now.toISOString(),
      void_reason: input.reason,
      voided_by: admin.adminUserId,
    });
    if (ids.length === 0) return 0;
    await recordAudit(
      trx,
      audit(admin, 'votes.void', competitionId, { voteIds: ids, reason: input.reason }),
      now,
    );
    return ids.length;
  });
  return { voided };
}

/**
 * Gives the People's Choice to the most voted works that may take it (all of a tie), through
 * results, which skips a work holding another award or whose entry no longer stands, and says so.
 */
export async function awardPeoplesChoice(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'settings' | 'contentCache'>,
  competitionId: string,
  admin: AuditActor,
): Promise<PeoplesChoiceAnswer> {
  const record = await requireVotingClosed(deps, competitionId);
  const { counted } = await countedVotes(deps, competitionId, shownOf(record));
  const ranked = votesPerWork(counted);
  if (ranked.length === 0) {
    throw new AppError(409, 'NO_VOTES', 'No vote has been counted: there is no people’s choice.');
  }
  return savePeoplesChoiceAward(deps, competitionId, ranked, admin);
}

/** The counts, for anyone, once voting has closed (409 VOTING_NOT_CLOSED before). */
export async function publicVoteCounts(deps: Ctx, competitionId: string): Promise<VoteCounts> {
  const record = await requireVotingClosed(deps, competitionId);
  const { counted } = await countedVotes(deps, competitionId, shownOf(record));
  return { closedAt: record.voting.closesAt ?? '', works: votesPerWork(counted) };
}
