import { ResponsiveImageSchema, type ResponsiveImage } from '../../../shared/schemas/image.ts';
import type {
  ExhibitionArchive,
  ExhibitionSummary,
  ExhibitionVoting,
  PublicExhibition,
  PublicExhibitionWork,
  PublicExhibitionWorkPage,
} from '../../../shared/schemas/exhibition.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { exhibitedWorkOf } from './exhibited-work.ts';
import { votingWindowAt } from './exhibition-voting.ts';
import {
  findChosenWorks,
  findCompetitionRow,
  findExhibitionRow,
  findOpenedExhibitions,
} from './exhibitions.repository.ts';
import { findSalePrices } from './work-sales.repository.ts';

/*
 * What anyone sees of an exhibition once the admin has opened it: the archive, the gallery and a
 * work's page. A work whose artist refused publication is never shown, whatever was chosen; an
 * exhibition not opened, and a work not in it, are a 404 like a page that does not exist.
 */

export const EXHIBITION_NOT_OPEN = 'Exhibition not found';
export const WORK_NOT_EXHIBITED = 'Work not found in this exhibition';

type Row = NonNullable<Awaited<ReturnType<typeof findExhibitionRow>>>;
type Ctx = Pick<Deps, 'db' | 'clock' | 'log'>;

function votingOf(row: Row, now: Date): ExhibitionVoting {
  const window = votingWindowAt(row.voting_opens_at, row.voting_closes_at, now);
  return {
    opensAt: row.voting_opens_at,
    closesAt: row.voting_closes_at,
    open: row.opened_at !== null && window.open,
    votesPerVisitor: Number(row.votes_per_visitor),
  };
}

/** What anyone may know of an opened exhibition's row: its window read at `now`. */
function publicExhibitionOf(row: Row & { opened_at: string }, now: Date) {
  return {
    id: row.id,
    competitionId: row.competition_id,
    title: row.title,
    openedAt: row.opened_at,
    endsAt: row.ends_at,
    voting: {
      ...votingOf(row, now),
      closed: votingWindowAt(row.voting_opens_at, row.voting_closes_at, now).closed,
    },
    votesPerVisitor: Number(row.votes_per_visitor),
  };
}

/** The opened exhibition of a competition, with its voting window, or null (front door). */
export async function findPublicExhibition(
  deps: Pick<Deps, 'db' | 'clock'>,
  competitionId: string,
) {
  const row = await findExhibitionRow(deps.db, competitionId);
  if (!row?.opened_at) return null;
  return publicExhibitionOf({ ...row, opened_at: row.opened_at }, deps.clock.now());
}

export function displayImageOf(text: string | null): ResponsiveImage | null {
  if (!text) return null;
  try {
    const parsed = ResponsiveImageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The shown works of an opened exhibition, in order, with their rows; only `workId`'s if given. */
async function shownWorks(deps: Ctx, row: Row, workId?: string, withPrices = true) {
  const rows = (await findChosenWorks(deps.db, row.id, workId))
    .map((r) => ({ row: r, work: exhibitedWorkOf(r, deps.log) }))
    .filter((w) => w.work.consent !== 'none');
  const prices = withPrices
    ? await findSalePrices(
        deps.db,
        rows.map((w) => w.work.workId),
      )
    : new Map<string, number>();
  return rows.map(({ row: r, work }) => ({
    email: r.email,
    work: {
      workId: work.workId,
      title: work.title,
      artist: work.artist,
      medium: work.medium,
      size: work.size,
      image: displayImageOf(r.display_image),
      price: prices.get(work.workId) ?? null,
    } satisfies PublicExhibitionWork,
    submissionId: work.submissionId,
  }));
}

/** A work of the opened exhibition, or null: what votes checks a vote's work against. */
export async function findExhibitionWork(deps: Ctx, competitionId: string, workId: string) {
  const row = await findExhibitionRow(deps.db, competitionId);
  if (!row?.opened_at) return null;
  // One work's rows, not the gallery's: a vote or an enquiry reads only what it checks.
  const [found] = await shownWorks(deps, row, workId);
  return found
    ? { workId, submissionId: found.submissionId, entryEmail: found.email, work: found.work }
    : null;
}

/**
 * The opened exhibition (as findPublicExhibition) and the work if it shows it (without its price),
 * or null: what a vote checks, read once (a burst of votes is a burst of these).
 */
export async function findExhibitionAndWork(deps: Ctx, competitionId: string, workId: string) {
  const row = await findExhibitionRow(deps.db, competitionId);
  if (!row?.opened_at) return null;
  const [found] = await shownWorks(deps, row, workId, false);
  return {
    exhibition: publicExhibitionOf({ ...row, opened_at: row.opened_at }, deps.clock.now()),
    work: found ? { workId, submissionId: found.submissionId, entryEmail: found.email } : null,
  };
}

/**
 * Which of its states the clock has the exhibition's vote in ('' when it has no exhibition):
 * the part of a gallery's answer that changes with time alone. Its times are kept with the public
 * content, so a kept gallery is chosen by this state and the vote opens and closes on time.
 */
export async function exhibitionClockState(
  deps: Pick<Deps, 'db' | 'clock' | 'contentCache'>,
  competitionId: string,
): Promise<string> {
  const times = await deps.contentCache.get(`exhibition-times:${competitionId}`, async () => {
    const row = await findExhibitionRow(deps.db, competitionId);
    return row ? { opensAt: row.voting_opens_at, closesAt: row.voting_closes_at } : null;
  });
  if (!times) return '';
  const window = votingWindowAt(times.opensAt, times.closesAt, deps.clock.now());
  return window.open ? 'open' : window.closed ? 'closed' : 'before';
}

async function requireOpened(deps: Ctx, competitionId: string): Promise<Row> {
  const row = await findExhibitionRow(deps.db, competitionId);
  if (!row?.opened_at) throw notFound(EXHIBITION_NOT_OPEN);
  return row;
}

async function headerOf(deps: Ctx, row: Row): Promise<Omit<PublicExhibition, 'works'>> {
  const competition = await findCompetitionRow(deps.db, row.competition_id);
  return {
    competitionId: row.competition_id,
    competitionTitle: competition?.title ?? '',
    title: row.title,
    introduction: row.introduction,
    openedAt: row.opened_at ?? '',
    endsAt: row.ends_at,
    voting: votingOf(row, deps.clock.now()),
  };
}

export async function getPublicExhibition(
  deps: Ctx,
  competitionId: string,
): Promise<PublicExhibition> {
  const row = await requireOpened(deps, competitionId);
  const works = await shownWorks(deps, row);
  return { ...(await headerOf(deps, row)), works: works.map((w) => w.work) };
}

export async function getPublicExhibitionWork(
  deps: Ctx,
  competitionId: string,
  workId: string,
): Promise<PublicExhibitionWorkPage> {
  const row = await requireOpened(deps, competitionId);
  const works = (await shownWorks(deps, row)).map((w) => w.work);
  const index = works.findIndex((w) => w.workId === workId);
  if (index < 0) throw notFound(WORK_NOT_EXHIBITED);
  return {
    exhibition: await headerOf(deps, row),
    work: works[index]!,
    previousWorkId: works[index - 1]?.workId ?? null,
    nextWorkId: works[index + 1]?.workId ?? null,
  };
}

/** Every opened exhibition: those running now, and those whose end has passed. */
export async function getExhibitionArchive(deps: Ctx): Promise<ExhibitionArchive> {
  const now = deps.clock.now().getTime();
  const archive: ExhibitionArchive = { current: [], past: [] };
  for (const row of await findOpenedExhibitions(deps.db)) {
    const works = await shownWorks(deps, row);
    const first = works.find((w) => w.work.image)?.work.image ?? null;
    const summary: ExhibitionSummary = {
      competitionId: row.competition_id,
      title: row.title,
      openedAt: row.opened_at ?? '',
      endsAt: row.ends_at,
      workCount: works.length,
      cover: first,
    };
    const ended = row.ends_at !== null && Date.parse(row.ends_at) <= now;
    (ended ? archive.past : archive.current).push(summary);
  }
  return archive;
}
