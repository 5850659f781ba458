import type { Kysely, Updateable } from 'kysely';
import { ageCategoryFor } from '../../../shared/domain/age-category.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import { EDIT_MESSAGES } from '../../../shared/schemas/artist.ts';
import { imagePartOf, workImagePartOf } from '../../../shared/registration-request.ts';
import {
  buildRegistrationSchema,
  checkRegistration,
  needsGuardian,
  type RegistrationValues,
} from '../../../shared/schemas/registration.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidFields, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { parseFormFields } from '../categories/categories.service.ts';
import { findCompetitionMoment } from '../competitions/competitions.service.ts';
import {
  claimFiles,
  discardUnclaimedFiles,
  filesOfPicture,
  queuePictureJobs,
  releaseFiles,
} from '../media/media.service.ts';
import {
  type AnswerFile,
  changedValues,
  type EntryAnswers,
  imagePartsOf,
  isAnswerFile,
  storedAfter,
  type Touched,
} from './my-entry-edit-answers.ts';
import {
  findMyEntryToChange,
  findWorkRows,
  type MyEntryRow,
  updateEntryAnswers,
  updateWorkAnswers,
} from './my-entry-edit.repository.ts';
import { checkPictures, privateFilesOf } from './registration-images.ts';
import type { ReceivedFile } from './registration-uploads.ts';
import { withRequestKeys } from './registration-works.ts';
import { entriesWithJury } from './my-entries.repository.ts';
import { searchTextOf } from './search-text.ts';
import { decodeFieldValues, decodeWorkValues, type EntryLog } from './stored-entry.ts';
import type { SubmissionsTable } from './submissions.tables.ts';

/*
 * The artist corrects their own entry, signed in, until the competition closes: the details they
 * gave (not the e-mail they sign in with), the answers asked once and each work's, and a work's
 * picture. The change is checked with the registration's own schema against the form the entry
 * was made with, and pictures from their bytes as registration checks them. A change to an entry
 * already reviewed is marked, so the admin sees the decision was made on other answers.
 */

/** Said for an entry that is not the signed-in artist's, as for one that does not exist. */
export const MY_ENTRY_NOT_FOUND = 'Entry not found.';

export type EditDeps = Pick<Deps, 'db' | 'log' | 'clock' | 'settings' | 'storage' | 'imageJobs'>;

/**
 * Whether the entry's competition has closed at `now` (a deleted competition takes no change).
 * `timeZone` is the site's, read before any transaction: a settings read inside one would query
 * outside it (see sqlite-kysely.ts).
 */
export async function entryClosed(
  timeZone: string,
  db: Kysely<DB>,
  competitionId: string | null,
  now: Date,
): Promise<boolean> {
  if (competitionId === null) return true;
  const moment = await findCompetitionMoment(db, competitionId, timeZone, now);
  return !moment || now >= moment.closesAt;
}

/**
 * The artist's entry if they may change it now: 404 for another's, 409 once closed, withdrawn or
 * in a round of judging (jurors would see answers their redactions were not made for).
 */
async function requireChangeable(
  deps: EditDeps,
  db: Kysely<DB>,
  row: MyEntryRow | undefined,
  timeZone: string,
) {
  if (!row) throw notFound(MY_ENTRY_NOT_FOUND);
  if (row.withdrawn_at !== null) throw new AppError(409, 'WITHDRAWN', EDIT_MESSAGES.withdrawn);
  if (await entryClosed(timeZone, db, row.competition_id, deps.clock.now())) {
    throw new AppError(409, 'ENTRIES_CLOSED', EDIT_MESSAGES.closed);
  }
  if ((await entriesWithJury(db, [row.id])).has(row.id)) {
    throw new AppError(409, 'WITH_JURY', EDIT_MESSAGES.withJury);
  }
  return row;
}

/** The entry's form and answers, its own and each work's. */
async function answersOf(db: Kysely<DB>, row: MyEntryRow, log: EntryLog): Promise<EntryAnswers> {
  const fields: FormField[] = row.form_fields === null ? [] : parseFormFields(row.form_fields);
  const works = await findWorkRows(db, row.id);
  return {
    fields,
    own: decodeFieldValues(row, log),
    works: works.map((work) => ({ id: work.id, values: decodeWorkValues(work, log) })),
  };
}

/** A change whose entry was found changeable before its files were read. */
export interface OpenedChange {
  submissionId: string;
  email: string;
  fields: FormField[];
  fileParts: Set<string>;
  minLongSide: number | null;
}

/** The first checks, before any file is read: the artist's entry, open to change. */
export async function openMyEntryChange(
  deps: EditDeps,
  email: string,
  submissionId: string,
): Promise<OpenedChange> {
  const { timeZone } = await deps.settings.getSettings();
  const row = await requireChangeable(
    deps,
    deps.db,
    await findMyEntryToChange(deps.db, submissionId, email),
    timeZone,
  );
  const answers = await answersOf(deps.db, row, deps.log);
  return {
    submissionId,
    email,
    fields: [...answers.fields],
    fileParts: imagePartsOf(answers.fields, answers.works.length),
    minLongSide: row.min_artwork_long_side,
  };
}

/** The details' columns that change, and the names of the details that did. */
function detailChanges(
  row: MyEntryRow,
  data: RegistrationValues<AnswerFile>,
  touched: Touched,
  stamp: string,
) {
  const set: Updateable<SubmissionsTable> = {};
  const changed: string[] = [];
  const columns = [
    ['fullName', 'full_name'],
    ['age', 'age'],
    ['gender', 'gender'],
    ['phone', 'phone'],
    ['address', 'address'],
    ['pincode', 'pincode'],
  ] as const;
  for (const [key, column] of columns) {
    if (!touched.details.has(key) || data[key] === row[column]) continue;
    Object.assign(set, { [column]: data[key] });
    changed.push(key);
  }
  if (set.age !== undefined) set.age_category = ageCategoryFor(data.age) as string;
  const guardianName = needsGuardian(data.age) ? (data.guardianName ?? null) : null;
  if (guardianName !== row.guardian_name) {
    set.guardian_name = guardianName;
    changed.push('guardianName');
  }
  if ((guardianName === null) !== (row.guardian_consent_at === null)) {
    set.guardian_consent_at = guardianName === null ? null : stamp;
  }
  return { set, changed };
}

/**
 * Changes the artist's entry, its new pictures already streamed to storage as unclaimed: checks
 * the whole entry as changed with the registration schema (400 naming the fields, nothing
 * written), the pictures from their bytes, then writes the answers, claims the pictures and
 * queues their jobs in one transaction, audited. Unless it commits, the new files are removed.
 */
export async function changeMyEntry(
  deps: EditDeps,
  opened: OpenedChange,
  data: Record<string, unknown>,
  files: readonly ReceivedFile[],
): Promise<void> {
  const fileKeys = files.map((file) => file.storedKey);
  let committed = false;
  try {
    const pictures = await checkPictures(files, opened.minLongSide).catch((error: unknown) => {
      throw withRequestKeys(error, false);
    });
    const { jobs, keyByPart } = privateFilesOf(pictures);
    const { timeZone } = await deps.settings.getSettings();
    const released = await deps.db.transaction().execute(async (trx: Kysely<DB>) => {
      const row = await requireChangeable(
        deps,
        trx,
        await findMyEntryToChange(trx, opened.submissionId, opened.email, true),
        timeZone,
      );
      const answers = await answersOf(trx, row, deps.log);
      const { values, touched } = changedValues(row, answers, data, files);
      const count = answers.works.length;
      const schema = buildRegistrationSchema(answers.fields, isAnswerFile, {
        min: count,
        max: count,
      });
      const checked = checkRegistration(schema, values);
      if (!checked.success) throw invalidFields(checked.fields);
      const now = deps.clock.now();
      const stamp = now.toISOString();
      const { set, changed } = detailChanges(row, checked.data, touched, stamp);
      const own = storedAfter(answers.own, checked.data.fieldValues, touched.own, (id) =>
        keyByPart.get(imagePartOf(id)),
      );
      const replaced = own.changed.flatMap((id) => oldFile(answers.fields, answers.own, id));
      if (own.changed.length > 0) set.field_values = JSON.stringify(own.values);
      changed.push(...own.changed.map((id) => `fieldValues.${id}`));
      for (const [index, ids] of touched.works) {
        const work = answers.works[index];
        if (!work) continue;
        const checkedWork = checked.data.works[index]?.fieldValues ?? {};
        const after = storedAfter(work.values, checkedWork, ids, (id) =>
          keyByPart.get(workImagePartOf(index, id)),
        );
        if (after.changed.length === 0) continue;
        await updateWorkAnswers(trx, work.id, JSON.stringify(after.values), stamp);
        replaced.push(...after.changed.flatMap((id) => oldFile(answers.fields, work.values, id)));
        changed.push(...after.changed.map((id) => `works.${index}.fieldValues.${id}`));
      }
      // Nothing differs: nothing is written, and a picture sent goes (it is still unclaimed).
      if (changed.length === 0) return undefined;
      if (set.full_name !== undefined) {
        set.search_text = searchTextOf({
          fullName: set.full_name,
          email: row.email,
          reference: row.reference,
        });
      }
      // A decision made on the answers as they were: the admin is shown they changed since.
      if (row.status !== 'pending') set.changed_after_review_at = stamp;
      await updateEntryAnswers(trx, row.id, { ...set, updated_at: stamp });
      await claimFiles(trx, fileKeys);
      await queuePictureJobs(trx, row.id, jobs, now);
      await releaseFiles(trx, replaced);
      await recordAudit(
        trx,
        {
          adminUserId: null,
          actor: 'artist',
          action: 'submission.artist-change',
          entityType: 'submission',
          entityId: row.id,
          // What changed, never the answers themselves.
          details: { reference: row.reference, fields: changed },
        },
        now,
      );
      return replaced;
    });
    if (!released) return;
    committed = true;
    if (jobs.length > 0) deps.imageJobs.wake();
    // Listed again in the transaction, so the sweeper takes them if this fails.
    await discardUnclaimedFiles(deps, released);
  } finally {
    if (!committed) await discardUnclaimedFiles(deps, fileKeys);
  }
}

/** The stored files of a picture answer being replaced. */
function oldFile(fields: readonly FormField[], values: Record<string, unknown>, id: string) {
  const field = fields.find((f) => f.id === id);
  const key = values[id];
  return field?.type === 'image' && typeof key === 'string' ? filesOfPicture(key) : [];
}
