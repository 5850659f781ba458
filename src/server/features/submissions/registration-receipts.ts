import { chargesFee } from '../../../shared/domain/entry-state.ts';
import { createHash } from 'node:crypto';
import type { RegistrationReceipt } from '../../../shared/schemas/registration.ts';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from './registration-images.ts';
import { REGISTRATION_REFUSALS } from './registration-refusals.ts';
import type { ReceiptRow } from './submissions.repository.ts';

/*
 * One registration per idempotency key: what the key was first used with (its fingerprint), and
 * the receipt every repeat of that request is answered with.
 */

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

/** What an idempotency key was used with: the canonical `data` and each file's hash, in order. */
export function fingerprintOf(
  data: Record<string, unknown>,
  files: readonly ReceivedFile[],
): string {
  const hash = createHash('sha256').update(canonicalJson(data));
  for (const file of files) hash.update(`\n${file.name}:${file.sniffed.sha256}`);
  return hash.digest('hex');
}

/**
 * The receipt of a submission as it was created: status and payment status as registration set
 * them (seed §4), so a repeated request is answered with the very same body. The route adds the
 * entry token, dated from the registration.
 */
export type SavedReceipt = Omit<RegistrationReceipt, 'entryToken'>;

export function receiptOf(row: ReceiptRow, competitionId: string): SavedReceipt {
  return {
    id: row.id,
    reference: row.reference,
    competition: { id: row.competition_id ?? competitionId, title: row.competition_title },
    entryType: row.entry_type,
    entryFee: row.entry_fee,
    status: 'pending',
    // A free entry is saved paid; one that charges a fee waits for it.
    paymentStatus: chargesFee({ entryType: row.entry_type, entryFee: row.entry_fee })
      ? 'pending'
      : 'paid',
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
export function answerExisting(
  existing: ReceiptRow,
  fingerprint: string,
  competitionId: string,
): RegistrationOutcome {
  if (existing.idempotency_hash !== fingerprint) {
    throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', REGISTRATION_REFUSALS.keyReused);
  }
  return { receipt: receiptOf(existing, competitionId), replayed: true };
}
