import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { approvedEntryRow, useMigrationDb } from '../../../tests/setup/migration-db.ts';
import { TEST_ENGINE } from '../../../tests/setup/test-database.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';

/*
 * Redactions per work: a redaction an earlier release made names the answer the entry's first
 * work holds when it holds one (a description), else the entry's own (a statement); the key now
 * takes the work, so two works' answers of one field are redacted apart.
 */

const database = useMigrationDb();

const stamp = '2026-11-20T10:00:00.000Z';

describe(`the redactions-per-work migration on ${TEST_ENGINE}`, () => {
  it("moves each redaction onto the first work's answer or the entry's own", async () => {
    const db = database();
    await migrateUpTo(db, '2026-12-05T1400-artwork-originals');
    const { submission } = await approvedEntryRow(db, { field_values: '{"statement":"By Asha."}' });
    await db
      .insertInto('entry_works')
      .values({
        id: submission.id,
        submission_id: submission.id,
        position: 1,
        field_values: '{"description":"Asha at dawn."}',
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the earlier schema's rows
    const old = db as unknown as Kysely<any>;
    for (const [field, text] of [
      ['description', 'At dawn.'],
      ['statement', 'By the artist.'],
    ]) {
      await old
        .insertInto('jury_redactions')
        .values({
          submission_id: submission.id,
          field_id: field,
          jury_text: text,
          redacted_at: stamp,
        })
        .execute();
    }

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('jury_redactions')
      .select(['submission_id', 'work_position', 'field_id', 'jury_text', 'redacted_at'])
      .orderBy('field_id')
      .execute();
    const of = { submission_id: submission.id, redacted_at: stamp };
    expect(rows).toEqual([
      { ...of, work_position: 1, field_id: 'description', jury_text: 'At dawn.' },
      { ...of, work_position: 0, field_id: 'statement', jury_text: 'By the artist.' },
    ]);
    // The second work's description is its own redaction; the same one twice is refused.
    const second = { ...of, work_position: 2, field_id: 'description', jury_text: 'x' };
    await db.insertInto('jury_redactions').values(second).execute();
    await expect(db.insertInto('jury_redactions').values(second).execute()).rejects.toThrow();
    // Deleting the entry takes its redactions with it.
    await db.deleteFrom('entry_works').where('submission_id', '=', submission.id).execute();
    await db.deleteFrom('submissions').where('id', '=', submission.id).execute();
    expect(await db.selectFrom('jury_redactions').selectAll().execute()).toEqual([]);
  });
});
