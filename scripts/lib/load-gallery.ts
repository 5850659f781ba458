/**
 * The gallery side of `npm run load:votes`: the open exhibition it votes in, the visitors browsing
 * it (lib/load-browsers.ts, in a thread of their own), their visits as nginx timed them, and the
 * checks of what the voters were answered against what the site stored.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { BrowsedAnswer } from './load-browsers.ts';
import { Tally } from './load-tally.ts';
import { type Answer, isFairRefusal, type Voter } from './load-voters.ts';

type Archive = { current: { competitionId: string; title?: string }[] };
export type Gallery = {
  competitionId: string;
  voting: { open: boolean };
  works: { workId: string; image: unknown }[];
};

export const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/** The open exhibition with voting open (the demo's "Rooftops and Rain 2026"), from the API. */
async function openGallery(base: string): Promise<Gallery> {
  const archive = (await (await fetch(`${base}/api/exhibitions`)).json()) as Archive;
  const preferred = [...archive.current].sort(
    (a, b) => Number(/Rooftops/.test(b.title ?? '')) - Number(/Rooftops/.test(a.title ?? '')),
  );
  for (const { competitionId } of preferred) {
    const gallery = (await (
      await fetch(`${base}/api/exhibitions/${competitionId}`)
    ).json()) as Gallery;
    if (gallery.voting.open && gallery.works.length > 0) return gallery;
  }
  throw new Error('No exhibition with voting open (the demo has one)');
}

/**
 * Waits (at most two minutes) until the gallery shows every work's display copy: a site just
 * started makes them first, and the quiet baseline is the site as it runs, not its first minute.
 */
export async function settledGallery(base: string): Promise<Gallery> {
  const deadline = performance.now() + 120_000;
  for (;;) {
    const gallery = await openGallery(base);
    if (gallery.works.every((work) => work.image) || performance.now() > deadline) return gallery;
    await sleepUntil(performance.now() + 1000);
  }
}

/** The gallery's visitors (load-browsers.ts), in their own thread until `stop()`. */
export function startVisitors(base: string, paths: string[], perSecond: number) {
  const worker = new Worker(new URL('./load-browsers.ts', import.meta.url), {
    workerData: { base, paths, perSecond },
  });
  const answers = new Promise<BrowsedAnswer[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const all = await answers;
      await worker.terminate();
      return all;
    },
  };
}

/**
 * Through the cluster, the same visits as nginx timed them (its access log: when each ended and
 * how long it took): the site's own time, without the load's client, which shares these cores.
 * `upstream`: the app server's part of that time instead (from nginx's request to its answer),
 * for the visits that reached one.
 */
export function visitsAtNginx(accessLog: string, paths: string[], upstream = false) {
  const visits: BrowsedAnswer[] = [];
  const line =
    /"GET (\S+) [^"]*" (\d{3}) .* rt=([\d.]+) .* upstream_time=([\d.]+|-) msec=([\d.]+)$/;
  for (const text of readFileSync(accessLog, 'utf8').split('\n')) {
    const match = line.exec(text);
    if (!match || !paths.includes(match[1] ?? '')) continue;
    // A copy nginx kept ('-': no server was asked) has no time at the app.
    if (upstream && match[4] === '-') continue;
    const ms = Number(match[3]) * 1000;
    const startedAt = Number(match[5]) * 1000 - ms;
    visits.push([startedAt, Number(match[2]), upstream ? Number(match[4]) * 1000 : ms]);
  }
  return visits;
}

/** The visits before the run (the quiet baseline), in a burst's window, and between bursts. */
export function tallyVisits(
  visits: BrowsedAnswer[],
  runFrom: number,
  bursts: [number, number][],
  where = '',
) {
  const quiet = new Tally(`gallery${where}: quiet, before the run`);
  const during = new Tally(`gallery${where}: during bursts`);
  const between = new Tally(`gallery${where}: between bursts`);
  for (const [startedAt, status, ms] of visits) {
    const tally =
      startedAt < runFrom
        ? quiet
        : bursts.some(([from, to]) => startedAt >= from && startedAt <= to)
          ? during
          : between;
    tally.add(status, ms);
  }
  return { quiet, during, between };
}

/** Every vote answered 201 stored once, every stored one answered 201, every refusal fair. */
export function checkVotes(
  votes: { voter: Voter; answer: Answer }[],
  stored: { email: string }[],
  problems: string[],
): Map<string, number> {
  const answered = new Map<string, number>();
  for (const { voter, answer } of votes) {
    if (answer.status === 201) answered.set(voter.email, (answered.get(voter.email) ?? 0) + 1);
    else if (!isFairRefusal(answer))
      problems.push(`a vote answered ${answer.status}: ${answer.body.slice(0, 160)}`);
  }
  for (const [email, n] of answered) if (n > 1) problems.push(`${email}: ${n} votes answered 201`);
  const storedOnce = new Set(stored.map((row) => row.email));
  if (stored.length !== storedOnce.size)
    problems.push(`${stored.length - storedOnce.size} votes stored twice`);
  for (const email of answered.keys())
    if (!storedOnce.has(email)) problems.push(`${email}: answered 201, not stored`);
  for (const email of storedOnce)
    if (!answered.has(email)) problems.push(`${email}: stored, never answered 201`);
  return answered;
}
