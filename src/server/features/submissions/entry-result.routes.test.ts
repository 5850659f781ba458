import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { EntryView } from '../../../shared/schemas/entry.ts';

/*
 * The result on the artist's entry page: POST /api/entries/view answers `result: null`
 * until the competition's results are published, then the entry's outcome, the results page and
 * its certificate's code; null again once they are unpublished. Published through the admin API.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;
const CODE = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});

async function viewOf(submissionId: string): Promise<EntryView> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/entries/view',
    headers: OUR_CLIENT_HEADERS,
    payload: { entryToken: await t.app.deps.entryTokens.issue(submissionId) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EntryView>();
}

async function asAdminOk(method: 'PUT' | 'POST', url: string, payload?: object) {
  const response = await asAdmin(t, admin, method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
}

describe(`the result on the entry page (${TEST_ENGINE})`, () => {
  it('is null before Publish, the outcome after it, and null again after Unpublish', async () => {
    const competitionId = (await addCompetition(t)).competition.id;
    const winner = await approvedEntry(t, admin, competitionId, artistNumbered(1), 'Monsoon');
    const other = await approvedEntry(t, admin, competitionId, artistNumbered(2), 'Harbour');
    const pendingData = registrationData(competitionId, {
      ...artistNumbered(3),
      fieldValues: { artworkTitle: 'Waiting', medium: 'Ink', size: 'A3', description: 'Pending.' },
    });
    const registered = await postRegistration(
      t,
      registrationParts(pendingData, await defaultFiles()),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const pending = registered.json<{ id: string }>().id;

    const base = `/api/admin/competitions/${competitionId}`;
    await asAdminOk('PUT', `${base}/awards`, {
      awards: [{ submissionId: winner, title: 'First', prize: 'A solo show' }],
    });
    expect((await viewOf(winner)).result).toBeNull();

    // Results are published only once entries are closed (decision 021).
    await asAdminOk('POST', `${base}/close-entries`);
    await asAdminOk('POST', `${base}/results/publish`);
    const resultsUrl = `/competition/${competitionId}/results`;
    const won = (await viewOf(winner)).result;
    expect(won).toEqual({
      outcome: 'award',
      award: 'First',
      resultsUrl,
      certificateCode: expect.stringMatching(CODE) as unknown,
    });
    const tookPart = (await viewOf(other)).result;
    expect(tookPart).toEqual({
      outcome: 'participated',
      award: null,
      resultsUrl,
      certificateCode: expect.stringMatching(CODE) as unknown,
    });
    expect(tookPart?.certificateCode).not.toBe(won?.certificateCode);
    // Not approved when the results went out: no certificate, no result.
    expect((await viewOf(pending)).result).toBeNull();

    // The certificate the page links to is the artist's own.
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/certificates/${won?.certificateCode ?? ''}`,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      artistName: artistNumbered(1).fullName,
      award: 'First',
    });

    await asAdminOk('POST', `${base}/results/unpublish`);
    expect((await viewOf(winner)).result).toBeNull();
  });
});
