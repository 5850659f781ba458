import {
  compareForListing,
  type CompetitionFilter,
  filterCompetitions,
} from '../../../shared/domain/competition-filter.ts';
import {
  competitionStatus,
  competitionWindow,
  todayIn,
} from '../../../shared/domain/competition-status.ts';
import type { CompetitionDetails, PublicCompetition } from '../../../shared/schemas/competition.ts';
import type { ResponsiveImage } from '../../../shared/schemas/image.ts';
import type { Deps } from '../../deps.ts';
import { type CachedJson, cacheJson } from '../../http/cached-json.ts';
import { describeImages } from '../media/responsive-images.service.ts';
import { competitionDetailsOf } from './competition-details.ts';
import {
  type CompetitionWithNamesRow,
  findAllCompetitionsWithNames,
  findCompetitionIdsWithPublishedResults,
} from './competitions.repository.ts';

/** A competition as the public site shows it; the admin's view adds to it. */
export function toPublicCompetition(
  row: CompetitionWithNamesRow,
  images: Map<string, ResponsiveImage>,
  today: string,
  timeZone: string,
): PublicCompetition {
  const dates = { startDate: row.start_date, endDate: row.end_date };
  const { opensAt, closesAt } = competitionWindow(dates, timeZone);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: images.get(row.image_url) ?? null,
    prizeImage: images.get(row.prize_image_url) ?? null,
    category: { id: row.category_id, name: row.category_name },
    subcategory:
      row.subcategory_id && row.subcategory_name !== null
        ? { id: row.subcategory_id, name: row.subcategory_name }
        : null,
    ...dates,
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    entryType: row.entry_type,
    entryFee: row.entry_type === 'free' ? 0 : row.entry_fee,
    status: competitionStatus(dates, today),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface PublicCompetitions {
  /** Every competition in listing order, statuses as of today in the site time zone. */
  all: PublicCompetition[];
  /** `all`, serialized once. */
  allJson: CachedJson;
  byId: Map<string, PublicCompetition>;
  /** What each competition's own page adds (rules, eligibility, prize, pictures). */
  detailsById: Map<string, CompetitionDetails>;
  /** Each competition with its details serialized, filled on first request. */
  jsonById: Map<string, CachedJson>;
}

export interface CompetitionsService {
  listPublic(): Promise<PublicCompetitions>;
  searchPublic(filter: CompetitionFilter): Promise<CachedJson>;
  findPublic(id: string): Promise<{ competition: PublicCompetition; json: CachedJson } | undefined>;
}

/**
 * The public catalogue of competitions, built from the database once per change (or per day,
 * since statuses follow the date) and kept serialized in memory; see ContentCache.
 */
export function createCompetitionsService(
  deps: Pick<Deps, 'db' | 'settings' | 'contentCache' | 'clock' | 'log'>,
): CompetitionsService {
  const { db, settings, contentCache: cache, clock, log } = deps;
  async function listPublic(): Promise<PublicCompetitions> {
    const { timeZone } = await settings.getSettings();
    const today = todayIn(timeZone, clock.now());
    return cache.get(`competitions:${today}:${timeZone}`, async () => {
      const rows = await findAllCompetitionsWithNames(db);
      const [images, published] = await Promise.all([
        describeImages(
          db,
          rows.flatMap((r) => [r.image_url, r.prize_image_url]),
        ),
        // Publish and Unpublish empty the cache, so the flag is never stale.
        findCompetitionIdsWithPublishedResults(db),
      ]);
      const all = rows
        .map((row) => ({
          ...toPublicCompetition(row, images, today, timeZone),
          resultsPublished: published.has(row.id),
        }))
        .sort(compareForListing);
      return {
        all,
        allJson: cacheJson(all),
        byId: new Map(all.map((c) => [c.id, c])),
        detailsById: new Map(rows.map((row) => [row.id, competitionDetailsOf(row, log)])),
        jsonById: new Map(),
      };
    });
  }

  return {
    listPublic,
    async searchPublic(filter) {
      const list = await listPublic();
      if (!filter.q?.trim() && !filter.category && !filter.subcategory) return list.allJson;
      return cacheJson(filterCompetitions(list.all, filter));
    },
    async findPublic(id) {
      const list = await listPublic();
      const competition = list.byId.get(id);
      if (!competition) return undefined;
      let json = list.jsonById.get(id);
      if (!json) {
        json = cacheJson({ ...competition, details: list.detailsById.get(id) });
        list.jsonById.set(id, json);
      }
      return { competition, json };
    },
  };
}
