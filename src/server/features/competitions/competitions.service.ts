import { chargesFee } from '../../../shared/domain/entry-state.ts';
import {
  compareForListing,
  type CompetitionFilter,
  filterCompetitions,
} from '../../../shared/domain/competition-filter.ts';
import {
  competitionStage,
  competitionWindow,
  type LifecycleFacts,
  statusOfStage,
  todayIn,
} from '../../../shared/domain/competition-status.ts';
import type { CompetitionDetails, PublicCompetition } from '../../../shared/schemas/competition.ts';
import type { ResponsiveImage } from '../../../shared/schemas/image.ts';
import type { Deps } from '../../deps.ts';
import { type CachedJson, cacheJson } from '../../http/cached-json.ts';
import { competitionPricesOf } from '../codes/codes.service.ts';
import { describeImages } from '../media/media.service.ts';
import { competitionDetailsOf } from './competition-details.ts';
import {
  type CompetitionWithNamesRow,
  findAllCompetitionsWithNames,
  findCompetitionIdsWithPublishedResults,
  findCompetitionIdsWithRounds,
} from './competitions.repository.ts';

/** A row written as it is, for the demo seed: no audit entry, no cache to clear. */
export { insertCompetition } from './competitions.repository.ts';

/** The rules of a competition's life other features ask: may it take, or still be paid for, an entry. */
export {
  admitEntry,
  entryMayStillPay,
  extensionOfEntry,
  findCompetitionMoment,
  LIFECYCLE_MESSAGES,
  refuseWhileTakingEntries,
} from './lifecycle.ts';

/** What the stage of a listed competition is decided from. */
export interface ListingFacts {
  published: Set<string>;
  judging: Set<string>;
}

export function lifecycleFactsOf(
  row: CompetitionWithNamesRow,
  facts: ListingFacts,
): LifecycleFacts {
  return {
    startDate: row.start_date,
    endDate: row.end_date,
    closingTime: row.closing_time,
    draft: row.draft === 1,
    judging: facts.judging.has(row.id),
    resultsPublished: facts.published.has(row.id),
  };
}

export async function findListingFacts(db: Deps['db']): Promise<ListingFacts> {
  const [published, judging] = await Promise.all([
    findCompetitionIdsWithPublishedResults(db),
    findCompetitionIdsWithRounds(db),
  ]);
  return { published, judging };
}

/** A competition as the public site shows it; the admin's view adds to it. */
export function toPublicCompetition(
  row: CompetitionWithNamesRow,
  images: Map<string, ResponsiveImage>,
  facts: ListingFacts,
  timeZone: string,
  now: Date,
): PublicCompetition {
  const dates = { startDate: row.start_date, endDate: row.end_date };
  const lifecycle = lifecycleFactsOf(row, facts);
  const { opensAt, closesAt } = competitionWindow(lifecycle, timeZone);
  const stage = competitionStage(lifecycle, timeZone, now);
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
    // The one rule of free and paid (entry-state.ts): a paid competition without a fee is free.
    ...(chargesFee({ entryType: row.entry_type, entryFee: row.entry_fee })
      ? { entryType: 'paid' as const, entryFee: row.entry_fee }
      : { entryType: 'free' as const, entryFee: 0 }),
    minWorks: row.min_works,
    maxWorks: row.max_works,
    prices: competitionPricesOf(row),
    status: statusOfStage(stage, lifecycle, timeZone, now),
    ...(row.min_artwork_long_side ? { minArtworkLongSide: row.min_artwork_long_side } : {}),
    stage,
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

/** The next instant after `now` a listed competition opens or closes (Infinity: none). */
function nextChangeAfter(all: readonly PublicCompetition[], now: number): number {
  let next = Infinity;
  for (const c of all) {
    for (const at of [Date.parse(c.opensAt), Date.parse(c.closesAt)]) {
      if (at > now && at < next) next = at;
    }
  }
  return next;
}

/**
 * The public catalogue of competitions, built from the database once per change (or when a
 * competition opens or closes, since statuses follow the time) and kept serialized in memory;
 * see ContentCache. Drafts are left out: a visitor never sees one.
 */
export function createCompetitionsService(
  deps: Pick<Deps, 'db' | 'settings' | 'contentCache' | 'clock' | 'log'>,
): CompetitionsService {
  const { db, settings, contentCache: cache, clock, log } = deps;
  /** The key the catalogue is kept under, until the next competition opens or closes. */
  let phase = { key: '', changesAt: Infinity };
  async function listPublic(): Promise<PublicCompetitions> {
    const { timeZone } = await settings.getSettings();
    const now = clock.now();
    const base = `competitions:${todayIn(timeZone, now)}:${timeZone}:`;
    if (!phase.key.startsWith(base) || now.getTime() >= phase.changesAt) {
      phase = { key: `${base}${now.getTime()}`, changesAt: Infinity };
    }
    const key = phase.key;
    return cache.get(key, async () => {
      const rows = (await findAllCompetitionsWithNames(db)).filter((row) => row.draft !== 1);
      const [images, facts] = await Promise.all([
        describeImages(
          db,
          rows.flatMap((r) => [r.image_url, r.prize_image_url]),
        ),
        // Publish, Unpublish and a new round empty the cache, so the stages are never stale.
        findListingFacts(db),
      ]);
      const builtAt = clock.now();
      const all = rows
        .map((row) => ({
          ...toPublicCompetition(row, images, facts, timeZone, builtAt),
          resultsPublished: facts.published.has(row.id),
        }))
        .sort(compareForListing);
      if (phase.key === key) phase.changesAt = nextChangeAfter(all, builtAt.getTime());
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
