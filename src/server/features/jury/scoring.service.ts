import { juryApiPaths } from '../../../shared/api-paths.ts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  Criterion,
  JurorRound,
  ScoreSheetSchema,
  Work,
} from '../../../shared/schemas/jury.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidFields, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { juryCopyOf } from '../media/media.service.ts';
import { findCriteria } from './judging.repository.ts';
import { criterionOf } from './judging.service.ts';
import { readJuryCopy } from './jury-view.ts';
import { findRound, lockRoundStatus } from './rounds.repository.ts';
import {
  findJurorRounds,
  findMyBallot,
  findMyScores,
  findMyWork,
  findFirstWork,
  findPlaceInOrder,
  replaceScores,
  updateMyAssignment,
} from './scoring.repository.ts';
import { takeArtistWorks } from './work-conflicts.ts';

/*
 * The juror's side: their rounds, one work at a time in their own order, their own score sheet.
 * A work is named by its round alias; nothing personal of the artist is ever read into an answer
 * (the name, e-mail, phone, address, age, gender, guardian and photo stay in their columns), and
 * its answers and pictures are the jury's copy (jury-view.ts): shown fields only, as redacted.
 */

export const WORK_NOT_FOUND = 'Work not found';
export const ROUND_CLOSED = 'This round is closed: scores can no longer change.';
export const ROUND_NOT_SCORED =
  'This round is a ranking ballot: put the works in your order on the ballot; there is nothing to score.';

/**
 * Inside a juror's write (a score sheet, a conflict, a ballot): the round must still be open, its
 * status held until the transaction ends, so an admin's close either waits or wins (409).
 */
export async function requireOpenRound(trx: Kysely<DB>, roundId: string): Promise<void> {
  if ((await lockRoundStatus(trx, roundId)) !== 'open') {
    throw new AppError(409, 'ROUND_CLOSED', ROUND_CLOSED);
  }
}

/** The signed-in juror (what requireJuror gives). */
type Juror = { adminUserId: string; username: string };

/** How many of the juror's works their saved ballot places (a work since taken away aside). */
async function rankedCount(deps: Pick<Deps, 'db'>, roundId: string, jurorId: string) {
  const { aliases, ranking } = await findMyBallot(deps.db, roundId, jurorId);
  const placed: unknown = ranking ? JSON.parse(ranking) : [];
  const mine = new Set(aliases);
  return Array.isArray(placed) ? placed.filter((alias) => mine.has(alias as string)).length : 0;
}

/** The juror's rounds, each with its own progress: works scored, or placed on the ballot. */
export async function listJurorRounds(deps: Pick<Deps, 'db'>, juror: Juror): Promise<JurorRound[]> {
  const rows = await findJurorRounds(deps.db, juror.adminUserId);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      competition: r.title,
      number: r.number,
      status: r.status,
      kind: r.kind,
      done:
        r.kind === 'ranking' ? await rankedCount(deps, r.id, juror.adminUserId) : Number(r.done),
      assigned: Number(r.assigned),
      nextAlias: await findFirstWork(deps.db, r.id, juror.adminUserId, { unscored: true }),
      firstAlias: await findFirstWork(deps.db, r.id, juror.adminUserId, { unscored: false }),
      endsAt: r.ends_at,
    })),
  );
}

async function requireWork(deps: Pick<Deps, 'db'>, juror: Juror, roundId: string, alias: string) {
  const work = await findMyWork(deps.db, roundId, juror.adminUserId, alias);
  if (!work) throw notFound(WORK_NOT_FOUND);
  return work;
}

/** The address of a work's n-th image (1-based) for its juror. */
const imageUrl = juryApiPaths.workImage;

export async function getWork(
  deps: Pick<Deps, 'db' | 'log'>,
  juror: Juror,
  roundId: string,
  alias: string,
): Promise<Work> {
  const work = await requireWork(deps, juror, roundId, alias);
  const [copy, criteria, scores, place, round] = await Promise.all([
    readJuryCopy(deps.db, work, deps.log),
    findCriteria(deps.db, work.competition_id),
    findMyScores(deps.db, roundId, juror.adminUserId, work.work_id),
    findPlaceInOrder(deps.db, roundId, juror.adminUserId, work.order_key),
    findRound(deps.db, roundId),
  ]);
  // A ranking round asks for an order on the ballot, never for scores: no sheet to show.
  const scored = round?.kind !== 'ranking';
  return {
    alias: work.alias,
    ...place,
    answers: copy.answers.map(({ label, value }) => ({ label, value })),
    images: copy.images.map((image, i) => ({
      url: imageUrl(roundId, work.alias, i + 1),
      label: image.field.label,
    })),
    documents: copy.documents.map((document, i) => ({
      url: juryApiPaths.workDocument(roundId, work.alias, i + 1),
      label: document.field.label,
    })),
    kind: scored ? 'score' : 'ranking',
    criteria: scored ? criteria.map(criterionOf) : [],
    scores: scored ? Object.fromEntries(scores.map((s) => [s.criterion_id, s.score])) : {},
    comment: work.comment,
    feedback: work.feedback,
    roundOpen: work.status === 'open',
  };
}

/** Every problem with a sheet, by field: unknown criteria, scores off the scale, required ones left out. */
function sheetProblems(criteria: Criterion[], scores: Record<string, number>) {
  const problems: Record<string, string> = {};
  const byId = new Map(criteria.map((c) => [c.id, c]));
  for (const [id, score] of Object.entries(scores)) {
    const c = byId.get(id);
    if (!c) problems[`scores.${id}`] = 'No such criterion';
    else if (score < c.scaleMin || score > c.scaleMax) {
      problems[`scores.${id}`] = `Give a score from ${c.scaleMin} to ${c.scaleMax}`;
    }
  }
  for (const c of criteria) {
    if (c.required && scores[c.id] === undefined)
      problems[`scores.${c.id}`] = 'Score this criterion';
  }
  return problems;
}

/** Saves the juror's whole sheet for a work; saving the same sheet again changes nothing. */
export async function saveScores(
  deps: Pick<Deps, 'db' | 'log' | 'clock'>,
  juror: Juror,
  roundId: string,
  alias: string,
  sheet: z.output<typeof ScoreSheetSchema>,
): Promise<Work> {
  const work = await requireWork(deps, juror, roundId, alias);
  if ((await findRound(deps.db, roundId))?.kind === 'ranking') {
    throw new AppError(409, 'ROUND_NOT_SCORED', ROUND_NOT_SCORED);
  }
  if (work.status !== 'open') throw new AppError(409, 'ROUND_CLOSED', ROUND_CLOSED);
  const criteria = (await findCriteria(deps.db, work.competition_id)).map(criterionOf);
  const problems = sheetProblems(criteria, sheet.scores);
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  const key = {
    round_id: roundId,
    juror_id: juror.adminUserId,
    submission_id: work.submission_id,
    work_id: work.work_id,
  };
  await deps.db.transaction().execute(async (trx) => {
    // Closed meanwhile (the admin's close and this save at once): the close wins.
    await requireOpenRound(trx, roundId);
    const scoredAt = deps.clock.now().toISOString();
    if (
      !(await updateMyAssignment(trx, key, {
        comment: sheet.comment,
        feedback: sheet.feedback,
        scored_at: scoredAt,
      }))
    ) {
      throw notFound(WORK_NOT_FOUND);
    }
    await replaceScores(
      trx,
      key,
      Object.entries(sheet.scores).map(([criterion_id, score]) => ({ criterion_id, score })),
    );
  });
  return getWork(deps, juror, roundId, alias);
}

/**
 * The juror cannot judge this work (they know the artist, say): it leaves their list, and so do
 * the artist's other works in the round; their scores for them go, and each passes to the
 * least-loaded panel juror free to take it; with none left, it is marked short for the admin.
 * Audited with the reason.
 */
export async function declareConflict(
  deps: Pick<Deps, 'db' | 'clock'>,
  juror: Juror,
  roundId: string,
  alias: string,
  reason: string,
): Promise<{ nextAlias: string | null }> {
  const work = await requireWork(deps, juror, roundId, alias);
  if (work.status !== 'open') throw new AppError(409, 'ROUND_CLOSED', ROUND_CLOSED);
  await deps.db.transaction().execute(async (trx) => {
    await requireOpenRound(trx, roundId);
    const taken = await takeArtistWorks(trx, work, juror.adminUserId, roundId, reason, deps.clock);
    if (!taken.taken) throw notFound(WORK_NOT_FOUND);
    await recordAudit(
      trx,
      {
        adminUserId: juror.adminUserId,
        actor: juror.username,
        action: 'jury.conflict-declared',
        entityType: 'jury_round',
        entityId: roundId,
        details: { alias, reason, reassigned: taken.reassigned },
      },
      deps.clock.now(),
    );
  });
  return {
    nextAlias: await findFirstWork(deps.db, roundId, juror.adminUserId, { unscored: true }),
  };
}

/** A work's n-th document as its juror may see it (a field shown to jurors), named by the alias. */
export async function workDocument(
  deps: Pick<Deps, 'db' | 'log' | 'storage'>,
  juror: Juror,
  roundId: string,
  alias: string,
  n: number,
) {
  const work = await requireWork(deps, juror, roundId, alias);
  const document = (await readJuryCopy(deps.db, work, deps.log)).documents[n - 1];
  const file = document && (await deps.storage.get(document.key));
  if (!file) throw notFound('Document not found');
  return { file, name: `${work.alias}-document-${n}.pdf` };
}

/** A work's n-th image as its juror may see it: the display copy, or the large copy for zooming. */
export async function workImage(
  deps: Pick<Deps, 'db' | 'log' | 'storage'>,
  juror: Juror,
  roundId: string,
  alias: string,
  n: number,
  size: 'display' | 'full',
) {
  const work = await requireWork(deps, juror, roundId, alias);
  const image = (await readJuryCopy(deps.db, work, deps.log)).images[n - 1];
  if (!image) throw notFound('Image not found');
  const copy = await juryCopyOf(deps.storage, image.key, size);
  if (!copy) throw notFound('Image not found');
  return {
    file: copy.file,
    name: `${work.alias}-${n}${size === 'full' ? '-full' : ''}.${copy.ext}`,
  };
}
