import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { Publication, PublicationPreview } from '../../../shared/schemas/publication.ts';
import { publicationSummary } from '../../../shared/schemas/publication.ts';
import { ALREADY_PUBLISHED, NO_AWARDS, NOT_PUBLISHED } from './publication.service.ts';

/*
 * Publishing a competition's results over HTTP: refused before any award, then one results
 * e-mail per approved entry from the template of its outcome, never twice (a second Publish, two
 * servers at once, or a Publish after an Unpublish), and Unpublish taking the page down.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;
const resultsUrl = (id: string) => `/api/admin/competitions/${id}/results`;

/** Artists beyond artistNumbered's nine: its address and phone, a name and e-mail of their own. */
const artist = (n: number) => ({
  ...artistNumbered((n % 9) + 1),
  fullName: `Artist ${n}`,
  email: `artist.${n}@example.com`,
});

/** A competition with `approved` approved entries and one still waiting for review. */
async function competitionWithEntries(approved: number, first = 1) {
  const competitionId = (await addCompetition(t)).competition.id;
  const ids: string[] = [];
  for (let n = first; n < first + approved; n++) {
    ids.push(await approvedEntry(t, admin, competitionId, artist(n), `Study ${n}`));
  }
  const data = registrationData(competitionId, {
    ...artist(first + approved),
    fieldValues: { artworkTitle: 'Waiting', medium: 'Ink', size: 'A3', description: 'Pending.' },
  });
  const pending = await postRegistration(t, registrationParts(data, await defaultFiles()));
  expect(pending.statusCode, pending.body).toBe(201);
  // Results are published only once entries are closed (decision 021).
  const closed = await asAdmin(
    t,
    admin,
    'POST',
    `/api/admin/competitions/${competitionId}/close-entries`,
  );
  expect(closed.statusCode, closed.body).toBe(200);
  return { competitionId, ids, pendingId: pending.json<{ id: string }>().id };
}

async function giveAwards(competitionId: string, awards: { id: string; title: string }[]) {
  const response = await asAdmin(
    t,
    admin,
    'PUT',
    `/api/admin/competitions/${competitionId}/awards`,
    {
      awards: awards.map((a) => ({ submissionId: a.id, title: a.title, prize: 'A solo show' })),
    },
  );
  expect(response.statusCode, response.body).toBe(200);
}

/** The results e-mails queued for the competition's entries, by entry. */
async function resultsEmails(ids: readonly string[]) {
  return t.app.deps.db
    .selectFrom('email_outbox')
    .select(['submission_id', 'kind', 'to_address', 'subject', 'body_text'])
    .where('kind', 'like', 'results-%')
    .where('submission_id', 'in', ids)
    .execute();
}

async function preview(competitionId: string) {
  const response = await asAdmin(t, admin, 'GET', resultsUrl(competitionId));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublicationPreview>();
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});

describe(`publishing results (${TEST_ENGINE})`, () => {
  it('is refused before any award, and nothing is written', async () => {
    const { competitionId, ids } = await competitionWithEntries(2);
    const response = await asAdmin(t, admin, 'POST', `${resultsUrl(competitionId)}/publish`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'NO_AWARDS', message: NO_AWARDS } });
    expect(await resultsEmails(ids)).toEqual([]);
    expect((await preview(competitionId)).published).toBe(false);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/competitions/${competitionId}/results`,
    });
    expect(page.statusCode).toBe(404);
  });

  it('writes one e-mail per approved entry from its outcome’s template, and counts them first', async () => {
    const { competitionId, ids, pendingId } = await competitionWithEntries(3);
    await giveAwards(competitionId, [{ id: ids[1] as string, title: 'First' }]);
    const before = await preview(competitionId);
    expect(before).toMatchObject({
      published: false,
      awards: 1,
      shortlisted: 0,
      participants: 3,
      emails: 3,
      awaitingReview: 1,
    });
    expect(publicationSummary(before)).toBe('1 winner and shortlisted, 3 participants, 3 e-mails');

    const response = await asAdmin(t, admin, 'POST', `${resultsUrl(competitionId)}/publish`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Publication>()).toMatchObject({ published: true, emailsQueued: 3 });

    const emails = await resultsEmails([...ids, pendingId]);
    expect(emails).toHaveLength(3);
    const winner = emails.find((e) => e.submission_id === ids[1]);
    expect(winner?.kind).toBe('results-winner');
    expect(winner?.subject).toContain('your work won First (A solo show)');
    expect(winner?.body_text).toMatch(
      /Your certificate: http:\/\/\S+\/certificates\/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/,
    );
    expect(winner?.body_text).toContain(`/competition/${competitionId}/results`);
    expect(emails.filter((e) => e.kind === 'results-participated')).toHaveLength(2);
    expect(emails.find((e) => e.submission_id === pendingId)).toBeUndefined();
    expect(await preview(competitionId)).toMatchObject({ published: true, emails: 0 });
    const audits = (await auditRowsOf(t.app.deps.db, 'results.publish')).filter(
      (row) => row.entity_id === competitionId,
    );
    expect(audits.map((row) => [row.actor, JSON.parse(row.details ?? 'null')])).toEqual([
      [
        'admin',
        { awards: 1, participants: 3, emails: 3, feedbackReleased: false, recordPublished: false },
      ],
    ]);
  });

  it('publishes once: a second Publish is refused and writes nothing', async () => {
    const { competitionId, ids } = await competitionWithEntries(2, 10);
    await giveAwards(competitionId, [{ id: ids[0] as string, title: 'First' }]);
    const [a, b] = await Promise.all([
      asAdmin(t, admin, 'POST', `${resultsUrl(competitionId)}/publish`),
      asAdmin(t, admin, 'POST', `${resultsUrl(competitionId)}/publish`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toEqual({
      error: { code: 'ALREADY_PUBLISHED', message: ALREADY_PUBLISHED },
    });
    expect(await resultsEmails(ids)).toHaveLength(2);
  });

  it('sends one e-mail per entrant when two servers publish at once', async () => {
    const { competitionId, ids } = await competitionWithEntries(4, 20);
    await giveAwards(competitionId, [
      { id: ids[0] as string, title: 'First' },
      { id: ids[2] as string, title: 'Second' },
    ]);
    // Several servers share PostgreSQL. SQLite serves one server: there the second is the first
    // (two handles in one process would block each other's event loop on the write lock).
    const second = TEST_ENGINE === 'postgres' ? await buildApp(t.config) : t.app;
    try {
      await second.ready();
      const url = `${resultsUrl(competitionId)}/publish`;
      const answers = await Promise.all([
        asAdmin(t, admin, 'POST', url),
        asAdmin(second, admin, 'POST', url),
        asAdmin(second, admin, 'POST', url),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    } finally {
      if (second !== t.app) await second.close();
    }
    const emails = await resultsEmails(ids);
    expect(emails.map((e) => e.submission_id).sort()).toEqual([...ids].sort());
    const certificates = await t.app.deps.db
      .selectFrom('certificates')
      .select('submission_id')
      .where('competition_id', '=', competitionId)
      .execute();
    expect(certificates).toHaveLength(4);
  });

  it('Unpublish takes the page down; publishing again writes to nobody twice', async () => {
    const { competitionId, ids } = await competitionWithEntries(2, 30);
    await giveAwards(competitionId, [{ id: ids[0] as string, title: 'First' }]);
    expect(
      (await asAdmin(t, admin, 'POST', `${resultsUrl(competitionId)}/publish`)).statusCode,
    ).toBe(200);
    const page = `/api/competitions/${competitionId}/results`;
    expect((await t.app.inject({ method: 'GET', url: page })).statusCode).toBe(200);

    const down = await asAdmin(t, admin, 'POST', `${resultsUrl(competitionId)}/unpublish`);
    expect(down.statusCode, down.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: page })).statusCode).toBe(404);
    const again = await asAdmin(t, admin, 'POST', `${resultsUrl(competitionId)}/unpublish`);
    expect(again.json()).toEqual({ error: { code: 'NOT_PUBLISHED', message: NOT_PUBLISHED } });
    expect(await resultsEmails(ids)).toHaveLength(2);

    // The second place changes hands: the certificates follow, nobody is written to again.
    await giveAwards(competitionId, [
      { id: ids[0] as string, title: 'First' },
      { id: ids[1] as string, title: 'Second' },
    ]);
    const republished = await asAdmin(t, admin, 'POST', `${resultsUrl(competitionId)}/publish`);
    expect(republished.json<Publication>()).toMatchObject({ published: true, emailsQueued: 0 });
    expect(await resultsEmails(ids)).toHaveLength(2);
    const certificate = await t.app.deps.db
      .selectFrom('certificates')
      .select(['kind', 'award'])
      .where('submission_id', '=', ids[1] as string)
      .executeTakeFirstOrThrow();
    expect(certificate).toEqual({ kind: 'merit', award: 'Second' });
  });

  it('answers 404 for a competition that does not exist', async () => {
    for (const [method, url] of [
      ['GET', resultsUrl('no-such-competition')],
      ['POST', `${resultsUrl('no-such-competition')}/publish`],
      ['POST', `${resultsUrl('no-such-competition')}/unpublish`],
    ] as const) {
      const response = await asAdmin(t, admin, method, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
    }
  });
});
