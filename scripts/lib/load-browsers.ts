/**
 * The gallery's visitors of `npm run load:votes`, in a thread of their own (the voters and the
 * visitors are different people, on different machines). Visits arrive at a steady rate, each
 * whether or not the ones before it were answered, as a public's do: a closed loop of visitors
 * who ask again the moment they are answered keeps the CPU busy by itself and, worse, stops asking
 * while the site stalls, so a stall is counted once instead of for every visit it held up. Each
 * visit is timed from when it was due, so a late start counts too. `workerData`: the site's
 * address, the paths to ask in turn and the visits per second. Each answer is kept as
 * [due (ms since the epoch), status (0: no answer), ms]; on the message 'stop' the thread waits
 * for the visits under way and posts them all.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { clusterMode } from './load-voters.ts';

export type BrowsedAnswer = [dueAt: number, status: number, ms: number];

const { base, paths, perSecond } = workerData as {
  base: string;
  paths: string[];
  perSecond: number;
};
clusterMode();
let stopped = false;
parentPort?.on('message', (message) => {
  if (message === 'stop') stopped = true;
});

const answers: BrowsedAnswer[] = [];
const underWay = new Set<Promise<void>>();
async function visit(path: string, due: number) {
  const dueAt = performance.timeOrigin + due;
  try {
    const response = await fetch(`${base}${path}`);
    await response.arrayBuffer();
    answers.push([dueAt, response.status, performance.now() - due]);
  } catch {
    answers.push([dueAt, 0, performance.now() - due]);
  }
}

const start = performance.now();
for (let n = 0; !stopped; n += 1) {
  const due = start + (n * 1000) / perSecond;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  const visiting = visit(paths[n % paths.length] ?? '/', due);
  underWay.add(visiting);
  void visiting.finally(() => underWay.delete(visiting));
}
await Promise.all(underWay);
parentPort?.postMessage(answers);
