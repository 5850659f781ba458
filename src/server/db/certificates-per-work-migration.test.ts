import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { approvedEntryRow, useMigrationDb } from '../../../tests/setup/migration-db.ts';
import { TEST_ENGINE } from '../../../tests/setup/test-database.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';

/*
 * Certificates per work: each certificate so far is kept as it was (its code, work and file);
 * an entry may then hold one per awarded work, never two for the same work.
 */

const database = useMigrationDb();

const stamp = '2026-11-20T10:00:00.000Z';

describe(`the certificates-per-work migration on ${TEST_ENGINE}`, () => {
  it('keeps each certificate and lets an entry hold one per awarded work', async () => {
    const db = database();
    await migrateUpTo(db, '2026-12-06T0900-redactions-per-work');
    const { competition, submission } = await approvedEntryRow(db);
    const [one, two] = [1, 2].map((position) => ({
      id: position === 1 ? submission.id : randomUUID(),
      submission_id: submission.id,
      position,
      field_values: '{}',
      created_at: stamp,
      updated_at: stamp,
    }));
    await db.insertInto('entry_works').values([one!, two!]).execute();
    const certificate = {
      id: randomUUID(),
      code: 'K7QX-3MPA-9TZD',
      submission_id: submission.id,
      competition_id: competition.id,
      kind: 'merit' as const,
      award: 'First',
      work_id: one!.id,
      outcome: 'award' as const,
      issued_on: '2026-11-20',
      file_key: 'private/certificates/k7qx.pdf',
      file_inputs: 'abc',
      created_at: stamp,
      updated_at: stamp,
    };
    await db.insertInto('certificates').values(certificate).execute();

    await migrateToLatest(db);

    expect(await db.selectFrom('certificates').selectAll().execute()).toEqual([certificate]);
    const second = { ...certificate, id: randomUUID(), code: 'K7QX-3MPA-9TZE', work_id: two!.id };
    await db.insertInto('certificates').values(second).execute();
    const again = { ...second, id: randomUUID(), code: 'K7QX-3MPA-9TZF' };
    await expect(db.insertInto('certificates').values(again).execute()).rejects.toThrow();
    const sameCode = { ...certificate, id: randomUUID(), work_id: null };
    await expect(db.insertInto('certificates').values(sameCode).execute()).rejects.toThrow();
    expect(await db.selectFrom('certificates').select('code').orderBy('code').execute()).toEqual([
      { code: 'K7QX-3MPA-9TZD' },
      { code: 'K7QX-3MPA-9TZE' },
    ]);
  });
});
