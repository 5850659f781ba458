import { randomBytes } from 'node:crypto';
import type { SubmissionsDb } from './submissions.tables.ts';

/**
 * The secret named `name`, made (32 random bytes) by whichever server asks first: every process
 * on the database signs and checks with the same one, and nobody has to configure it.
 */
export async function serverKey(db: SubmissionsDb, name: string, now: Date): Promise<Buffer> {
  await db
    .insertInto('server_keys')
    .values({
      name,
      value: randomBytes(32).toString('base64'),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_keys')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
