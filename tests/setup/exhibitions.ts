import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'vitest';
import type { AdminExhibition } from '../../src/shared/schemas/exhibition.ts';
import { asAdmin, type Target } from './admin-session.ts';

/*
 * The display copies are made by their job, which choosing the works and opening wake; the
 * admin's answers never wait for them. A test that needs the copies waits for the job to have
 * made them, as the admin's screen shows them (also from beforeAll, where expect.poll is not
 * allowed).
 */

const GIVE_UP_MS = 30_000;

/** Resolves once every chosen work of the competition's exhibition has its display copy. */
export async function displayCopiesMade(target: Target, admin: string, competitionId: string) {
  const url = `/api/admin/competitions/${competitionId}/exhibition`;
  const giveUpAt = performance.now() + GIVE_UP_MS;
  for (;;) {
    const works = (await asAdmin(target, admin, 'GET', url)).json<AdminExhibition>().works;
    if (works.length > 0 && works.every((w) => w.hasDisplayCopy)) return;
    if (performance.now() > giveUpAt)
      throw new Error(`Display copies not made in ${GIVE_UP_MS} ms: ${JSON.stringify(works)}`);
    await delay(50);
  }
}

/**
 * The admin's exhibition of every approved work of the competition, titled "Harbours", opened,
 * its display copies made: where the tests of the works on show start.
 */
export async function openExhibitionOfApproved(
  target: Target,
  admin: string,
  competitionId: string,
) {
  const url = `/api/admin/competitions/${competitionId}/exhibition`;
  for (const [method, path, body] of [
    ['PUT', url, { title: 'Harbours' }],
    ['PUT', `${url}/works`, { source: 'approved' }],
    ['POST', `${url}/open`, undefined],
  ] as const) {
    const response = await asAdmin(target, admin, method, path, body);
    expect(response.statusCode, response.body).toBe(200);
  }
  await displayCopiesMade(target, admin, competitionId);
}
