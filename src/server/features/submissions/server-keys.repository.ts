import { randomBytes } from 'node:crypto';
import type { SubmissionsDb } from './submissions.tables.ts';

/** The keys read, per database: a key is made once and never changes. */
const known = new WeakMap<object, Map<string, Promise<Buffer>>>();

/**
 * The secret named `name`, made (32 random bytes) by whichever server asks first: every process
 * on the database signs and checks with the same one, and nobody has to configure it. Kept once
 * read, so a busy route (every vote, every code) does not read it each time.
 */
export function serverKey(db: SubmissionsDb, name: string, now: Date): Promise<Buffer> {
  let keys = known.get(db);
  if (!keys) {
    keys = new Map();
    known.set(db, keys);
  }
  const kept = keys.get(name);
  if (kept) return kept;
  const key = readOrMakeKey(db, name, now);
  keys.set(name, key);
  // A read that failed (the database down) is tried again by the next caller.
  key.catch(() => keys.delete(name));
  return key;
}

async function readOrMakeKey(db: SubmissionsDb, name: string, now: Date): Promise<Buffer> {
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
