/**
 * Publishing results at scale for `npm run bench`: after the jury bench, the admin gives three
 * awards in its competition of JURY_ENTRIES approved entries and publishes over HTTP, which
 * writes a certificate and queues a results e-mail for every entrant in one transaction; then one
 * certificate is downloaded, made on the first request and served from storage after.
 */
import os from 'node:os';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/shared/csrf.ts';

export interface ResultsFigures {
  entrants: number;
  emailsQueued: number;
  publishMs: number;
  certificateFirstMs: number;
  certificateStoredMedianMs: number;
  certificateBytes: number;
  loadAverage: number[];
}

const round = (value: number) => Math.round(value * 10) / 10;

async function call(base: string, cookie: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      cookie,
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(600_000),
  });
  if (!response.ok) {
    throw new Error(
      `${method} ${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
  }
  return response;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

export async function benchResults(
  base: string,
  adminCookie: string,
  competitionId: string,
  awardTo: readonly string[],
): Promise<ResultsFigures> {
  const competition = `/api/admin/competitions/${competitionId}`;
  await call(base, adminCookie, 'PUT', `${competition}/awards`, {
    awards: awardTo.slice(0, 3).map((submissionId, i) => ({
      submissionId,
      title: ['First', 'Second', 'Third'][i],
      prize: '',
    })),
  });
  const preview = (await (
    await call(base, adminCookie, 'GET', `${competition}/results`)
  ).json()) as {
    participants: number;
    published: boolean;
  };
  // The round may have taken a competition whose results the demo published: take them down.
  if (preview.published) await call(base, adminCookie, 'POST', `${competition}/results/unpublish`);
  const [published, publishMs] = await timed(async () => {
    const response = await call(base, adminCookie, 'POST', `${competition}/results/publish`);
    return (await response.json()) as { emailsQueued: number };
  });
  // A certificate's code, as its artist finds it: in the results e-mail.
  const outbox = (await (await call(base, adminCookie, 'GET', '/api/admin/outbox')).json()) as {
    messages: { id: string; kind: string }[];
  };
  const message = outbox.messages.find((m) => m.kind.startsWith('results-'));
  const detail = (await (
    await call(base, adminCookie, 'GET', `/api/admin/outbox/${message?.id}`)
  ).json()) as { text: string };
  const code = /\/certificates\/([0-9A-Z-]{14})/.exec(detail.text)?.[1];
  if (!code) throw new Error('No certificate link in the results e-mail');
  const pdfUrl = `/api/certificates/${code}/pdf`;
  const [first, certificateFirstMs] = await timed(async () =>
    Buffer.from(await (await call(base, '', 'GET', pdfUrl)).arrayBuffer()),
  );
  const stored: number[] = [];
  for (let i = 0; i < 5; i++) {
    stored.push((await timed(async () => (await call(base, '', 'GET', pdfUrl)).arrayBuffer()))[1]);
  }
  stored.sort((a, b) => a - b);
  return {
    entrants: preview.participants,
    emailsQueued: published.emailsQueued,
    publishMs: round(publishMs),
    certificateFirstMs: round(certificateFirstMs),
    certificateStoredMedianMs: round(stored[2] ?? 0),
    certificateBytes: first.length,
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
  };
}
