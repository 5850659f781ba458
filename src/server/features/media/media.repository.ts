import type { MediaTable } from '../../db/schema.ts';
import type { MediaDb } from './media.tables.ts';

export async function insertMedia(db: MediaDb, row: MediaTable): Promise<void> {
  await db
    .insertInto('media')
    .values(row)
    .onConflict((oc) => oc.column('url').doNothing())
    .execute();
}

export async function findMediaByUrls(db: MediaDb, urls: readonly string[]): Promise<MediaTable[]> {
  const wanted = [...new Set(urls.filter(Boolean))];
  if (wanted.length === 0) return [];
  const rows: MediaTable[] = [];
  // SQLite caps bound parameters per statement; chunks keep any catalogue size working.
  for (let i = 0; i < wanted.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom('media')
        .selectAll()
        .where('url', 'in', wanted.slice(i, i + 500))
        .execute()),
    );
  }
  return rows;
}
