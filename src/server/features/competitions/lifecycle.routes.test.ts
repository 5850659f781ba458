import { beforeAll, describe, expect, it } from 'vitest';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationFormUrl,
  registrationState,
  todayInKolkata,
} from '../../../../tests/setup/registration.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { registrationParts } from '../../../../tests/setup/registration.ts';
import { addDays, lastMinuteBefore } from '../../../shared/domain/competition-status.ts';
import { ENTRY_EXTENSION_HEADER } from '../../../shared/registration-request.ts';
import type { ExtensionGranted } from '../../../shared/schemas/extension.ts';
import { PUBLISH_REFUSALS } from '../../../shared/schemas/publication.ts';
import { LIFECYCLE_MESSAGES } from './lifecycle.ts';

/*
 * A competition's lifecycle over HTTP (decision 021): drafts unseen by visitors, entries closing
 * at a date and time, registration refused after the close or once results are published, an
 * artist's extension link, and Publish only after entries close.
 */

const clock = createRunningClock();
const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD }, clock });
let admin: string;
beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const adminCall = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  asAdmin(t, admin, method, url, payload);

/** A competition whose entries closed `minutesAgo` minutes ago (at a minute's end), in India. */
async function closedCompetition(minutesAgo: number, overrides = {}) {
  const close = lastMinuteBefore(
    new Date(clock.now().getTime() - (minutesAgo - 1) * 60_000),
    'Asia/Kolkata',
  );
  return addCompetition(t, {
    start_date: addDays(close.date, -10),
    end_date: close.date,
    closing_time: close.time,
    ...overrides,
  });
}

async function register(
  competitionId: string,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const data = registrationData(competitionId, overrides);
  return postRegistration(t, registrationParts(data, await defaultFiles()), { headers });
}

/** Registers and expects `status` with `code`, and nothing written. */
async function expectRefused(
  competitionId: string,
  expected: { status: number; code: string; message: string },
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const before = await registrationState(t);
  const response = await register(competitionId, overrides, headers);
  expect(response.statusCode, response.body).toBe(expected.status);
  expect(response.json()).toEqual({ error: { code: expected.code, message: expected.message } });
  expect(await registrationState(t)).toEqual(before);
}

describe(`a draft competition (${TEST_ENGINE})`, () => {
  it('is seen by admins alone: no catalogue, page data, form or registration for visitors', async () => {
    const { competition } = await addCompetition(t, { draft: 1, title: 'Secret Draft' });
    const list = (await get('/api/competitions')).json<{ id: string }[]>();
    expect(list.map((c) => c.id)).not.toContain(competition.id);
    expect((await get(`/api/competitions/${competition.id}`)).statusCode).toBe(404);
    expect((await get(registrationFormUrl(competition.id))).statusCode).toBe(404);
    await expectRefused(competition.id, {
      status: 404,
      code: 'NOT_FOUND',
      message: 'Competition not found',
    });
    const asAdminNow = await adminCall('GET', `/api/admin/competitions/${competition.id}`);
    expect(asAdminNow.json()).toMatchObject({ draft: true, stage: 'draft' });
  });

  it('appears once the admin unticks Draft', async () => {
    const { competition, category } = await addCompetition(t, { draft: 1 });
    const saved = await adminCall('PUT', `/api/admin/competitions/${competition.id}`, {
      title: competition.title,
      description: competition.description,
      categoryId: category.id,
      startDate: competition.start_date,
      endDate: competition.end_date,
      entryType: 'free',
      draft: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(`/api/competitions/${competition.id}`)).json()).toMatchObject({
      stage: 'open',
      status: 'open',
    });
  });
});

describe(`entries close at a date and time (${TEST_ENGINE})`, () => {
  it('closes at the end of the closing minute; a registration after it is refused, nothing written', async () => {
    const { competition } = await closedCompetition(1);
    const shown = (await get(`/api/competitions/${competition.id}`)).json<{
      status: string;
      stage: string;
      closesAt: string;
    }>();
    expect(shown).toMatchObject({ status: 'closed', stage: 'closed' });
    expect(Date.parse(shown.closesAt)).toBeLessThanOrEqual(clock.now().getTime());
    await expectRefused(competition.id, {
      status: 409,
      code: 'COMPETITION_NOT_OPEN',
      message: LIFECYCLE_MESSAGES.closed,
    });
  });

  it('takes entries until then, and the admin form keeps the closing time', async () => {
    const { competition } = await addCompetition(t, {
      end_date: todayInKolkata(),
      closing_time: '23:59',
    });
    expect((await register(competition.id)).statusCode).toBe(201);
    const saved = await adminCall('GET', `/api/admin/competitions/${competition.id}`);
    expect(saved.json()).toMatchObject({ closingTime: '23:59', stage: 'open' });
  });

  it('refuses a closing time that is not HH:MM', async () => {
    const { competition, category } = await addCompetition(t);
    for (const closingTime of ['24:00', '9:30', '12:60', 'noon']) {
      const response = await adminCall('PUT', `/api/admin/competitions/${competition.id}`, {
        title: competition.title,
        description: competition.description,
        categoryId: category.id,
        startDate: competition.start_date,
        endDate: competition.end_date,
        closingTime,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { fields: { closingTime: 'Enter a time as HH:MM, from 00:00 to 23:59' } },
      });
    }
  });

  it('refuses registration once the results are published, even within the dates', async () => {
    const { competition } = await addCompetition(t);
    const stamp = clock.now().toISOString();
    await t.app.deps.db
      .insertInto('results_publications')
      .values({
        competition_id: competition.id,
        published_at: stamp,
        first_published_at: stamp,
        updated_at: stamp,
      })
      .execute();
    t.app.deps.contentCache.invalidate();
    expect((await get(`/api/competitions/${competition.id}`)).json()).toMatchObject({
      status: 'closed',
      stage: 'published',
    });
    await expectRefused(competition.id, {
      status: 409,
      code: 'COMPETITION_NOT_OPEN',
      message: LIFECYCLE_MESSAGES.published,
    });
  });
});

describe(`an artist's extension (${TEST_ENGINE})`, () => {
  async function grant(competitionId: string, email: string, validUntil: Date) {
    const response = await adminCall(
      'POST',
      `/api/admin/competitions/${competitionId}/extensions`,
      {
        email,
        validUntil: validUntil.toISOString(),
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    const granted = response.json<ExtensionGranted>();
    const token = /#extension=([A-Za-z0-9_-]+)$/.exec(granted.link)?.[1] as string;
    return { granted, token };
  }
  const inAnHour = () => new Date(clock.now().getTime() + 3_600_000);

  it('lets that artist alone register after the close, audited and shown on the entry', async () => {
    const { competition } = await closedCompetition(120);
    const { granted, token } = await grant(competition.id, 'Meera@Example.com', inAnHour());
    expect(granted).toMatchObject({ email: 'meera@example.com', used: 0, createdBy: 'admin' });
    expect(granted.link).toContain(
      `/register/competition?competition=${competition.id}#extension=`,
    );
    const audits = await auditRowsOf(t.app.deps.db, 'competition.extension-grant');
    expect(audits.at(-1)).toMatchObject({ entity_id: competition.id });
    expect(JSON.stringify(audits.at(-1)?.details)).not.toContain(token);

    await expectRefused(
      competition.id,
      { status: 409, code: 'EXTENSION_REFUSED', message: LIFECYCLE_MESSAGES.extensionOtherEmail },
      { email: 'someone.else@example.com' },
      { [ENTRY_EXTENSION_HEADER]: token },
    );
    await expectRefused(
      competition.id,
      {
        status: 409,
        code: 'COMPETITION_NOT_OPEN',
        message: LIFECYCLE_MESSAGES.closed,
      },
      { email: 'meera@example.com' },
    );

    const response = await register(
      competition.id,
      { email: 'meera@example.com' },
      { [ENTRY_EXTENSION_HEADER]: token },
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ id: string }>().id;
    const entry = await adminCall('GET', `/api/admin/submissions/${id}`);
    expect(entry.json()).toMatchObject({
      extension: { validUntil: granted.validUntil, createdBy: 'admin' },
    });
    const list = await adminCall('GET', `/api/admin/competitions/${competition.id}/extensions`);
    expect(list.json()).toEqual([expect.objectContaining({ id: granted.id, used: 1 })]);
  });

  it('refuses an expired or altered link, or one of another competition, and writes nothing', async () => {
    const { competition } = await closedCompetition(120);
    const { token } = await grant(competition.id, 'ravi@example.com', inAnHour());
    const other = await closedCompetition(120);
    const { token: otherToken } = await grant(other.competition.id, 'ravi@example.com', inAnHour());
    const artist = { email: 'ravi@example.com' };
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, otherToken, 'not-a-token', `${token}x`]) {
      await expectRefused(
        competition.id,
        { status: 409, code: 'EXTENSION_REFUSED', message: LIFECYCLE_MESSAGES.extensionNotValid },
        artist,
        { [ENTRY_EXTENSION_HEADER]: bad },
      );
    }
    clock.advance(3_600_000 + 1000);
    try {
      await expectRefused(
        competition.id,
        { status: 409, code: 'EXTENSION_REFUSED', message: LIFECYCLE_MESSAGES.extensionExpired },
        artist,
        { [ENTRY_EXTENSION_HEADER]: token },
      );
    } finally {
      clock.advance(-(3_600_000 + 1000));
    }
  });

  it('does not open a competition whose results are published', async () => {
    const { competition } = await closedCompetition(120);
    const { token } = await grant(competition.id, 'asha@example.com', inAnHour());
    const stamp = clock.now().toISOString();
    await t.app.deps.db
      .insertInto('results_publications')
      .values({
        competition_id: competition.id,
        published_at: stamp,
        first_published_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await expectRefused(
      competition.id,
      { status: 409, code: 'COMPETITION_NOT_OPEN', message: LIFECYCLE_MESSAGES.published },
      { email: 'asha@example.com' },
      { [ENTRY_EXTENSION_HEADER]: token },
    );
  });

  it('refuses a grant with a bad e-mail, a past time or for no competition', async () => {
    const { competition } = await addCompetition(t);
    const url = `/api/admin/competitions/${competition.id}/extensions`;
    const past = new Date(clock.now().getTime() - 60_000).toISOString();
    const cases = [
      [{ email: 'not an email', validUntil: inAnHour().toISOString() }, 'email'],
      [{ email: 'a@example.com', validUntil: past }, 'validUntil'],
      [{ email: 'a@example.com', validUntil: 'tomorrow' }, 'validUntil'],
    ] as const;
    for (const [body, field] of cases) {
      const response = await adminCall('POST', url, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json<{ error: { fields: object } }>().error.fields)).toEqual([
        field,
      ]);
    }
    const missing = await adminCall(
      'POST',
      '/api/admin/competitions/00000000-0000-4000-8000-000000000000/extensions',
      { email: 'a@example.com', validUntil: inAnHour().toISOString() },
    );
    expect(missing.statusCode).toBe(404);
    const rows = await t.app.deps.db
      .selectFrom('entry_extensions')
      .select('id')
      .where('competition_id', '=', competition.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe(`Publish only after entries close (${TEST_ENGINE})`, () => {
  const results = (id: string) => `/api/admin/competitions/${id}/results`;

  it('refuses Publish while entries are open, before any other check, with the closing time', async () => {
    const { competition } = await addCompetition(t, { closing_time: '18:00' });
    const refused = await adminCall('POST', `${results(competition.id)}/publish`);
    expect(refused.statusCode).toBe(409);
    const { error } = refused.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe('ENTRIES_OPEN');
    expect(error.message).toMatch(
      /^Entries are still open until \d{1,2} \w{3} \d{4}, 6:00 pm IST\. Close entries before publishing the results\.$/,
    );
    const preview = (await adminCall('GET', results(competition.id))).json<{
      entriesOpenUntil: string;
    }>();
    expect(error.message).toBe(PUBLISH_REFUSALS.entriesOpen(preview.entriesOpenUntil));
    const publication = await t.app.deps.db
      .selectFrom('results_publications')
      .selectAll()
      .where('competition_id', '=', competition.id)
      .execute();
    expect(publication).toEqual([]);
  });

  it('"Close entries now" closes them (audited); then Publish with no awards says so', async () => {
    const { competition } = await addCompetition(t);
    const closed = await adminCall(
      'POST',
      `/api/admin/competitions/${competition.id}/close-entries`,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', stage: 'closed' });
    expect(Date.parse(closed.json<{ closesAt: string }>().closesAt)).toBeLessThanOrEqual(
      clock.now().getTime(),
    );
    const audits = await auditRowsOf(t.app.deps.db, 'competition.close-entries');
    expect(audits.at(-1)).toMatchObject({ entity_id: competition.id, actor: 'admin' });

    expect((await get(`/api/competitions/${competition.id}`)).json()).toMatchObject({
      status: 'closed',
    });
    await expectRefused(competition.id, {
      status: 409,
      code: 'COMPETITION_NOT_OPEN',
      message: LIFECYCLE_MESSAGES.closed,
    });
    expect((await adminCall('GET', results(competition.id))).json()).toMatchObject({
      entriesOpenUntil: null,
    });
    const publish = await adminCall('POST', `${results(competition.id)}/publish`);
    expect(publish.statusCode).toBe(409);
    expect(publish.json()).toEqual({
      error: { code: 'NO_AWARDS', message: PUBLISH_REFUSALS.noAwards },
    });

    const again = await adminCall(
      'POST',
      `/api/admin/competitions/${competition.id}/close-entries`,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'ENTRIES_CLOSED', message: LIFECYCLE_MESSAGES.alreadyClosed },
    });
  });

  it('closes an upcoming competition too, its start moved to the close', async () => {
    const { competition } = await addCompetition(t, {
      start_date: addDays(todayInKolkata(), 5),
      end_date: addDays(todayInKolkata(), 9),
    });
    const closed = await adminCall(
      'POST',
      `/api/admin/competitions/${competition.id}/close-entries`,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    const body = closed.json<{ startDate: string; endDate: string; status: string }>();
    expect(body.status).toBe('closed');
    expect(body.startDate <= body.endDate).toBe(true);
  });
});
