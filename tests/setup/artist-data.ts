import { expect } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from './admin-session.ts';
import { artistCookies, signInArtist } from './artist-session.ts';
import { approvedEntry, type Artist, artistNumbered } from './jury.ts';
import { post } from './receipts.ts';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from './registration.ts';
import type { TestApp } from './test-app.ts';

/*
 * An artist with an entry of every kind, for the tests of their data and its erasure: a winner
 * in a published competition, a paid entry in an open one (paid at the test checkout, so it has a
 * receipt) and a free one; and another artist's entry beside them.
 */

export interface ArtistWithEntries {
  admin: string;
  artist: Artist;
  other: Artist;
  cookie: Record<string, string>;
  resultsCompetitionId: string;
  ids: { winner: string; paid: string; free: string; others: string };
}

export async function registerEntry(
  t: TestApp,
  competitionId: string,
  overrides: Record<string, unknown>,
) {
  const data = registrationData(competitionId, overrides);
  const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; entryToken: string }>();
}

export async function artistWithEntries(t: TestApp, n: number): Promise<ArtistWithEntries> {
  const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const artist = artistNumbered(n);
  const other = artistNumbered(n + 1);
  const ok = async (url: string, payload?: object) => {
    const response = await asAdmin(t, admin, payload ? 'PUT' : 'POST', url, payload);
    expect(response.statusCode, response.body).toBe(200);
  };
  const results = (await addCompetition(t)).competition;
  const winner = await approvedEntry(t, admin, results.id, artist, 'Monsoon');
  const base = `/api/admin/competitions/${results.id}`;
  await ok(`${base}/awards`, {
    awards: [{ submissionId: winner, title: 'First', prize: 'A solo show' }],
  });
  await ok(`${base}/close-entries`);
  await ok(`${base}/results/publish`);

  const paidCompetition = (await addCompetition(t, { entry_type: 'paid', entry_fee: 500 }))
    .competition;
  const paid = await registerEntry(t, paidCompetition.id, { ...artist });
  const order = await post(t.app, '/api/payments/orders', { entryToken: paid.entryToken });
  expect(order.statusCode, order.body).toBe(200);
  const { orderId } = order.json<{ orderId: string }>();
  const pay = await post(t.app, `/api/payments/test-checkout/${orderId}`, { outcome: 'pay' });
  expect(pay.statusCode, pay.body).toBe(200);

  const freeCompetition = (await addCompetition(t)).competition;
  const free = await registerEntry(t, freeCompetition.id, { ...artist });
  const others = await registerEntry(t, freeCompetition.id, { ...other });
  const cookie = artistCookies(await signInArtist(t.app, artist.email));
  return {
    admin,
    artist,
    other,
    cookie,
    resultsCompetitionId: results.id,
    ids: { winner, paid: paid.id, free: free.id, others: others.id },
  };
}
