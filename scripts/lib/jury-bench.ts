/**
 * Judging at scale for `npm run bench`: a round of JURY_ENTRIES entries taken from the review's
 * generated submissions, a panel of JURY_PANEL jurors, two per entry, opened by the real rounds
 * service (so the assignment is the product's), for measuring a juror's next work.
 */
import type { Kysely } from 'kysely';
import { systemClock } from '../../src/server/clock.ts';
import type { DB } from '../../src/server/db/schema.ts';
import { createAccount } from '../../src/server/features/auth/accounts.service.ts';
import { saveJudging } from '../../src/server/features/jury/judging.service.ts';
import { createRound, openRound } from '../../src/server/features/jury/rounds.service.ts';
import { JudgingInputSchema } from '../../src/shared/schemas/jury.ts';

export const JURY_ENTRIES = 10_000;
const JURY_PANEL = 6;
const JURY_PASSWORD = 'bench juror password';

export interface JuryBench {
  username: string;
  password: string;
  roundId: string;
  /** A work in the middle of the juror's own order: the request a juror makes most. */
  middleAlias: string;
  /** How many works that juror has. */
  assigned: number;
  competitionId: string;
  /** Three of the round's entries: what the results bench gives awards to. */
  someEntries: string[];
}

export async function seedJuryRound(
  db: Kysely<DB>,
  log: (message: string) => void,
): Promise<JuryBench> {
  const started = performance.now();
  const { id: competitionId } = await db
    .selectFrom('competitions')
    .select('id')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirstOrThrow();
  // The round takes a competition's approved entries: make JURY_ENTRIES of the generated ones so.
  const entries = await db.selectFrom('submissions').select('id').limit(JURY_ENTRIES).execute();
  await db
    .updateTable('submissions')
    .set({ competition_id: competitionId, status: 'approved' })
    .where(
      'id',
      'in',
      entries.map((e) => e.id),
    )
    .execute();
  await db
    .updateTable('submissions')
    .set({ status: 'pending' })
    .where('competition_id', '=', competitionId)
    .where(
      'id',
      'not in',
      entries.map((e) => e.id),
    )
    .execute();
  const admin = await db
    .selectFrom('admin_users')
    .select(['id as adminUserId', 'username'])
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const panel: string[] = [];
  for (let i = 1; i <= JURY_PANEL; i++) {
    const username = `bench.juror${i}`;
    const juror = { displayName: `Bench Juror ${i}`, email: `${username}@bench.invalid` };
    panel.push(
      (
        await createAccount(
          db,
          { username, password: JURY_PASSWORD, juror },
          undefined,
          systemClock.now(),
        )
      ).id,
    );
  }
  const deps = { db, clock: systemClock };
  const setUp = JudgingInputSchema.parse({
    criteria: [
      { name: 'Composition', weight: 2, scaleMin: 1, scaleMax: 10 },
      { name: 'Technique', weight: 1, scaleMin: 1, scaleMax: 10 },
    ],
    panel,
    jurorsPerEntry: 2,
    publishJury: false,
  });
  await saveJudging(deps, competitionId, setUp, admin);
  const round = await createRound(deps, competitionId, {}, admin);
  await openRound(deps, competitionId, round.id, admin);
  const order = await db
    .selectFrom('jury_assignments as a')
    .innerJoin('jury_round_entries as e', (join) =>
      join.onRef('e.round_id', '=', 'a.round_id').onRef('e.submission_id', '=', 'a.submission_id'),
    )
    .select('e.alias')
    .where('a.round_id', '=', round.id)
    .where('a.juror_id', '=', panel[0] as string)
    .orderBy('a.order_key')
    .execute();
  log(
    `  jury: a round of ${round.entries} entries, ${JURY_PANEL} jurors, 2 per entry, opened in ` +
      `${Math.round((performance.now() - started) / 100) / 10} s; bench.juror1 has ${order.length} works`,
  );
  return {
    username: 'bench.juror1',
    password: JURY_PASSWORD,
    roundId: round.id,
    middleAlias: order[Math.floor(order.length / 2)]?.alias ?? '',
    assigned: order.length,
    competitionId,
    someEntries: entries.slice(0, 3).map((e) => e.id),
  };
}
