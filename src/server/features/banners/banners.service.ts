import type { Kysely } from 'kysely';
import type { PublicBanner } from '../../../shared/schemas/banner.ts';
import type { DB } from '../../db/schema.ts';
import { type CachedJson, cacheJson, type ContentCache } from '../../http/cached-json.ts';
import { describeImages } from '../media/responsive-images.ts';
import { findAllBanners } from './banners.repository.ts';

export interface PublicBanners {
  all: PublicBanner[];
  json: CachedJson;
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
      image: images.get(row.image_url) ?? {
        url: row.image_url,
        width: null,
        height: null,
        srcset: '',
      },
      createdAt: row.created_at,
    }));
    return { all, json: cacheJson(all) };
  });
}
