/*
 * nginx keeps an exhibition's pages and data for a second (deploy/nginx.conf): a crowd on a shared
 * link, and the vote's bursts, do not reach the app servers for the gallery. Its copy is served
 * (X-Cache-Status HIT), browsers are still told to check each time, an admin's change shows
 * within seconds, and what is not an exhibition's read (a session's answer) is never kept.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { AdminExhibition, ExhibitionArchive } from '../../src/shared/schemas/exhibition.ts';
import { OURS, signInThroughApi } from '../e2e/admin-fixtures.ts';

const { CLUSTER_ADMIN_PASSWORD } = process.env;
if (!CLUSTER_ADMIN_PASSWORD) {
  throw new Error('Run the cluster journey with `npm run test:cluster` (scripts/cluster.ts)');
}

const cacheStatus = (response: APIResponse) => response.headers()['x-cache-status'];

/** The demo's exhibition taking votes (Rooftops and Rain 2026). */
async function runningExhibition(request: APIRequestContext): Promise<string> {
  const archive = (await (await request.get('/api/exhibitions')).json()) as ExhibitionArchive;
  const current = archive.current[0];
  expect(current, JSON.stringify(archive)).toBeDefined();
  return current?.competitionId ?? '';
}

test('an exhibition is kept by nginx for a second; a change shows after it', async ({
  request,
}) => {
  const competitionId = await runningExhibition(request);
  const gallery = `/api/exhibitions/${competitionId}`;
  const page = `/exhibitions/${competitionId}`;

  // Asked again at once, the gallery and its page come from nginx's copy, which browsers are
  // still told to check every time.
  for (const path of [gallery, page]) {
    await expect
      .poll(async () => cacheStatus(await request.get(path)), { message: path })
      .toBe('HIT');
    const kept = await request.get(path);
    expect(kept.headers()['cache-control']).toBe('no-cache');
  }
  // A signed-in admin's answers are not an exhibition's: never kept.
  await signInThroughApi(request, { username: 'admin', password: CLUSTER_ADMIN_PASSWORD });
  const session = await request.get('/api/auth/session', { headers: OURS });
  expect(session.status()).toBe(200);
  expect(cacheStatus(session)).toBeUndefined();

  // The admin renames the exhibition; visitors see the new title once nginx's second is up.
  const admin = `/api/admin/competitions/${competitionId}/exhibition`;
  const current = (await (await request.get(admin, { headers: OURS })).json()) as AdminExhibition;
  const title = `${current.title} (${Date.now()})`;
  const { introduction, endsAt, votingOpensAt, votingClosesAt, votesPerVisitor } = current;
  const saved = await request.put(admin, {
    headers: OURS,
    data: { title, introduction, endsAt, votingOpensAt, votingClosesAt, votesPerVisitor },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await expect
    .poll(async () => ((await (await request.get(gallery)).json()) as { title: string }).title, {
      timeout: 10_000,
    })
    .toBe(title);
  await expect
    .poll(async () => (await (await request.get(page)).text()).includes(title), {
      timeout: 10_000,
    })
    .toBe(true);
});
