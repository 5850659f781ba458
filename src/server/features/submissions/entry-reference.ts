import type { Kysely } from 'kysely';
import { entryReferenceOf, referenceSeriesOf } from '../../../shared/domain/entry-reference.ts';
import type { DB } from '../../db/schema.ts';
import { nextReferenceValue } from './submissions.repository.ts';

/**
 * The next reference of an entry made on `day` ('WS-2026-000123'), taken inside the caller's
 * transaction: registration's, and the demo's entries, from one counter.
 */
export async function takeEntryReference(trx: Kysely<DB>, day: string): Promise<string> {
  const series = referenceSeriesOf(day);
  return entryReferenceOf(series, await nextReferenceValue(trx, series));
}
