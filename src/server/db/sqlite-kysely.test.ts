import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';
import { OUTSIDE_TRANSACTION_MESSAGE } from './sqlite-kysely.ts';

/*
 * SQLite's one connection: a query that the transaction's own work makes on the database instead
 * of the transaction fails at once (it would wait for ever, and every request after it), while
 * other requests' queries wait for the transaction as before.
 */

let dir: string;
let database: Database;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ws-one-connection-'));
  database = await openDatabase({ dataDir: dir });
  await sql`create table notes (text text not null)`.execute(database.db);
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async () =>
  (await sql<{ n: number }>`select count(*) as n from notes`.execute(database.db)).rows[0]!.n;

describe('SQLite: one connection', () => {
  it('refuses a query on the database made by a transaction’s work, and rolls the work back', async () => {
    const db = database.db;
    const work = db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('half')`.execute(trx);
      await count(); // on db, not trx
    });
    await expect(work).rejects.toThrow(OUTSIDE_TRANSACTION_MESSAGE);
    // The connection is free again and nothing was kept.
    expect(await count()).toBe(0);
  });

  it('lets other requests’ queries wait for the transaction, then answers them', async () => {
    const db = database.db;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const work = db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('kept')`.execute(trx);
      begun();
      await held;
    });
    await inside;
    // Another request's read, begun while the transaction holds the connection.
    const other = count();
    release();
    await work;
    expect(await other).toBe(1);
  });

  it('lets what the work left running query once the transaction has ended', async () => {
    const db = database.db;
    let later!: Promise<number>;
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    await db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('sent later')`.execute(trx);
      later = committed.then(count);
    });
    commit();
    expect(await later).toBe(1);
  });
});

describe('SQLite: statements prepared once', () => {
  it('answers a kept statement as the schema is now, after a migration changed it', async () => {
    const db = database.db;
    const all = () => sql<Record<string, unknown>>`select * from notes`.execute(db);
    await sql`insert into notes (text) values ('first')`.execute(db);
    expect((await all()).rows).toEqual([{ text: 'first' }]);
    await sql`alter table notes add column author text`.execute(db);
    await sql`update notes set author = 'Asha'`.execute(db);
    expect((await all()).rows).toEqual([{ text: 'first', author: 'Asha' }]);
  });

  it('answers the same query twice with the values of each', async () => {
    const db = database.db;
    await sql`insert into notes (text) values ('a'), ('b')`.execute(db);
    const find = (text: string) =>
      sql<{ text: string }>`select text from notes where text = ${text}`.execute(db);
    expect((await find('a')).rows).toEqual([{ text: 'a' }]);
    expect((await find('b')).rows).toEqual([{ text: 'b' }]);
  });
});
