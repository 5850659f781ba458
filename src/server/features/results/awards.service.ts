import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type Award,
  type AwardsInput,
  PROPOSED_TITLES,
  type ProposedAwards,
} from '../../../shared/schemas/results.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidFields } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import { listRounds, rankBy, requireCompetition, roundStandings } from '../jury/jury.service.ts';
import { artworkTitleOf } from './artwork-title.ts';
import { getRoundRanking } from './ballots.service.ts';
import {
  findAwardCreatedAt,
  findAwards,
  findEntriesByIds,
  replaceAwards,
} from './awards.repository.ts';

/*
 * A competition's awards (admin): saved as a whole list, in display order, one per approved entry
 * of the competition; and a proposal from the jury's ranking for the admin to start from.
 */

export const AWARD_ENTRY_INVALID = 'Only an approved entry of this competition can get an award';
export const AWARD_ENTRY_TWICE = 'This entry already has an award above';
const audit = auditEntriesOf('competition');

export { artworkTitleOf };

export async function listAwards(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
): Promise<Award[]> {
  await requireCompetition(deps.db, competitionId);
  const rows = await findAwards(deps.db, competitionId);
  return rows.map((r) => ({
    id: r.award_id,
    submissionId: r.submission_id,
    reference: r.reference,
    title: r.title,
    prize: r.prize,
    position: r.position,
    artworkTitle: artworkTitleOf(r, deps.log),
  }));
}

/** Every entry named must be an approved entry of this competition, and named once. */
async function checkEntries(db: Kysely<DB>, competitionId: string, input: AwardsInput) {
  const ids = input.awards.map((a) => a.submissionId);
  const entries = new Map((await findEntriesByIds(db, ids)).map((e) => [e.id, e]));
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  input.awards.forEach((award, i) => {
    const entry = entries.get(award.submissionId);
    if (!entry || entry.competition_id !== competitionId || entry.status !== 'approved') {
      fields[`awards.${i}.submissionId`] = AWARD_ENTRY_INVALID;
    } else if (seen.has(award.submissionId)) {
      fields[`awards.${i}.submissionId`] = AWARD_ENTRY_TWICE;
    }
    seen.add(award.submissionId);
  });
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

/** Replaces the competition's awards with the list, in its order, in one transaction. */
export async function saveAwards(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  competitionId: string,
  input: AwardsInput,
  admin: AuditActor,
): Promise<Award[]> {
  const { db } = deps;
  await requireCompetition(db, competitionId);
  await checkEntries(db, competitionId, input);
  const now = deps.clock.now();
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // An award kept for the same entry keeps when it was first given.
    const createdAt = await findAwardCreatedAt(trx, competitionId);
    await replaceAwards(
      trx,
      competitionId,
      input.awards.map((a, position) => ({
        id: randomUUID(),
        competition_id: competitionId,
        submission_id: a.submissionId,
        title: a.title,
        prize: a.prize,
        position,
        created_at: createdAt.get(a.submissionId) ?? stamp,
        updated_at: stamp,
      })),
    );
    await recordAudit(
      trx,
      audit(admin, 'results.awards', competitionId, {
        awards: input.awards.map((a) => ({ submissionId: a.submissionId, title: a.title })),
      }),
      now,
    );
  });
  return listAwards(deps, competitionId);
}

/**
 * Awards proposed from the last closed round: its entries ranked by normalised mean (a strict
 * and a generous juror count alike) or, in a ranking round, by the Schulze count of the ballots;
 * First, Second, Third, then two Honourable mentions.
 */
export async function proposeAwards(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
): Promise<ProposedAwards> {
  const { db } = deps;
  const rounds = await listRounds(db, competitionId);
  const closed = rounds.filter((r) => r.status === 'closed').sort((a, b) => b.number - a.number);
  const round = closed[0];
  if (!round) {
    throw new AppError(
      409,
      'NO_CLOSED_ROUND',
      'No round of judging has closed yet: close a round to rank its entries.',
    );
  }
  // A ranking round's order is the Schulze count of its ballots; a score round's, its means.
  const ranked = (
    round.kind === 'ranking'
      ? (await getRoundRanking(deps, competitionId, round.id)).ranking.map((r) => ({
          entryId: r.submissionId,
          normalisedMean: null,
        }))
      : rankBy(await roundStandings(db, competitionId, round.id), 'normalised')
  ).slice(0, PROPOSED_TITLES.length);
  const entries = new Map(
    (
      await findEntriesByIds(
        db,
        ranked.map((s) => s.entryId),
      )
    ).map((e) => [e.id, e]),
  );
  return {
    roundId: round.id,
    roundNumber: round.number,
    awards: ranked.flatMap((s, i) => {
      const entry = entries.get(s.entryId);
      if (!entry) return [];
      return [
        {
          submissionId: s.entryId,
          reference: entry.reference,
          artworkTitle: artworkTitleOf(entry, deps.log),
          title: PROPOSED_TITLES[i] ?? '',
          prize: '',
          normalisedMean: s.normalisedMean,
        },
      ];
    }),
  };
}
