import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  type AdminBanner,
  BANNER_MESSAGES,
  type BannerInput,
  type PublicBanner,
} from '../../../shared/schemas/banner.ts';
import type { ResponsiveImage } from '../../../shared/schemas/image.ts';
import type { BannersTable, DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { invalidField, notFound } from '../../errors.ts';
import { type CachedJson, cacheJson, type ContentCache } from '../../http/cached-json.ts';
import {
  type AuditActor,
  auditEntriesOf,
  recordAudit,
  writePublicContent,
} from '../audit/audit.service.ts';
import { checkImagesAreUploads, describeImages } from '../media/media.service.ts';
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

/** A row written as it is, for the demo seed: no audit entry, no cache to clear. */
export { insertBanner } from './banners.repository.ts';

export const BANNER_NOT_FOUND = 'Banner not found';
export const BANNER_ORDER_MISMATCH =
  'The order must name every banner exactly once. Reload the list and try again.';

type BannerRow = Selectable<BannersTable>;

/** What the admin's writes use. */
export type BannerWriteContext = Pick<Deps, 'db' | 'contentCache' | 'clock'>;

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

const checkImageIsUpload = (db: Kysely<DB>, url: string) =>
  checkImagesAreUploads(db, { imageUrl: url }, BANNER_MESSAGES.unknownImage);

const audit = auditEntriesOf('banner');

/** Seed §7: a new banner is placed first. */
export async function createBanner(
  deps: BannerWriteContext,
  input: BannerInput,
  actor: AuditActor,
): Promise<AdminBanner> {
  const { db } = deps;
  await checkImageIsUpload(db, input.imageUrl);
  const at = deps.clock.now();
  const now = at.toISOString();
  const row: BannerRow = {
    id: randomUUID(),
    title: input.title,
    description: input.description,
    image_url: input.imageUrl,
    position: 0,
    created_at: now,
    updated_at: now,
  };
  await writePublicContent(deps, async (trx) => {
    row.position = await findFirstPosition(trx);
    await insertBanner(trx, row);
    await recordAudit(trx, audit(actor, 'banner.create', row.id, { title: row.title }), at);
  });
  return toAdminBanner(db, row);
}

export async function updateBanner(
  deps: BannerWriteContext,
  id: string,
  input: BannerInput,
  actor: AuditActor,
): Promise<AdminBanner> {
  const { db } = deps;
  const existing = await findBannerById(db, id);
  if (!existing) throw notFound(BANNER_NOT_FOUND);
  // The image the banner already has may stay, even one from before uploads were checked.
  if (input.imageUrl !== existing.image_url) await checkImageIsUpload(db, input.imageUrl);
  const now = deps.clock.now();
  const patch = {
    title: input.title,
    description: input.description,
    image_url: input.imageUrl,
    updated_at: now.toISOString(),
  };
  await writePublicContent(deps, async (trx) => {
    // Removed by someone else since it was read: nothing to update, nothing to record.
    if (!(await updateBannerRow(trx, id, patch))) throw notFound(BANNER_NOT_FOUND);
    await recordAudit(trx, audit(actor, 'banner.update', id, { title: patch.title }), now);
  });
  return toAdminBanner(db, { ...existing, ...patch });
}

export async function deleteBanner(
  deps: BannerWriteContext,
  id: string,
  actor: AuditActor,
): Promise<void> {
  const now = deps.clock.now();
  await writePublicContent(deps, async (trx) => {
    const existing = await findBannerById(trx, id);
    if (!existing) throw notFound(BANNER_NOT_FOUND);
    await deleteBannerRow(trx, id);
    await recordAudit(trx, audit(actor, 'banner.delete', id, { title: existing.title }), now);
  });
}

/**
 * Puts the banners in the order of `ids`, which must name each of them once: a list made before
 * another admin added or removed one would otherwise drop or misplace it.
 */
export async function reorderBanners(
  deps: BannerWriteContext,
  ids: readonly string[],
  actor: AuditActor,
): Promise<AdminBanner[]> {
  const now = deps.clock.now();
  await writePublicContent(deps, async (trx) => {
    // PostgreSQL: two reorders at once run one after the other, never interleaved. SQLite
    // already runs one write transaction at a time.
    const existing = new Set(await findBannerIds(trx, { lock: true }));
    const named = new Set(ids);
    if (
      named.size !== ids.length ||
      named.size !== existing.size ||
      ids.some((id) => !existing.has(id))
    ) {
      throw invalidField('ids', BANNER_ORDER_MISMATCH);
    }
    await setBannerPositions(trx, ids);
    await recordAudit(trx, audit(actor, 'banner.reorder', undefined, { ids }), now);
  });
  return listAdminBanners(deps.db);
}
