import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/*
 * A vote's `voter` becomes a keyed hash of the voter in its competition instead of the address
 * (votes/voter-identity.ts, voterPseudonymOf), so a vote can lose its address and still hold its
 * voter to one set of votes. The key is the server key the running server makes the same hashes
 * with; made here when no vote has asked for it yet.
 */

const KEY_NAME = 'vote-voter';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const rows = await db.selectFrom('votes').select(['id', 'competition_id', 'voter']).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('server_keys')
    .values({
      name: KEY_NAME,
      value: randomBytes(32).toString('base64'),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('server_keys')
    .select('value')
    .where('name', '=', KEY_NAME)
    .executeTakeFirstOrThrow();
  const key = Buffer.from(stored.value as string, 'base64');
  for (const row of rows) {
    const voter = createHmac('sha256', key)
      .update(`${row.competition_id as string}\n${row.voter as string}`)
      .digest('hex');
    await db.updateTable('votes').set({ voter }).where('id', '=', row.id).execute();
  }
}
