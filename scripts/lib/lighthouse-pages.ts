/**
 * What `npm run lighthouse` measures: LIGHTHOUSE_RUNS runs of each page, and the pages a visitor on
 * a phone meets first: the home page, a competition's page, its registration form, about, a
 * published results page and the admin's sign-in; or LIGHTHOUSE_PATHS. `{competition}` in a path is
 * the first listed competition's id, `{results}` the id of the demo's published competition
 * (RESULTS_TITLE) from GET /api/results/latest, `{exhibition}` the first exhibition GET
 * /api/exhibitions lists as current and `{exhibitionWork}` the first work of its gallery.
 */
import { PAGE_PATHS, REGISTER_COMPETITION_PARAM } from '../../src/shared/page-paths.ts';
import { firstCompetitionId } from './server.ts';

/** The demo's competition with published results. */
const RESULTS_TITLE = 'City Lights 2026';

export const DEFAULT_PATHS = [
  PAGE_PATHS.home,
  PAGE_PATHS.competition.replace(':id', '{competition}'),
  `${PAGE_PATHS.registerCompetition}?${REGISTER_COMPETITION_PARAM}={competition}`,
  PAGE_PATHS.about,
  PAGE_PATHS.competitionResults.replace(':id', '{results}'),
  PAGE_PATHS.admin,
  PAGE_PATHS.exhibition.replace(':competitionId', '{exhibition}'),
  PAGE_PATHS.exhibitionWork
    .replace(':competitionId', '{exhibition}')
    .replace(':workId', '{exhibitionWork}'),
];

/** LIGHTHOUSE_RUNS: runs per page (and per copy without scripts), default 3. */
export function runsWanted(): number {
  const raw = process.env.LIGHTHOUSE_RUNS;
  if (raw === undefined || raw === '') return 3;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`LIGHTHOUSE_RUNS must be a whole number, 1 or more (got "${raw}")`);
  }
  return runs;
}

/** LIGHTHOUSE_PATHS (comma-separated), or the default pages. */
export function pathsWanted(): string[] {
  const raw = process.env.LIGHTHOUSE_PATHS;
  if (raw === undefined || raw.trim() === '') return DEFAULT_PATHS;
  const paths = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of paths) {
    if (!entry.startsWith('/')) {
      throw new Error(`LIGHTHOUSE_PATHS entries must start with / (got "${entry}")`);
    }
  }
  return paths;
}

/** The id of the demo's published results, else of the newest published ones. */
async function resultsCompetitionId(base: string): Promise<string> {
  const response = await fetch(`${base}/api/results/latest`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200) {
    throw new Error(`GET /api/results/latest answered ${response.status}, not 200`);
  }
  const latest = (await response.json()) as { competitionId?: unknown; title?: unknown }[];
  if (!Array.isArray(latest) || latest.length === 0) {
    throw new Error(
      'GET /api/results/latest lists no published results: no results page to measure',
    );
  }
  const chosen = latest.find((item) => item.title === RESULTS_TITLE) ?? latest[0];
  if (typeof chosen?.competitionId !== 'string') {
    throw new Error('GET /api/results/latest gave an item without a string competitionId');
  }
  return encodeURIComponent(chosen.competitionId);
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}, not 200`);
  return response.json();
}

/** The first current exhibition's competition id. */
async function exhibitionId(base: string): Promise<string> {
  const archive = (await getJson(`${base}/api/exhibitions`)) as {
    current?: { competitionId?: unknown }[];
  };
  const id = archive.current?.[0]?.competitionId;
  if (typeof id !== 'string') throw new Error('GET /api/exhibitions lists no current exhibition');
  return encodeURIComponent(id);
}

/** The first work of that exhibition's gallery. */
async function exhibitionWorkId(base: string, exhibition: Promise<string>): Promise<string> {
  const gallery = (await getJson(`${base}/api/exhibitions/${await exhibition}`)) as {
    works?: { workId?: unknown }[];
  };
  const id = gallery.works?.[0]?.workId;
  if (typeof id !== 'string') throw new Error('The current exhibition shows no work');
  return encodeURIComponent(id);
}

/** Fills a path's placeholders, asking the server for each id once. */
export function pathResolver(base: string): (template: string) => Promise<string> {
  const ids = new Map<string, Promise<string>>();
  const lookups: Record<string, () => Promise<string>> = {
    competition: () => firstCompetitionId(base),
    results: () => resultsCompetitionId(base),
    exhibitionWork: () => exhibitionWorkId(base, lookup('exhibition')),
    exhibition: () => exhibitionId(base),
  };
  const lookup = (name: string): Promise<string> => {
    if (!ids.has(name)) ids.set(name, (lookups[name] as () => Promise<string>)());
    return ids.get(name) as Promise<string>;
  };
  return async (template) => {
    let page = template;
    for (const name of Object.keys(lookups)) {
      const placeholder = `{${name}}`;
      if (!page.includes(placeholder)) continue;
      page = page.replaceAll(placeholder, await lookup(name));
    }
    return page;
  };
}
