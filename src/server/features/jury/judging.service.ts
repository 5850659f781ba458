import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type {
  ConflictAdded,
  Criterion,
  Judging,
  JudgingInputSchema,
  PublicJudging,
} from '../../../shared/schemas/jury.ts';
import type { DB, JuryCriteriaTable } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidField, notFound } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import {
  deleteConflict,
  deleteCriteriaExcept,
  findCompetitionTitle,
  findConflicts,
  findCriteria,
  findJurorIds,
  findOpenWorksOfJuror,
  findPanel,
  findSetup,
  hasOpenedRound,
  insertConflict,
  replacePanel,
  upsertCriterion,
  upsertSetup,
} from './judging.repository.ts';
import { takeWorkFromJuror } from './work-conflicts.ts';

/*
 * A competition's judging set-up (admin): the criteria jurors score, the panel, how many jurors
 * score each entry, declared juror–artist conflicts, and whether the jury's names are public.
 */

export const COMPETITION_NOT_FOUND = 'Competition not found';
export const CRITERIA_FIXED =
  'The criteria cannot change once a round has opened: the scores already given are against them.';
/** Until the admin sets it: two jurors per entry, the usual minimum for a fair average. */
const DEFAULT_JURORS_PER_ENTRY = 2;

const audit = auditEntriesOf('competition');

export function criterionOf(row: Selectable<JuryCriteriaTable>): Criterion {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    weight: row.weight,
    scaleMin: row.scale_min,
    scaleMax: row.scale_max,
    required: row.required === 1,
  };
}

export async function requireCompetition(db: Kysely<DB>, competitionId: string): Promise<string> {
  const title = await findCompetitionTitle(db, competitionId);
  if (title === undefined) throw notFound(COMPETITION_NOT_FOUND);
  return title;
}

/** A juror's name as shown: the name the admin gave, else the username. */
export const jurorName = (row: { display_name: string | null; username: string }) =>
  row.display_name ?? row.username;

export async function getJudging(db: Kysely<DB>, competitionId: string): Promise<Judging> {
  await requireCompetition(db, competitionId);
  const [setup, criteria, panel, conflicts] = await Promise.all([
    findSetup(db, competitionId),
    findCriteria(db, competitionId),
    findPanel(db, competitionId),
    findConflicts(db, competitionId),
  ]);
  return {
    criteria: criteria.map(criterionOf),
    panel: panel.map((p) => ({ id: p.id, name: jurorName(p), username: p.username })),
    jurorsPerEntry: setup?.jurors_per_entry ?? DEFAULT_JURORS_PER_ENTRY,
    publishJury: setup?.publish_jury === 1,
    conflicts: conflicts.map((c) => ({
      id: c.id,
      jurorId: c.juror_id,
      jurorName: jurorName(c),
      email: c.artist_email,
    })),
  };
}

/** The criteria as they were, when nothing about them changed. */
function sameCriteria(before: Criterion[], after: z.output<typeof JudgingInputSchema>['criteria']) {
  return (
    before.length === after.length &&
    before.every((b, i) => {
      const a = after[i];
      return (
        a !== undefined &&
        a.id === b.id &&
        a.name === b.name &&
        a.description === b.description &&
        a.weight === b.weight &&
        a.scaleMin === b.scaleMin &&
        a.scaleMax === b.scaleMax &&
        a.required === b.required
      );
    })
  );
}

/** Replaces the set-up as a whole; the criteria only while no round has opened. */
export async function saveJudging(
  deps: Pick<Deps, 'db' | 'clock'>,
  competitionId: string,
  input: z.output<typeof JudgingInputSchema>,
  admin: AuditActor,
): Promise<Judging> {
  const { db } = deps;
  await requireCompetition(db, competitionId);
  const panel = [...new Set(input.panel)];
  const jurors = new Set(await findJurorIds(db, panel));
  if (panel.some((id) => !jurors.has(id))) {
    throw invalidField('panel', 'The panel names an account that is not a juror');
  }
  const current = (await findCriteria(db, competitionId)).map(criterionOf);
  const known = new Set(current.map((c) => c.id));
  input.criteria.forEach((c, i) => {
    if (c.id !== undefined && !known.has(c.id)) {
      throw invalidField(`criteria.${i}.id`, 'No such criterion in this competition');
    }
  });
  const now = deps.clock.now();
  await db.transaction().execute(async (trx) => {
    const criteriaChange = !sameCriteria(current, input.criteria);
    if (criteriaChange && (await hasOpenedRound(trx, competitionId))) {
      throw new AppError(409, 'CRITERIA_FIXED', CRITERIA_FIXED);
    }
    await upsertSetup(trx, {
      competition_id: competitionId,
      jurors_per_entry: input.jurorsPerEntry,
      publish_jury: input.publishJury ? 1 : 0,
      updated_at: now.toISOString(),
    });
    if (criteriaChange) {
      const ids = input.criteria.map((c) => c.id ?? randomUUID());
      await deleteCriteriaExcept(trx, competitionId, ids);
      for (const [position, c] of input.criteria.entries()) {
        await upsertCriterion(trx, {
          id: ids[position] ?? randomUUID(),
          competition_id: competitionId,
          position,
          name: c.name,
          description: c.description,
          weight: c.weight,
          scale_min: c.scaleMin,
          scale_max: c.scaleMax,
          required: c.required ? 1 : 0,
        });
      }
    }
    await replacePanel(trx, competitionId, panel);
    await recordAudit(
      trx,
      audit(admin, 'judging.update', competitionId, {
        criteria: input.criteria.length,
        panel: panel.length,
        jurorsPerEntry: input.jurorsPerEntry,
      }),
      now,
    );
  });
  return getJudging(db, competitionId);
}

/** The reason a work taken by the admin's conflict shows on the round's page. */
export const adminConflictReason = (admin: AuditActor) =>
  `Conflict declared by the admin (${admin.username})`;

/**
 * Declares that a juror may not judge an artist's entries. In a round already open, each such
 * work is taken from the juror at once (their scores for it go) and passed on or marked short;
 * the answer says which.
 */
export async function addConflict(
  deps: Pick<Deps, 'db' | 'clock'>,
  competitionId: string,
  input: { jurorId: string; email: string },
  admin: AuditActor,
): Promise<ConflictAdded> {
  const { db } = deps;
  await requireCompetition(db, competitionId);
  if ((await findJurorIds(db, [input.jurorId])).length === 0) {
    throw invalidField('jurorId', 'No such juror');
  }
  const now = deps.clock.now();
  const taken: ConflictAdded['taken'] = [];
  await db.transaction().execute(async (trx) => {
    for (const work of await findOpenWorksOfJuror(trx, competitionId, input.jurorId)) {
      if (work.email.toLowerCase() !== input.email) continue;
      const result = await takeWorkFromJuror(
        trx,
        {
          roundId: work.round_id,
          competitionId,
          submissionId: work.submission_id,
          workId: work.work_id,
          email: work.email,
          jurorId: input.jurorId,
        },
        adminConflictReason(admin),
        now,
      );
      if (result.taken) {
        taken.push({ round: work.number, alias: work.alias, reassigned: result.reassigned });
      }
    }
    const row = {
      id: randomUUID(),
      competition_id: competitionId,
      juror_id: input.jurorId,
      artist_email: input.email,
      created_at: now.toISOString(),
    };
    if (await insertConflict(trx, row)) {
      await recordAudit(
        trx,
        audit(admin, 'judging.conflict-add', competitionId, {
          jurorId: input.jurorId,
          email: input.email,
          taken,
        }),
        now,
      );
    }
  });
  return { ...(await getJudging(db, competitionId)), taken };
}

export async function removeConflict(
  deps: Pick<Deps, 'db' | 'clock'>,
  competitionId: string,
  conflictId: string,
  admin: AuditActor,
): Promise<Judging> {
  const { db } = deps;
  await requireCompetition(db, competitionId);
  await db.transaction().execute(async (trx) => {
    if (!(await deleteConflict(trx, competitionId, conflictId))) {
      throw notFound('Conflict not found');
    }
    await recordAudit(
      trx,
      audit(admin, 'judging.conflict-remove', competitionId, { conflictId }),
      deps.clock.now(),
    );
  });
  return getJudging(db, competitionId);
}

/** What the competition's public page shows: the criteria always, the jurors when published. */
export async function getPublicJudging(
  db: Kysely<DB>,
  competitionId: string,
): Promise<PublicJudging> {
  await requireCompetition(db, competitionId);
  const [setup, criteria, panel] = await Promise.all([
    findSetup(db, competitionId),
    findCriteria(db, competitionId),
    findPanel(db, competitionId),
  ]);
  return {
    criteria: criteria.map((c) => ({ name: c.name, description: c.description, weight: c.weight })),
    jurors: setup?.publish_jury === 1 ? panel.map(jurorName) : [],
  };
}
