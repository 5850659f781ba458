import { randomUUID } from 'node:crypto';
import {
  answerText,
  isFileField,
  type StoredAnswer,
} from '../../../shared/domain/field-answers.ts';
import { chargesFee } from '../../../shared/domain/entry-state.ts';
import type { Kysely } from 'kysely';
import { ageCategoryFor } from '../../../shared/domain/age-category.ts';
import { todayIn } from '../../../shared/domain/competition-status.ts';
import { COMPETITION_NOT_FOUND } from '../../../shared/messages.ts';
import { type FormField, isAskedPerWork } from '../../../shared/schemas/form-field.ts';
import { imagePartOf, PHOTO_PART, workImagePartOf } from '../../../shared/registration-request.ts';
import { needsGuardian, type RegistrationValues } from '../../../shared/schemas/registration.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import {
  CONFIRMATION_KIND,
  confirmationValues,
  queueEmail,
  writeEmail,
} from '../mail/mail.service.ts';
import { claimFiles, type PictureJob, queuePictureJobs } from '../media/media.service.ts';
import { admitEntry } from '../competitions/competitions.service.ts';
import * as pricing from '../codes/codes.service.ts';
import { entryDetails } from './entry-details.ts';
import { receiptOf, type SavedReceipt } from './registration-receipts.ts';
import { isReceivedFile, type ReceivedFile } from './registration-uploads.ts';
import { searchTextOf } from './search-text.ts';
import { takeEntryReference } from './entry-reference.ts';
import { issueEntryLink } from './entry-tokens.ts';
import { insertWorks } from './works.repository.ts';
import {
  findRegistrationTarget,
  findSubmissionByIdempotencyKey,
  insertSubmission,
  lockIdempotencyKey,
  type ReceiptRow,
  type RegistrationTargetRow,
} from './submissions.repository.ts';

/*
 * The write of a registration: the submission, its files' claim, its picture jobs and its
 * confirmation e-mail, in one transaction.
 */

export type Values = RegistrationValues<ReceivedFile>;

/** A registration checked and its files stored, ready to save. */
export interface SubmissionToSave {
  idempotencyKey: string;
  competitionId: string;
  /** The form's fields, in its order. */
  fields: readonly FormField[];
  values: Values;
  fingerprint: string;
  submissionId: string;
  /** The secret of the artist's extension link, if they came with one. */
  extensionToken: string | undefined;
  /** The private key each file part was stored under. */
  keyByPart: ReadonlyMap<string, string>;
  /** Every stored file (the pictures as sent): claimed by the submission. */
  fileKeys: readonly string[];
  /** The pictures to make, after the answer. */
  jobs: readonly PictureJob[];
  pricing: pricing.PricingRequest;
}

/** What the transaction decided: a new submission, or an earlier one holding the key. */
export type Saved = { receipt: SavedReceipt } | { existing: ReceiptRow };

/**
 * The stored dynamic values: text and URLs as given (trimmed), numbers, yes/no and choices as
 * checked, images and documents as the private keys of their parts (`partOf` names a field's part). Empty
 * answers are left out.
 */
function storedFieldValues(
  fields: readonly FormField[],
  answers: Values['fieldValues'],
  partOf: (fieldId: string) => string,
  keyByPart: ReadonlyMap<string, string>,
): Record<string, StoredAnswer> {
  const stored: Record<string, StoredAnswer> = {};
  for (const field of fields) {
    const value = isFileField(field) ? keyByPart.get(partOf(field.id)) : answers[field.id];
    const empty = value === '' || (Array.isArray(value) && value.length === 0);
    const answer = typeof value !== 'object' || Array.isArray(value);
    if (value !== undefined && answer && !empty) stored[field.id] = value;
  }
  return stored;
}

/** The fields the entry answers once; the others each work answers. */
function entryFieldsOf(fields: readonly FormField[]): FormField[] {
  return fields.filter((field) => !isAskedPerWork(field));
}

/** The entry's works as stored: the answers of the fields asked per work. */
function workRowsOf(toSave: SubmissionToSave, stamp: string) {
  const workFields = toSave.fields.filter(isAskedPerWork);
  return toSave.values.works.map((work, index) => ({
    id: randomUUID(),
    submission_id: toSave.submissionId,
    position: index + 1,
    field_values: JSON.stringify(
      storedFieldValues(
        workFields,
        work.fieldValues,
        (id) => workImagePartOf(index, id),
        toSave.keyByPart,
      ),
    ),
    created_at: stamp,
    updated_at: stamp,
  }));
}

/** The submission's row as registration writes it: the server decides its fee and statuses. */
function submissionRowOf(
  toSave: SubmissionToSave,
  competition: RegistrationTargetRow,
  reference: string,
  now: Date,
  extensionId: string | null,
  priced: pricing.PricedEntry,
) {
  const { values, keyByPart } = toSave;
  // The one rule of free and paid: a paid competition without a fee takes free entries.
  const free = !chargesFee({
    entryType: competition.entry_type,
    entryFee: competition.entry_fee,
  });
  const stamp = now.toISOString();
  const minor = needsGuardian(values.age);
  return {
    id: toSave.submissionId,
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
    field_values: JSON.stringify(
      storedFieldValues(entryFieldsOf(toSave.fields), values.fieldValues, imagePartOf, keyByPart),
    ),
    // The form as the artist saw it: its answers are read against these options later.
    form_fields: JSON.stringify(toSave.fields),
    entry_type: free ? ('free' as const) : ('paid' as const),
    ...pricing.priceColumnsOf(priced),
    status: 'pending',
    // Nothing to pay (free, or a code took the whole fee off): received without a checkout.
    payment_status: priced.breakdown.net > 0 ? 'pending' : 'paid',
    idempotency_key: toSave.idempotencyKey,
    idempotency_hash: toSave.fingerprint,
    consent_at: stamp,
    guardian_name: minor ? (values.guardianName ?? null) : null,
    guardian_consent_at: minor ? stamp : null,
    // The choice and the server's time of it, in the entry's own transaction.
    publication_consent: values.publicationConsent,
    publication_consent_at: stamp,
    extension_id: extensionId,
    created_at: stamp,
    updated_at: stamp,
  } as const;
}

/**
 * The submission, its files' claim and its confirmation e-mail, in one transaction. Registration
 * is checked open (or the artist's extension valid) again here, at the moment of writing.
 */
export async function saveSubmission(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'settings' | 'entryTokens'>,
  toSave: SubmissionToSave,
): Promise<Saved> {
  const { idempotencyKey, fields, values, submissionId } = toSave;
  const { timeZone, title: siteTitle } = await deps.settings.getSettings();
  // Made before the transaction: the token's key is read from the database on first use.
  const entryLink = await issueEntryLink(deps, submissionId);
  return deps.db.transaction().execute(async (trx: Kysely<DB>): Promise<Saved> => {
    await lockIdempotencyKey(trx, idempotencyKey);
    const existing = await findSubmissionByIdempotencyKey(trx, idempotencyKey);
    if (existing) return { existing };
    const competition = await findRegistrationTarget(trx, toSave.competitionId, true);
    if (!competition) throw notFound(COMPETITION_NOT_FOUND);
    const now = deps.clock.now();
    const { extensionId } = await admitEntry(
      trx,
      competition.id,
      { timeZone, now },
      { extensionToken: toSave.extensionToken, email: values.email },
    );
    const reference = await takeEntryReference(trx, todayIn(timeZone, now));
    const pricingArgs = { ...toSave.pricing, competitionId: competition.id, email: values.email };
    const priced = await pricing.priceEntry(trx, { ...pricingArgs, now });
    const row = submissionRowOf(toSave, competition, reference, now, extensionId, priced);
    await insertSubmission(trx, {
      ...row,
      search_text: searchTextOf({ fullName: row.full_name, email: row.email, reference }),
    });
    await insertWorks(trx, workRowsOf(toSave, row.created_at));
    await pricing.recordCodeUse(trx, priced, { ...pricingArgs, submissionId, now });
    await claimFiles(trx, toSave.fileKeys);
    await queuePictureJobs(trx, submissionId, toSave.jobs, now);
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
        fields: entryDetails(values, fields, values.works.length, (field, work) => {
          const answers = isAskedPerWork(field)
            ? values.works[work]?.fieldValues
            : values.fieldValues;
          const value = answers?.[field.id];
          // Nothing is attached to the e-mail: the picture was received and is kept for the judges.
          return isReceivedFile(value) ? 'received' : answerText(field, value);
        }),
        entryLink,
      }),
    );
    await queueEmail(trx, { kind: CONFIRMATION_KIND, submissionId, to: row.email, ...email }, now);
    return { receipt: receiptOf(row, competition.id) };
  });
}
