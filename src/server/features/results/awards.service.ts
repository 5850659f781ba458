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
import { worksOfAwardedEntries } from './award-works.ts';
import { getRoundRanking } from './ballots.service.ts';
import {
  findAwardCreatedAt,
  findAwards,
  findWorksByIds,
  replaceAwards,
} from './awards.repository.ts';

/*
 * A competition's awards (admin): saved as a whole list, in display order, one per work of an
 * approved entry of the competition (an entry may win with two works); and a proposal from the
 * jury's ranking for the admin to start from.
 */

export const AWARD_ENTRY_INVALID = 'Only an approved entry of this competition can get an award';
export const AWARD_ENTRY_TWICE = 'This entry already has an award above';
export const AWARD_WORK_TWICE = 'This work already has an award above';
export const AWARD_WORK_INVALID = 'Choose a work of this entry';
const audit = auditEntriesOf('competition');

export { artworkTitleOf };

export async function listAwards(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
): Promise<Award[]> {
  await requireCompetition(deps.db, competitionId);
  const rows = await findAwards(deps.db, competitionId);
  const works = await worksOfAwardedEntries(
    deps,
    rows.map((r) => r.submission_id),
  );
  return rows.map((r) => ({
    id: r.award_id,
    submissionId: r.submission_id,
    workId: r.work_id,
    reference: r.reference,
    title: r.title,
    prize: r.prize,
    position: r.position,
    artworkTitle: artworkTitleOf(r, deps.log),
    works: works.get(r.submission_id) ?? [],
  }));
}

type AwardedWork = Awaited<ReturnType<typeof findWorksByIds>>[number];

/**
 * Every award names an approved entry of this competition and one of its works (none named: its
 * first), each work once; answers the work of each award, in the list's order.
 */
async function checkWorks(
  db: Kysely<DB>,
  competitionId: string,
  input: AwardsInput,
): Promise<AwardedWork[]> {
  const named = input.awards.flatMap((a) => (a.workId ? [a.workId] : []));
  const unnamed = input.awards.flatMap((a) => (a.workId ? [] : [a.submissionId]));
  const rows = await findWorksByIds(db, named, unnamed);
  const byWork = new Map(rows.map((w) => [w.work_id, w]));
  const firstOf = new Map(rows.filter((w) => w.position === 1).map((w) => [w.id, w]));
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const works = input.awards.map((award, i) => {
    const work = award.workId ? byWork.get(award.workId) : firstOf.get(award.submissionId);
    const key = award.workId ? `awards.${i}.workId` : `awards.${i}.submissionId`;
    if (award.workId && (!work || work.id !== award.submissionId)) {
      fields[key] = AWARD_WORK_INVALID;
    } else if (
      !work ||
      work.competition_id !== competitionId ||
      work.status !== 'approved' ||
      work.withdrawn_at !== null
    ) {
      fields[`awards.${i}.submissionId`] = AWARD_ENTRY_INVALID;
    } else if (seen.has(work.work_id)) {
      fields[key] = award.workId ? AWARD_WORK_TWICE : AWARD_ENTRY_TWICE;
    }
    if (work) seen.add(work.work_id);
    return work;
  });
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  return works.filter((w) => w !== undefined);
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
  const works = await checkWorks(db, competitionId, input);
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
        work_id: works[position]?.work_id ?? '',
        title: a.title,
        prize: a.prize,
        position,
        created_at: createdAt.get(works[position]?.work_id ?? '') ?? stamp,
        updated_at: stamp,
      })),
    );
    await recordAudit(
      trx,
      audit(admin, 'results.awards', competitionId, {
        awards: input.awards.map((a, i) => ({
          submissionId: a.submissionId,
          workId: works[i]?.work_id,
          title: a.title,
        })),
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
          entryId: r.workId,
          normalisedMean: null,
        }))
      : rankBy(await roundStandings(db, competitionId, round.id), 'normalised')
  ).slice(0, PROPOSED_TITLES.length);
  // The ranking's ids are works.
  const found = await findWorksByIds(
    db,
    ranked.map((s) => s.entryId),
  );
  const works = new Map(found.map((w) => [w.work_id, w]));
  const worksOfEntry = await worksOfAwardedEntries(
    deps,
    found.map((w) => w.id),
  );
  return {
    roundId: round.id,
    roundNumber: round.number,
    awards: ranked.flatMap((s, i) => {
      const entry = works.get(s.entryId);
      if (!entry) return [];
      return [
        {
          submissionId: entry.id,
          workId: entry.work_id,
          reference: entry.reference,
          artworkTitle: artworkTitleOf(entry, deps.log),
          title: PROPOSED_TITLES[i] ?? '',
          prize: '',
          normalisedMean: s.normalisedMean,
          works: worksOfEntry.get(entry.id) ?? [],
        },
      ];
    }),
  };
}
