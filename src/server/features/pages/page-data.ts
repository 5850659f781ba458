import { publicApiPaths } from '../../../shared/api-paths.ts';
import { HOME_FILTER_PARAMS, homeFilter } from '../../../shared/domain/competition-filter.ts';
import { IMAGE_SIZES } from '../../../shared/domain/image-sizes.ts';
import type { ResponsiveImage } from '../../../shared/schemas/image.ts';
import type { PublicSettings } from '../../../shared/schemas/settings.ts';
import type { Deps } from '../../deps.ts';
import { envelope } from '../../errors.ts';
import type { CachedJson } from '../../http/cached-json.ts';
import { listPublicBanners } from '../banners/banners.service.ts';
import { listPublicCategories } from '../categories/categories.service.ts';
import { COMPETITION_NOT_FOUND } from '../../../shared/messages.ts';
import {
  competitionIdInPath,
  competitionPagePath,
  competitionResultsPath,
  JURY_INVITATION_PATH,
  JURY_SIGN_IN_PATH,
  PAGE_PATHS,
  REGISTER_COMPETITION_PARAM,
} from '../../../shared/page-paths.ts';
import { isRecordId } from '../../db/record-id.ts';
import { findRegistrationForm } from '../submissions/submissions.service.ts';
import { allPublishedResults, latestResults } from '../results/results.service.ts';
import { isStaticPageSlug, renderStaticPage, STATIC_PAGE_SLUGS } from './pages.service.ts';
import { describeRecordPage } from './record-page-data.ts';
import { describeExhibitionPage } from './exhibition-page-data.ts';
import { describeResultsPage } from './results-page-data.ts';

/** What the server knows of a page before the browser runs anything. */
export interface PageDescription {
  status: number;
  /** The page's own title; the site title is added after it. */
  title?: string;
  description?: string;
  image?: ResponsiveImage | null;
  /** The largest picture of the first screen, fetched at once. */
  preload?: { image: ResponsiveImage; sizes: string };
  /** The robots meta tag's content, for a page search engines should leave out ('noindex'). */
  robots?: string;
  /** Open Graph's type when not 'website' (a work's page: 'article'). */
  ogType?: string;
  /** schema.org data for the page, given the way to make a path absolute. */
  jsonLd?: (absolute: (path: string) => string) => object[];
  /** Where the page sends the visitor instead (with a 302), as the app would at once. */
  redirect?: string;
  /**
   * API answers the first screen needs, keyed by the exact path the browser would request, so
   * it renders without a round trip. Error envelopes are inlined too (a missing competition).
   */
  api: Record<string, CachedJson | object>;
}

const DESCRIPTION_MAX = 160;

/** The page of every published result: its heading says the same. */
export const RESULTS_PAGE_TITLE = 'Results';

/** Titles of the pages that need no data, so the tab and a shared link name them before any script. */
const PAGE_TITLES: Record<string, string> = {
  [PAGE_PATHS.contact]: 'Contact Us',
  [PAGE_PATHS.registrationSuccess]: 'Registration Successful!',
  [PAGE_PATHS.entry]: 'Your entry',
  [PAGE_PATHS.me]: 'My entries',
  [PAGE_PATHS.meSignIn]: 'Sign in',
  [PAGE_PATHS.admin]: 'Admin Login',
  [JURY_SIGN_IN_PATH]: 'Jury sign-in',
  [JURY_INVITATION_PATH]: 'Jury invitation',
};

/** The artist's own pages: theirs alone, never in a search engine's index. */
const PRIVATE_PAGES = new Set<string>([PAGE_PATHS.me, PAGE_PATHS.meSignIn]);

function summarize(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  // Never half a character: a cut inside a surrogate pair (an emoji) would leave a broken one.
  const cut = flat.slice(0, DESCRIPTION_MAX - 1).replace(/[\uD800-\uDBFF]$/, '');
  return `${cut.trimEnd()}…`;
}

const REGISTER_PATH = PAGE_PATHS.registerCompetition;

/**
 * Which drawing of a page a query asks for: the part of the query that changes the page (a
 * shared page every visitor with that query gets, '' for the page without one), or undefined
 * when it is drawn for this request alone. A variant only ever names something that exists, so
 * the cache holds at most one page per category, subcategory and competition.
 * - Home: a category and subcategory filter (a shared filter link) is a variant; a filter naming
 *   a category that no longer exists draws the plain page, as the browser would; a search is
 *   drawn per request. Other parameters (scrollToFeatured, a campaign tag) change nothing drawn.
 * - The registration page: the competition when it exists; otherwise per request.
 * - Every other page reads nothing of its query.
 */
export async function pageVariant(
  deps: Pick<Deps, 'competitions' | 'db' | 'contentCache'>,
  pathname: string,
  query: URLSearchParams,
): Promise<string | undefined> {
  if (pathname === PAGE_PATHS.home) {
    if ((query.get(HOME_FILTER_PARAMS.q) ?? '') !== '') return undefined;
    if (!query.has(HOME_FILTER_PARAMS.category)) return '';
    const categories = await listPublicCategories(deps.db, deps.contentCache);
    const { category, subcategory } = homeFilter(query, categories.all);
    if (category === '') return '';
    // With no categories at all the browser keeps any id it is given: never a variant then.
    if (categories.all.length === 0) return undefined;
    const variant = new URLSearchParams({ [HOME_FILTER_PARAMS.category]: category });
    if (subcategory !== '') variant.set(HOME_FILTER_PARAMS.subcategory, subcategory);
    return `?${variant.toString()}`;
  }
  if (pathname !== REGISTER_PATH) return '';
  const id = query.get(REGISTER_COMPETITION_PARAM) ?? '';
  if (!isRecordId(id) || !(await deps.competitions.findPublic(id))) return undefined;
  return `?${REGISTER_COMPETITION_PARAM}=${id}`;
}

/** The first-screen data and meta tags of each public route (seed §2). */
export async function describePage(
  deps: Pick<Deps, 'db' | 'log' | 'clock' | 'competitions' | 'contentCache' | 'settings'>,
  pathname: string,
  settings: PublicSettings,
  variant = '',
): Promise<PageDescription> {
  const { db, contentCache: cache } = deps;

  if (pathname === PAGE_PATHS.home) {
    const [competitions, categories, banners, latest] = await Promise.all([
      deps.competitions.listPublic(),
      listPublicCategories(db, cache),
      listPublicBanners(db, cache),
      latestResults(db),
    ]);
    const hero = banners.all[0]?.image;
    return {
      status: 200,
      description: settings.description,
      image: hero,
      ...(hero ? { preload: { image: hero, sizes: IMAGE_SIZES.hero } } : {}),
      api: {
        [publicApiPaths.competitions]: competitions.allJson,
        [publicApiPaths.categories]: categories.json,
        [publicApiPaths.banners]: banners.json,
        [publicApiPaths.latestResults]: latest,
      },
    };
  }

  if (pathname === PAGE_PATHS.results) {
    return {
      status: 200,
      title: RESULTS_PAGE_TITLE,
      description: 'Every published result of our competitions, newest first.',
      api: { [publicApiPaths.results]: await allPublishedResults(db) },
    };
  }

  const results = await describeResultsPage(deps, pathname, settings.timeZone, summarize);
  if (results) return results;
  const record = await describeRecordPage(deps, pathname);
  if (record) return record;
  const exhibition = await describeExhibitionPage(deps, pathname, summarize);
  if (exhibition) return exhibition;

  const competitionPart = competitionIdInPath(pathname);
  if (competitionPart !== undefined) {
    let id: string;
    try {
      id = decodeURIComponent(competitionPart);
    } catch {
      id = '';
    }
    const apiPath = publicApiPaths.competition(id);
    const found = id ? await deps.competitions.findPublic(id) : undefined;
    if (!found) {
      return {
        status: 404,
        title: COMPETITION_NOT_FOUND,
        api: { [apiPath]: envelope('NOT_FOUND', COMPETITION_NOT_FOUND) },
      };
    }
    const { competition, json } = found;
    return {
      status: 200,
      title: competition.title,
      description: summarize(competition.description),
      image: competition.image,
      ...(competition.image
        ? { preload: { image: competition.image, sizes: IMAGE_SIZES.detail } }
        : {}),
      api: { [apiPath]: json },
    };
  }

  if (pathname === REGISTER_PATH && variant !== '') {
    // The form and its competition in the page: no round trip before the artist sees them.
    const id = new URLSearchParams(variant).get(REGISTER_COMPETITION_PARAM) as string;
    try {
      const form = await findRegistrationForm(deps, id);
      const image = form.competition.image;
      return {
        status: 200,
        title: `Register: ${form.competition.title}`,
        image,
        // The competition's picture is the page's largest: fetched with the page, not after it.
        ...(image ? { preload: { image, sizes: IMAGE_SIZES.card } } : {}),
        api: { [publicApiPaths.registrationForm(id)]: form },
      };
    } catch {
      // Gone since the variant was chosen: home, as below.
    }
  }
  if (pathname === REGISTER_PATH) {
    // No such competition open to the public: the app would send the visitor home (seed §2).
    return { status: 302, redirect: PAGE_PATHS.home, api: {} };
  }

  const slug = pathname.slice(1).replace(/\/$/, '');
  if (isStaticPageSlug(slug)) {
    const { page, json } = await renderStaticPage(slug, deps.settings, cache);
    return { status: 200, title: page.title, api: { [publicApiPaths.page(slug)]: json } };
  }

  const path = pathname.replace(/(.)\/$/, '$1');
  const title = PAGE_TITLES[path];
  const robots = PRIVATE_PAGES.has(path) ? { robots: 'noindex' } : {};
  return { status: 200, ...(title ? { title } : {}), ...robots, api: {} };
}

/**
 * The pages every visitor gets alike, drawn ahead of need: home, the page texts and contact,
 * each public competition, and the latest published results.
 */
export async function sharedPagePaths(deps: Pick<Deps, 'db' | 'competitions'>): Promise<string[]> {
  const [competitions, results] = await Promise.all([
    deps.competitions.listPublic(),
    latestResults(deps.db),
  ]);
  return [
    PAGE_PATHS.home,
    ...STATIC_PAGE_SLUGS.map((slug) => `/${slug}`),
    PAGE_PATHS.contact,
    PAGE_PATHS.results,
    ...competitions.all.map((competition) => competitionPagePath(competition.id)),
    ...results.map((published) => competitionResultsPath(published.competitionId)),
  ];
}
