import type { JuryDb } from './jury.tables.ts';

/** Sets a round's end unless it is closed; false when it was (or is not there). */
export async function updateRoundEnd(
  db: JuryDb,
  roundId: string,
  endsAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('jury_rounds')
    .set({ ends_at: endsAt })
    .where('id', '=', roundId)
    .where('status', '!=', 'closed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
