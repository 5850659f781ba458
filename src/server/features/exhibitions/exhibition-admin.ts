import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AdminExhibition,
  type AdminExhibitionWork,
  EXHIBITION_MESSAGES,
  ExhibitionInputSchema,
  type ExhibitionInput,
  type ExhibitionWorksInput,
} from '../../../shared/schemas/exhibition.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidField, notFound } from '../../errors.ts';
import {
  type AuditActor,
  auditEntriesOf,
  recordAudit,
  writePublicContent,
} from '../audit/audit.service.ts';
import { findRoundEntries, listRounds } from '../jury/jury.service.ts';
import { exhibitedWorkOf } from './exhibited-work.ts';
import {
  findApprovedWorks,
  findChosenWorks,
  lockExhibition,
  findCompetitionRow,
  findExhibitionRow,
  insertExhibition,
  replaceExhibitionWorks,
  updateExhibition,
} from './exhibitions.repository.ts';

/*
 * The admin's exhibition of a competition: its text and dates, the works chosen (every approved
 * entry's, the latest round's shortlist, or by hand, always leaving out artists who refused
 * publication), their order, and opening or closing it to the public. Each write is audited.
 */

export const EXHIBITION_NOT_FOUND = 'This competition has no exhibition yet';
export const COMPETITION_NOT_FOUND = 'Competition not found';
export const NO_SHORTLIST = 'This competition has no jury round to take a shortlist from';
export const NO_WORKS = 'Choose at least one work before opening the exhibition';
const audit = auditEntriesOf('exhibition');

type Row = NonNullable<Awaited<ReturnType<typeof findExhibitionRow>>>;

async function requireCompetitionRow(db: Kysely<DB>, competitionId: string) {
  const competition = await findCompetitionRow(db, competitionId);
  if (!competition) throw notFound(COMPETITION_NOT_FOUND);
  return competition;
}

async function requireExhibition(db: Kysely<DB>, competitionId: string): Promise<Row> {
  await requireCompetitionRow(db, competitionId);
  const row = await findExhibitionRow(db, competitionId);
  if (!row) throw notFound(EXHIBITION_NOT_FOUND);
  return row;
}

function adminWorkOf(
  row: Awaited<ReturnType<typeof findApprovedWorks>>[number] & { display_image?: string | null },
  log: Deps['log'],
): AdminExhibitionWork | null {
  const work = exhibitedWorkOf(row, log);
  if (work.consent === 'none') return null;
  return {
    workId: work.workId,
    submissionId: work.submissionId,
    reference: row.reference,
    title: work.title,
    artist: work.fullName,
    consent: work.consent,
    hasDisplayCopy: Boolean(row.display_image),
  };
}

export async function getAdminExhibition(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
): Promise<AdminExhibition> {
  const row = await requireExhibition(deps.db, competitionId);
  const chosen = (await findChosenWorks(deps.db, row.id)).flatMap(
    (w) => adminWorkOf(w, deps.log) ?? [],
  );
  const ids = new Set(chosen.map((w) => w.workId));
  const available = (await findApprovedWorks(deps.db, competitionId)).flatMap((w) => {
    const work = adminWorkOf(w, deps.log);
    return work && !ids.has(work.workId) ? [work] : [];
  });
  return {
    id: row.id,
    competitionId,
    title: row.title,
    introduction: row.introduction,
    openedAt: row.opened_at,
    endsAt: row.ends_at,
    votingOpensAt: row.voting_opens_at,
    votingClosesAt: row.voting_closes_at,
    votesPerVisitor: Number(row.votes_per_visitor),
    works: chosen,
    available,
  };
}

/** Creates the competition's exhibition (not yet open) or changes its text and dates. */
export async function saveExhibition(
  deps: Pick<Deps, 'db' | 'log' | 'clock' | 'contentCache'>,
  competitionId: string,
  body: ExhibitionInput,
  admin: AuditActor,
): Promise<AdminExhibition> {
  const input = ExhibitionInputSchema.parse(body);
  await requireCompetitionRow(deps.db, competitionId);
  const now = deps.clock.now();
  const stamp = now.toISOString();
  const values = {
    title: input.title,
    introduction: input.introduction,
    ends_at: input.endsAt,
    voting_opens_at: input.votingOpensAt,
    voting_closes_at: input.votingClosesAt,
    votes_per_visitor: input.votesPerVisitor,
    updated_at: stamp,
  };
  await writePublicContent(deps, async (trx) => {
    const found = await findExhibitionRow(trx, competitionId);
    const newId = randomUUID();
    const created =
      !found &&
      (await insertExhibition(trx, {
        id: newId,
        competition_id: competitionId,
        opened_at: null,
        created_at: stamp,
        ...values,
      }));
    // Another admin's save may have made it meanwhile: this one then updates theirs.
    const existing = created ? undefined : (found ?? (await findExhibitionRow(trx, competitionId)));
    const id = existing?.id ?? newId;
    if (existing) await updateExhibition(trx, id, values);
    await recordAudit(
      trx,
      audit(admin, existing ? 'exhibition.update' : 'exhibition.create', id, {
        competitionId,
        title: input.title,
      }),
      now,
    );
  });
  return getAdminExhibition(deps, competitionId);
}

/** The work ids the choice names, in order, each allowed once. */
async function chosenWorkIds(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
  input: ExhibitionWorksInput,
): Promise<{ workId: string; submissionId: string }[]> {
  const allowed = new Map(
    (await findApprovedWorks(deps.db, competitionId)).flatMap((w) => {
      const work = adminWorkOf(w, deps.log);
      return work ? [[work.workId, work] as const] : [];
    }),
  );
  let ids: string[];
  if (input.source === 'approved') ids = [...allowed.keys()];
  else if (input.source === 'shortlist') {
    const rounds = await listRounds(deps.db, competitionId);
    const last = rounds.at(-1);
    if (!last) throw new AppError(409, 'NO_SHORTLIST', NO_SHORTLIST);
    ids = (await findRoundEntries(deps.db, last.id)).map((e) => e.work_id);
    ids = ids.filter((id) => allowed.has(id));
  } else {
    ids = input.workIds;
    const bad = ids.findIndex((id, i) => !allowed.has(id) || ids.indexOf(id) !== i);
    if (bad >= 0) throw invalidField(`workIds.${bad}`, EXHIBITION_MESSAGES.workIds);
  }
  return ids.map((workId) => ({ workId, submissionId: allowed.get(workId)!.submissionId }));
}

/** Replaces the chosen works with the choice, in its order (reordering and removing too). */
export async function chooseExhibitionWorks(
  deps: Pick<Deps, 'db' | 'log' | 'clock' | 'contentCache'>,
  competitionId: string,
  input: ExhibitionWorksInput,
  admin: AuditActor,
): Promise<AdminExhibition> {
  const row = await requireExhibition(deps.db, competitionId);
  const works = await chosenWorkIds(deps, competitionId, input);
  const now = deps.clock.now();
  const stamp = now.toISOString();
  await writePublicContent(deps, async (trx) => {
    // Two saves at once would each delete the works and insert theirs: the second would meet
    // the first's rows. Locked, the second replaces the first's choice.
    await lockExhibition(trx, row.id);
    const before = new Map(
      (await findChosenWorks(trx, row.id)).map((w) => [w.work_id, w.display_image]),
    );
    await replaceExhibitionWorks(
      trx,
      row.id,
      works.map((w, i) => ({
        exhibition_id: row.id,
        work_id: w.workId,
        submission_id: w.submissionId,
        position: i + 1,
        // A work kept keeps its display copies.
        display_image: before.get(w.workId) ?? null,
        added_at: stamp,
      })),
    );
    await updateExhibition(trx, row.id, { updated_at: stamp });
    await recordAudit(
      trx,
      audit(admin, 'exhibition.works', row.id, { source: input.source, works: works.length }),
      now,
    );
  });
  return getAdminExhibition(deps, competitionId);
}

/** Opens the exhibition to the public (`open`) or takes it down again. */
export async function setExhibitionOpen(
  deps: Pick<Deps, 'db' | 'log' | 'clock' | 'contentCache'>,
  competitionId: string,
  open: boolean,
  admin: AuditActor,
): Promise<AdminExhibition> {
  const row = await requireExhibition(deps.db, competitionId);
  const now = deps.clock.now();
  await writePublicContent(deps, async (trx) => {
    // Checked under the lock: a choice of no works saved meanwhile must not be opened.
    await lockExhibition(trx, row.id);
    if (open && (await findChosenWorks(trx, row.id)).length === 0) {
      throw new AppError(409, 'NO_WORKS', NO_WORKS);
    }
    await updateExhibition(trx, row.id, {
      opened_at: open ? (row.opened_at ?? now.toISOString()) : null,
      updated_at: now.toISOString(),
    });
    await recordAudit(
      trx,
      audit(admin, open ? 'exhibition.open' : 'exhibition.close', row.id, { competitionId }),
      now,
    );
  });
  return getAdminExhibition(deps, competitionId);
}
