import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** In the order the admin set (position), newest first among equals. */
export async function findAllBanners(db: Kysely<DB>) {
  return db
    .selectFrom('banners')
    .selectAll()
    .orderBy('position')
    .orderBy('created_at', 'desc')
    .execute();
}
