import type { Kysely } from 'kysely';

/*
 * Measured public images: each stored picture's intrinsic size and its WebP display sizes, keyed
 * by the URL of its fallback file (the URL that records such as competitions and banners hold).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    // JSON: [{ "url": "/media/…-400.webp", "width": 400 }, …], smallest first.
    .addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
