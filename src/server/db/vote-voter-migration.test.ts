import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMigrationDb } from '../../../tests/setup/migration-db.ts';
import { TEST_ENGINE } from '../../../tests/setup/test-database.ts';
import { serverKey } from '../features/submissions/submissions.service.ts';
import { VOTER_KEY, voterPseudonymOf } from '../features/votes/voter-identity.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';

/*
 * Votes an earlier release stored under the voter's address are stored under the keyed hash the
 * server now makes of the same voter, so their voters still cannot vote twice.
 */

const db = useMigrationDb();
const stamp = '2026-12-15T10:00:00.000Z';

describe(`votes stored under their voter's address (${TEST_ENGINE})`, () => {
  it('are stored under the voter’s keyed hash, the address left for the admin', async () => {
    await migrateUpTo(db(), '2026-12-15T1000-votes');
    const competitionId = randomUUID();
    const vote = {
      competition_id: competitionId,
      work_id: randomUUID(),
      submission_id: randomUUID(),
      voter: 'kiran@example.org',
      email: 'kiran+art@example.org',
      domain: 'example.org',
      address_tag: '0123456789ab',
      slot: 1,
      cast_at: stamp,
    };
    await db()
      .insertInto('votes')
      .values([
        { ...vote, id: randomUUID() },
        { ...vote, id: randomUUID(), work_id: randomUUID(), slot: 2 },
      ])
      .execute();

    await migrateToLatest(db());

    const key = await serverKey(db(), VOTER_KEY, new Date(stamp));
    const rows = await db().selectFrom('votes').select(['voter', 'email']).execute();
    expect(rows).toEqual([
      { voter: voterPseudonymOf(key, competitionId, 'kiran@example.org'), email: vote.email },
      { voter: voterPseudonymOf(key, competitionId, 'kiran@example.org'), email: vote.email },
    ]);
  });
});
