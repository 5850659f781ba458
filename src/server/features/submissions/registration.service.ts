import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ageCategoryFor } from '../../../shared/domain/age-category.ts';
import { formatCalendarDate } from '../../../shared/domain/calendar-date.ts';
import { competitionStatus, todayIn } from '../../../shared/domain/competition-status.ts';
import { entryReferenceOf, referenceSeriesOf } from '../../../shared/domain/entry-reference.ts';
import type { PublicCompetition } from '../../../shared/schemas/competition.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import { COMPETITION_NOT_FOUND } from '../../../shared/messages.ts';
import {
  fieldIdOfImagePart,
  imagePartOf,
  PHOTO_PART,
} from '../../../shared/registration-request.ts';
import {
  buildRegistrationSchema,
  checkRegistration,
  missingRequiredFields,
  needsGuardian,
  type RegistrationReceipt,
  type RegistrationValues,
} from '../../../shared/schemas/registration.ts';
import { isRecordId } from '../../db/record-id.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, invalidFields, notFound } from '../../errors.ts';
import { parseFormFields } from '../categories/categories.service.ts';
import { queueEmail } from '../mail/outbox.service.ts';
import { writeEmail } from '../mail/email-templates.service.ts';
import { CONFIRMATION_KIND, confirmationValues } from '../mail/registration-confirmation.ts';
import {
  claimFiles,
  discardUnclaimedFiles,
  storeUnclaimedFiles,
} from '../media/unclaimed-files.ts';
import { hasRateLimitHit, type RateLimit, takeRateLimitHit } from '../rate-limits/rate-limit.ts';
import {
  findRegistrationTarget,
  findSubmissionByIdempotencyKey,
  insertSubmission,
  lockIdempotencyKey,
  nextReferenceValue,
  type ReceiptRow,
  type RegistrationTargetRow,
} from './submissions.repository.ts';
import { searchTextOf } from '../review/search-text.ts';
import { entryDetails } from './entry-details.ts';
import { entryLinkOf } from './entry-tokens.ts';
import { prepareImages, privateFilesOf, type ReceivedFile } from './registration-images.ts';

/*
 * Issue 12 items 4-6, 9-11: an artist's registration, from the parsed request to the committed
 * submission, its files and its confirmation e-mail. The server decides everything that matters
 * (age category, fee, payment status, category, reference) and ignores what the browser sent for
 * it; the form's own values are checked with the shared schema built from the category's fields.
 */

/** The messages of registration's refusals. */
export const REGISTRATION_REFUSALS = {
  notAccepted: 'Your registration could not be accepted.',
  closed: 'Registration for this competition has closed.',
  opensOn: (date: string) => `Registration opens on ${date}.`,
  keyRequired:
    'Send an Idempotency-Key header of 8 to 100 letters, digits, hyphens or underscores, the same for every retry of one registration.',
  keyReused:
    'This Idempotency-Key was already used for a registration with other details. Send a new key for a new registration.',
  rateLimited: (minutes: number) =>
    `Too many registrations from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** Issue 12 item 11: at most 10 registration attempts per address in 10 minutes. */
export const REGISTRATION_LIMIT: RateLimit = {
  scope: 'registration',
  max: 10,
  windowMs: 10 * 60 * 1000,
  message: REGISTRATION_REFUSALS.rateLimited,
};

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

type Values = RegistrationValues<Buffer>;

/** The registration form of a competition: GET /api/competitions/:id/registration-form. */
export async function findRegistrationForm(
  app: FastifyInstance,
  competitionId: string,
): Promise<{ competition: PublicCompetition; formFields: FormField[] }> {
  const found = isRecordId(competitionId)
    ? await app.deps.competitions.findPublic(competitionId)
    : undefined;
  const target = found && (await findRegistrationTarget(app.deps.db, competitionId));
  if (!found || !target) throw notFound(COMPETITION_NOT_FOUND);
  return { competition: found.competition, formFields: enabledFields(target) };
}

/** The category's enabled fields, in the category's order: the ones the form asks. */
function enabledFields(target: RegistrationTargetRow): FormField[] {
  return parseFormFields(target.form_fields).filter((field) => field.enabled);
}

/** The Idempotency-Key header, or 400 IDEMPOTENCY_KEY_REQUIRED. */
export function requireIdempotencyKey(header: string | string[] | undefined): string {
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new AppError(400, 'IDEMPOTENCY_KEY_REQUIRED', REGISTRATION_REFUSALS.keyRequired);
  }
  return header;
}

/**
 * Counts the attempt against the address's limit. Every attempt that may read and decode images
 * counts, a retry with the same key too, so one key cannot carry a flood of failing requests. Once
 * the key's registration is saved, a retry is answered from it with no image work: it counts
 * once, and gets its receipt even at the limit, until the key has been sent with other details
 * (409, see countReusedKey); from then on each attempt with it counts.
 */
export async function countRegistrationAttempt(
  app: FastifyInstance,
  address: string,
  idempotencyKey: string,
): Promise<void> {
  const db = app.deps.db;
  const saved = await findSubmissionByIdempotencyKey(db, idempotencyKey);
  const misused =
    saved &&
    (await hasRateLimitHit(db, REGISTRATION_LIMIT, address, reusedKeyAttempt(idempotencyKey)));
  const repeats = saved && !misused ? 'once' : 'each';
  await takeRateLimitHit(db, REGISTRATION_LIMIT, address, idempotencyKey, undefined, repeats);
}

const reusedKeyAttempt = (idempotencyKey: string) => `${idempotencyKey}#reused`;

/**
 * A saved key sent with other details (409) is marked misused, which counts once here; from then
 * on countRegistrationAttempt counts every request with it, since each was read and hashed in
 * full, megabytes of it, only to be refused.
 */
export async function countReusedKey(
  app: FastifyInstance,
  address: string,
  idempotencyKey: string,
): Promise<void> {
  const attempt = reusedKeyAttempt(idempotencyKey);
  await takeRateLimitHit(app.deps.db, REGISTRATION_LIMIT, address, attempt);
}

/** A registration whose `data` has been read: its competition and the form it is checked with. */
export interface OpenedRegistration {
  idempotencyKey: string;
  data: Record<string, unknown>;
  competition: RegistrationTargetRow;
  fields: FormField[];
  /** The file parts the form takes: `photo` and `fieldValues.<id>` of each image field. */
  fileParts: Set<string>;
}

/** 409 COMPETITION_NOT_OPEN unless registration is open at `now` in the site time zone. */
function refuseUnlessOpen(competition: RegistrationTargetRow, timeZone: string, now: Date): void {
  const dates = { startDate: competition.start_date, endDate: competition.end_date };
  const status = competitionStatus(dates, todayIn(timeZone, now));
  if (status === 'open') return;
  const message =
    status === 'closed'
      ? REGISTRATION_REFUSALS.closed
      : REGISTRATION_REFUSALS.opensOn(formatCalendarDate(competition.start_date));
  throw new AppError(409, 'COMPETITION_NOT_OPEN', message);
}

/**
 * The first checks, made on `data` before any file is read: the honeypot, the seed's missing
 * fields, the competition (404) and, unless this key already has a submission to answer with,
 * that it is open (409). Nothing is written.
 */
export async function openRegistration(
  app: FastifyInstance,
  idempotencyKey: string,
  data: Record<string, unknown>,
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
      ? await findRegistrationTarget(app.deps.db, competitionId)
      : undefined;
  if (!competition) throw notFound(COMPETITION_NOT_FOUND);
  const { timeZone } = await app.deps.settings.getSettings();
  // A retry of a registration made just before the deadline still gets its receipt after it.
  if (!(await findSubmissionByIdempotencyKey(app.deps.db, idempotencyKey))) {
    refuseUnlessOpen(competition, timeZone, new Date());
  }
  const fields = enabledFields(competition);
  const fileParts = new Set([
    PHOTO_PART,
    ...fields.filter((f) => f.type === 'image').map((f) => imagePartOf(f.id)),
  ]);
  return { idempotencyKey, data, competition, fields, fileParts };
}

/** JSON with every object's keys sorted: the same values give the same text however ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** What an idempotency key was used with: the canonical `data` and each file's hash, in order. */
function fingerprintOf(data: Record<string, unknown>, files: readonly ReceivedFile[]): string {
  const hash = createHash('sha256').update(canonicalJson(data));
  for (const file of files) hash.update(`\n${file.name}:${sha256(file.data)}`);
  return hash.digest('hex');
}

/**
 * The receipt of a submission as it was created: status and payment status as registration set
 * them (seed §4), so a repeated request is answered with the very same body.
 */
/** The receipt as saved; the route adds the entry token, dated from the registration. */
type SavedReceipt = Omit<RegistrationReceipt, 'entryToken'>;

function receiptOf(row: ReceiptRow, competitionId: string): SavedReceipt {
  return {
    id: row.id,
    reference: row.reference,
    competition: { id: row.competition_id ?? competitionId, title: row.competition_title },
    entryType: row.entry_type,
    entryFee: row.entry_fee,
    status: 'pending',
    paymentStatus: row.entry_type === 'free' ? 'paid' : 'pending',
    email: row.email,
    createdAt: row.created_at,
  };
}

export interface RegistrationOutcome {
  receipt: SavedReceipt;
  /** True when the answer is that of an earlier request with the same key and body. */
  replayed: boolean;
}

/** An earlier submission with the key: its receipt for the same request, else 409. */
function answerExisting(
  existing: ReceiptRow,
  fingerprint: string,
  competitionId: string,
): RegistrationOutcome {
  if (existing.idempotency_hash !== fingerprint) {
    throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', REGISTRATION_REFUSALS.keyReused);
  }
  return { receipt: receiptOf(existing, competitionId), replayed: true };
}

/** The values to check: `data` with the files put in (`photo`, `fieldValues.<id>`). */
function valuesWithFiles(data: Record<string, unknown>, files: readonly ReceivedFile[]) {
  const values: Record<string, unknown> = { ...data };
  const given = data.fieldValues;
  // Anything but an object stays as sent, for the schema to refuse.
  if (
    given === undefined ||
    (given !== null && typeof given === 'object' && !Array.isArray(given))
  ) {
    values.fieldValues = { ...(given as object | undefined) };
  }
  for (const file of files) {
    if (file.name === PHOTO_PART) values.photo = file.data;
    else if (values.fieldValues !== null && typeof values.fieldValues === 'object') {
      (values.fieldValues as Record<string, unknown>)[fieldIdOfImagePart(file.name)] = file.data;
    }
  }
  return values;
}

/** The stored dynamic values: text and URLs as given (trimmed), images as their private keys. */
function storedFieldValues(
  fields: readonly FormField[],
  values: Values,
  keyByPart: Map<string, string>,
): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const field of fields) {
    const value =
      field.type === 'image' ? keyByPart.get(imagePartOf(field.id)) : values.fieldValues[field.id];
    if (typeof value === 'string' && value !== '') stored[field.id] = value;
  }
  return stored;
}

/** What the transaction decided: a new submission, or an earlier one holding the key. */
type Saved = { receipt: SavedReceipt } | { existing: ReceiptRow };

/**
 * The submission, its files' claim and its confirmation e-mail, in one transaction. Registration
 * is checked open again here, at the moment of writing, in the site time zone.
 */
async function saveSubmission(
  app: FastifyInstance,
  opened: OpenedRegistration,
  values: Values,
  fingerprint: string,
  submissionId: string,
  keyByPart: Map<string, string>,
  fileKeys: readonly string[],
): Promise<Saved> {
  const { idempotencyKey, fields } = opened;
  const { timeZone, title: siteTitle } = await app.deps.settings.getSettings();
  // Made before the transaction: the token's key is read from the database on first use.
  const entryLink = entryLinkOf(
    app.deps.config.publicUrl,
    await app.deps.entryTokens.issue(submissionId),
  );
  return app.deps.db.transaction().execute(async (trx: Kysely<DB>): Promise<Saved> => {
    await lockIdempotencyKey(trx, idempotencyKey);
    const existing = await findSubmissionByIdempotencyKey(trx, idempotencyKey);
    if (existing) return { existing };
    const competition = await findRegistrationTarget(trx, opened.competition.id, true);
    if (!competition) throw notFound(COMPETITION_NOT_FOUND);
    const now = new Date();
    refuseUnlessOpen(competition, timeZone, now);
    const series = referenceSeriesOf(todayIn(timeZone, now));
    const counter = await nextReferenceValue(trx, series);
    const reference = entryReferenceOf(series, counter);
    const free = competition.entry_type === 'free';
    const stamp = now.toISOString();
    const minor = needsGuardian(values.age);
    const row = {
      id: submissionId,
      reference,
      competition_id: competition.id,
      competition_title: competition.title,
      category_id: competition.category_id,
      subcategory_id: competition.subcategory_id,
      full_name: values.fullName,
      age: values.age,
      age_category: ageCategoryFor(values.age) as string,
      gender: values.gender,
      email: values.email,
      phone: values.phone,
      address: values.address,
      pincode: values.pincode,
      photo_key: keyByPart.get(PHOTO_PART) as string,
      field_values: JSON.stringify(storedFieldValues(fields, values, keyByPart)),
      entry_type: competition.entry_type,
      entry_fee: free ? 0 : competition.entry_fee,
      status: 'pending',
      payment_status: free ? 'paid' : 'pending',
      idempotency_key: idempotencyKey,
      idempotency_hash: fingerprint,
      consent_at: stamp,
      guardian_name: minor ? (values.guardianName ?? null) : null,
      guardian_consent_at: minor ? stamp : null,
      created_at: stamp,
      updated_at: stamp,
    } as const;
    await insertSubmission(trx, {
      ...row,
      search_text: searchTextOf({ fullName: row.full_name, email: row.email, reference }),
    });
    await claimFiles(trx, fileKeys);
    const email = await writeEmail(
      trx,
      CONFIRMATION_KIND,
      confirmationValues({
        siteTitle,
        reference,
        fullName: row.full_name,
        competitionTitle: row.competition_title,
        entryType: row.entry_type,
        entryFee: row.entry_fee,
        paymentStatus: row.payment_status,
        fields: entryDetails(values, fields, (field) => {
          const value = values.fieldValues[field.id];
          // Nothing is attached to the e-mail: the picture was received and is kept for the judges.
          return Buffer.isBuffer(value) ? 'received' : value;
        }),
        entryLink,
      }),
    );
    await queueEmail(trx, { kind: CONFIRMATION_KIND, submissionId, to: row.email, ...email }, now);
    return { receipt: receiptOf(row, competition.id) };
  });
}

/**
 * Registers the entry: answers an earlier request with the same key (before any image work),
 * checks the values with the shared schema, checks and re-encodes the images, writes them as
 * unclaimed private files, then saves the submission in one transaction. When that transaction
 * does not commit, the files and their rows are removed; when another request with the same key
 * won the race, its answer is given (or 409 for another body).
 */
export async function registerEntry(
  app: FastifyInstance,
  opened: OpenedRegistration,
  files: readonly ReceivedFile[],
): Promise<RegistrationOutcome> {
  const { idempotencyKey, data } = opened;
  const competitionId = opened.competition.id;
  const fingerprint = fingerprintOf(data, files);
  const earlier = await findSubmissionByIdempotencyKey(app.deps.db, idempotencyKey);
  if (earlier) return answerExisting(earlier, fingerprint, competitionId);

  const schema = buildRegistrationSchema(opened.fields, Buffer.isBuffer);
  const checked = checkRegistration(schema, valuesWithFiles(data, files));
  if (!checked.success) throw invalidFields(checked.fields);

  const images = await prepareImages(files);
  const submissionId = randomUUID();
  const { files: toStore, keyByPart } = privateFilesOf(submissionId, images);
  const fileKeys = toStore.map((file) => file.key);
  await storeUnclaimedFiles(app.deps, toStore);
  let saved: Saved;
  try {
    saved = await saveSubmission(
      app,
      opened,
      checked.data,
      fingerprint,
      submissionId,
      keyByPart,
      fileKeys,
    );
  } catch (error) {
    await discardUnclaimedFiles(app.deps, fileKeys);
    // A unique key taken by a request that committed between our checks: its answer.
    const winner = await findSubmissionByIdempotencyKey(app.deps.db, idempotencyKey).catch(
      () => undefined,
    );
    if (winner) return answerExisting(winner, fingerprint, competitionId);
    throw error;
  }
  if ('existing' in saved) {
    await discardUnclaimedFiles(app.deps, fileKeys);
    return answerExisting(saved.existing, fingerprint, competitionId);
  }
  // The confirmation goes out now rather than at the worker's next round.
  app.deps.outbox.wake();
  return { receipt: saved.receipt, replayed: false };
}
