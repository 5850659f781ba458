import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  type AdminBanner,
  BANNER_MESSAGES,
  type BannerInput,
  type PublicBanner,
} from '../../../shared/schemas/banner.ts';
import type { ResponsiveImage } from '../../../shared/schemas/image.ts';
import type { Database } from '../../db/database.ts';
import type { BannersTable, DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type CachedJson, cacheJson, type ContentCache } from '../../http/cached-json.ts';
import { recordAudit } from '../audit/audit.ts';
import { findMediaByUrls } from '../media/media.repository.ts';
import { describeImages } from '../media/responsive-images.ts';
import {
  deleteBannerRow,
  findAllBanners,
  findBannerById,
  findBannerIds,
  findFirstPosition,
  insertBanner,
  setBannerPositions,
  updateBannerRow,
} from './banners.repository.ts';

export const BANNER_NOT_FOUND = 'Banner not found';
export const BANNER_ORDER_MISMATCH =
  'The order must name every banner exactly once. Reload the list and try again.';

/** Who is making a change, for the audit log. */
export interface BannerActor {
  adminUserId: string;
  username: string;
}

type BannerRow = Selectable<BannersTable>;

export interface PublicBanners {
  all: PublicBanner[];
  json: CachedJson;
}

/** A url with no measured record (put there by hand, say) is still shown, without sizes. */
function imageOf(images: Map<string, ResponsiveImage>, url: string): ResponsiveImage {
  return images.get(url) ?? { url, width: null, height: null, srcset: '' };
}

export function listPublicBanners(db: Kysely<DB>, cache: ContentCache): Promise<PublicBanners> {
  return cache.get('banners', async () => {
    const rows = await findAllBanners(db);
    const images = await describeImages(
      db,
      rows.map((r) => r.image_url),
    );
    const all = rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      image: imageOf(images, row.image_url),
      createdAt: row.created_at,
    }));
    return { all, json: cacheJson(all) };
  });
}

async function toAdminBanners(db: Kysely<DB>, rows: BannerRow[]): Promise<AdminBanner[]> {
  const images = await describeImages(
    db,
    rows.map((r) => r.image_url),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.image_url,
    image: imageOf(images, row.image_url),
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

async function toAdminBanner(db: Kysely<DB>, row: BannerRow): Promise<AdminBanner> {
  const [banner] = await toAdminBanners(db, [row]);
  return banner as AdminBanner;
}

export async function listAdminBanners(db: Kysely<DB>): Promise<AdminBanner[]> {
  return toAdminBanners(db, await findAllBanners(db));
}

/**
 * A record may only point at an image uploaded here (a `media` row), never at an arbitrary
 * address. `current` is the url the banner already has: keeping it is always allowed.
 */
async function checkImageIsUpload(db: Kysely<DB>, url: string, current?: string): Promise<void> {
  if (url === current) return;
  if ((await findMediaByUrls(db, [url])).length === 0) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
      imageUrl: BANNER_MESSAGES.unknownImage,
    });
  }
}

function notFound(): AppError {
  return new AppError(404, 'NOT_FOUND', BANNER_NOT_FOUND);
}

/** Seed §7: a new banner is placed first. */
export async function createBanner(
  { db }: Database,
  input: BannerInput,
  actor: BannerActor,
): Promise<AdminBanner> {
  await checkImageIsUpload(db, input.imageUrl);
  const now = new Date().toISOString();
  const row: BannerRow = {
    id: randomUUID(),
    title: input.title,
    description: input.description,
    image_url: input.imageUrl,
    position: 0,
    created_at: now,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    row.position = await findFirstPosition(trx);
    await insertBanner(trx, row);
    await recordAudit(trx, {
      adminUserId: actor.adminUserId,
      actor: actor.username,
      action: 'banner.create',
      entityType: 'banner',
      entityId: row.id,
      details: { title: row.title },
    });
  });
  return toAdminBanner(db, row);
}

export async function updateBanner(
  { db }: Database,
  id: string,
  input: BannerInput,
  actor: BannerActor,
): Promise<AdminBanner> {
  const existing = await findBannerById(db, id);
  if (!existing) throw notFound();
  await checkImageIsUpload(db, input.imageUrl, existing.image_url);
  const patch = {
    title: input.title,
    description: input.description,
    image_url: input.imageUrl,
    updated_at: new Date().toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    // Removed by someone else since it was read: nothing to update, nothing to record.
    if (!(await updateBannerRow(trx, id, patch))) throw notFound();
    await recordAudit(trx, {
      adminUserId: actor.adminUserId,
      actor: actor.username,
      action: 'banner.update',
      entityType: 'banner',
      entityId: id,
      details: { title: patch.title },
    });
  });
  return toAdminBanner(db, { ...existing, ...patch });
}

export async function deleteBanner(
  { db }: Database,
  id: string,
  actor: BannerActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await findBannerById(trx, id);
    if (!existing) throw notFound();
    await deleteBannerRow(trx, id);
    await recordAudit(trx, {
      adminUserId: actor.adminUserId,
      actor: actor.username,
      action: 'banner.delete',
      entityType: 'banner',
      entityId: id,
      details: { title: existing.title },
    });
  });
}

/**
 * Puts the banners in the order of `ids`, which must name each of them once: a list made before
 * another admin added or removed one would otherwise drop or misplace it.
 */
export async function reorderBanners(
  database: Database,
  ids: readonly string[],
  actor: BannerActor,
): Promise<AdminBanner[]> {
  await database.db.transaction().execute(async (trx) => {
    // PostgreSQL: two reorders at once run one after the other, never interleaved. SQLite
    // already runs one write transaction at a time.
    const existing = new Set(await findBannerIds(trx, database.engine === 'postgres'));
    const named = new Set(ids);
    if (
      named.size !== ids.length ||
      named.size !== existing.size ||
      ids.some((id) => !existing.has(id))
    ) {
      throw new AppError(400, 'VALIDATION_ERROR', BANNER_ORDER_MISMATCH, {
        ids: BANNER_ORDER_MISMATCH,
      });
    }
    await setBannerPositions(trx, ids);
    await recordAudit(trx, {
      adminUserId: actor.adminUserId,
      actor: actor.username,
      action: 'banner.reorder',
      entityType: 'banner',
      details: { ids },
    });
  });
  return listAdminBanners(database.db);
}
