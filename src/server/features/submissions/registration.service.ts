import { randomUUID } from 'node:crypto';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import type { RegistrationForm } from '../../../shared/schemas/registration-form.ts';
import { COMPETITION_NOT_FOUND } from '../../../shared/messages.ts';
import {
  buildRegistrationSchema,
  checkRegistration,
  missingRequiredFields,
} from '../../../shared/schemas/registration.ts';
import { isRecordId } from '../../db/record-id.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidFields, notFound } from '../../errors.ts';
import { parseFormFields } from '../categories/categories.service.ts';
import { discardUnclaimedFiles } from '../media/media.service.ts';
import { addDocumentFiles, takeDocuments } from './registration-documents.ts';
import { checkPictures, privateFilesOf } from './registration-images.ts';
import { isReceivedFile, type ReceivedFile } from './registration-uploads.ts';
import {
  filePartsOf,
  requestKeys,
  sendsWorks,
  valuesWithFiles,
  withRequestKeys,
} from './registration-works.ts';
import {
  answerExisting,
  fingerprintOf,
  type RegistrationOutcome,
} from './registration-receipts.ts';
import { admitEntry } from '../competitions/competitions.service.ts';
import { pricingRequestOf } from '../codes/codes.service.ts';
import { REGISTRATION_REFUSALS } from './registration-refusals.ts';
import { type Saved, saveSubmission } from './registration-save.ts';
import {
  findRegistrationTarget,
  findSubmissionByIdempotencyKey,
  type RegistrationTargetRow,
} from './submissions.repository.ts';

/*
 * An artist's registration, from the parsed request to the committed submission, its files and
 * its confirmation e-mail. The server decides everything that matters (age category, fee, payment
 * status, category, reference) and ignores what the browser sent for it; the form's own values
 * are checked with the shared schema built from the category's fields.
 */

/** The registration form of a competition: GET /api/competitions/:id/registration-form. */
export async function findRegistrationForm(
  deps: Pick<Deps, 'db' | 'competitions'>,
  competitionId: string,
): Promise<RegistrationForm> {
  const found = isRecordId(competitionId)
    ? await deps.competitions.findPublic(competitionId)
    : undefined;
  const target = found && (await findRegistrationTarget(deps.db, competitionId));
  if (!found || !target) throw notFound(COMPETITION_NOT_FOUND);
  return { competition: found.competition, formFields: enabledFields(target) };
}

/** The category's enabled fields, in the category's order: the ones the form asks. */
function enabledFields(target: RegistrationTargetRow): FormField[] {
  return parseFormFields(target.form_fields).filter((field) => field.enabled);
}

/** A registration whose `data` has been read: its competition and the form it is checked with. */
export interface OpenedRegistration {
  idempotencyKey: string;
  data: Record<string, unknown>;
  competition: RegistrationTargetRow;
  fields: FormField[];
  /** The secret of the artist's extension link, when they came with one (decision 021). */
  extensionToken: string | undefined;
  /** The file parts the form takes: `photo` and each image field's (registration-works.ts). */
  fileParts: Set<string>;
  /** Chosen before the files arrive: they are streamed to storage under its folder. */
  submissionId: string;
}

/**
 * The first checks, made on `data` before any file is read: the honeypot, the seed's missing
 * fields, the competition (404, a draft too) and, unless this key already has a submission to
 * answer with, that it takes entries (409), or the artist's extension lets them in (403 when it
 * does not). Nothing is written.
 */
export async function openRegistration(
  deps: Pick<Deps, 'db' | 'settings' | 'clock'>,
  idempotencyKey: string,
  data: Record<string, unknown>,
  extensionToken?: string,
): Promise<OpenedRegistration> {
  // A person never sees the honeypot field; only a bot fills it. The answer says no more.
  if (typeof data.website === 'string' && data.website !== '') {
    throw new AppError(400, 'VALIDATION_ERROR', REGISTRATION_REFUSALS.notAccepted);
  }
  // Seed §5: 'Missing required fields' names the keys left out; a name given empty is the form's
  // own 'Full name is required', like every other field.
  const given = (key: string) => (data[key] === undefined || data[key] === null ? undefined : '-');
  const missing = missingRequiredFields({
    competitionId: given('competitionId'),
    fullName: given('fullName'),
  });
  if (missing) throw new AppError(400, 'MISSING_FIELDS', missing);
  const competitionId = data.competitionId;
  const competition =
    typeof competitionId === 'string' && isRecordId(competitionId)
      ? await findRegistrationTarget(deps.db, competitionId)
      : undefined;
  if (!competition) throw notFound(COMPETITION_NOT_FOUND);
  const { timeZone } = await deps.settings.getSettings();
  // A retry of a registration made just before the deadline still gets its receipt after it.
  if (!(await findSubmissionByIdempotencyKey(deps.db, idempotencyKey))) {
    await admitEntry(
      deps.db,
      competition.id,
      { timeZone, now: deps.clock.now() },
      { extensionToken, email: data.email },
    );
  }
  const fields = enabledFields(competition);
  const fileParts = filePartsOf(fields, data);
  const submissionId = randomUUID();
  return { idempotencyKey, data, competition, fields, extensionToken, fileParts, submissionId };
}

/**
 * Registers the entry, its files already streamed to storage as unclaimed (registration-uploads.ts):
 * answers an earlier request with the same key (before any image work), checks the values with the
 * shared schema, checks the pictures and documents from what was seen of their bytes, then saves
 * the submission and its picture jobs in one transaction. Unless that transaction commits, the
 * files and their rows are removed; when another request with the same key won the race, its
 * answer is given (or 409 for another body).
 */
export async function registerEntry(
  deps: Parameters<typeof registerStoredEntry>[0],
  opened: OpenedRegistration,
  files: readonly ReceivedFile[],
): Promise<RegistrationOutcome> {
  const fileKeys = files.map((file) => file.storedKey);
  let outcome: RegistrationOutcome | undefined;
  try {
    outcome = await registerStoredEntry(deps, opened, files);
    return outcome;
  } finally {
    if (outcome?.replayed !== false) await discardUnclaimedFiles(deps, fileKeys);
  }
}

async function registerStoredEntry(
  deps: Pick<
    Deps,
    | 'db'
    | 'storage'
    | 'log'
    | 'clock'
    | 'config'
    | 'settings'
    | 'entryTokens'
    | 'outbox'
    | 'imageJobs'
  >,
  opened: OpenedRegistration,
  files: readonly ReceivedFile[],
): Promise<RegistrationOutcome> {
  const { idempotencyKey, data } = opened;
  const competitionId = opened.competition.id;
  const fingerprint = fingerprintOf(data, files);
  const earlier = await findSubmissionByIdempotencyKey(deps.db, idempotencyKey);
  if (earlier) return answerExisting(earlier, fingerprint, competitionId);

  const { competition, fields } = opened;
  const legacy = !sendsWorks(data);
  const range = { min: competition.min_works, max: competition.max_works };
  const schema = buildRegistrationSchema(fields, isReceivedFile, range);
  const { values, canonical } = valuesWithFiles(data, files, fields);
  const checked = checkRegistration(schema, values);
  if (!checked.success) throw invalidFields(requestKeys(checked.fields, legacy));
  const pricing = pricingRequestOf(data);

  const { documents, pictures: pictureParts } = (() => {
    try {
      return takeDocuments(canonical, fields);
    } catch (error) {
      throw withRequestKeys(error, legacy);
    }
  })();
  const pictures = await checkPictures(
    pictureParts,
    opened.competition.min_artwork_long_side,
  ).catch((error: unknown) => {
    throw withRequestKeys(error, legacy);
  });
  const { submissionId } = opened;
  const { jobs, keyByPart } = privateFilesOf(pictures);
  addDocumentFiles(documents, keyByPart);
  const fileKeys = files.map((file) => file.storedKey);
  let saved: Saved;
  try {
    saved = await saveSubmission(deps, {
      idempotencyKey,
      competitionId,
      fields: opened.fields,
      values: checked.data,
      fingerprint,
      submissionId,
      extensionToken: opened.extensionToken,
      keyByPart,
      fileKeys,
      jobs,
      pricing,
    });
  } catch (error) {
    // A unique key taken by a request that committed between our checks: its answer.
    const winner = await findSubmissionByIdempotencyKey(deps.db, idempotencyKey).catch(
      () => undefined,
    );
    if (winner) return answerExisting(winner, fingerprint, competitionId);
    throw error;
  }
  if ('existing' in saved) {
    return answerExisting(saved.existing, fingerprint, competitionId);
  }
  // The confirmation goes out and the pictures are made now, not at the workers' next rounds.
  deps.outbox.wake();
  deps.imageJobs.wake();
  return { receipt: saved.receipt, replayed: false };
}
