import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import {
  type JudgedCompetition,
  judgedCompetition,
} from '../../../../tests/setup/judging-record.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { adminApiPaths, publicApiPaths } from '../../../shared/api-paths.ts';
import type { ErrorEnvelope } from '../../../shared/schemas/error.ts';
import type {
  JudgingRecord,
  JudgingRecordState,
  PublishedJudgingRecord,
} from '../../../shared/schemas/judging-record.ts';
import type { PublicationPreview, PublicResults } from '../../../shared/schemas/publication.ts';

/*
 * The judging record over HTTP: published with the results when asked (or later), withdrawn and
 * shown again with the same bytes, refused while the results are down; the file is the exact
 * stored bytes and names no juror, no alias and no work whose artist chose not to be shown.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;
let judged: JudgedCompetition;

const admins = (id: string) => adminApiPaths.judgingRecord(id);
const publish = (id: string, body: unknown = {}) =>
  asAdmin(t, admin, 'POST', `/api/admin/competitions/${id}/results/publish`, body);
const get = (url: string) => t.app.inject({ method: 'GET', url });

function expectError(response: { statusCode: number; body: string }, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect((JSON.parse(response.body) as ErrorEnvelope).error.code).toBe(code);
}

/** Every key and string of a JSON value, walked. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [k, ...stringsOf(v)]);
  }
  return [];
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  judged = await judgedCompetition(t, admin, 'rec');
});

describe(`the judging record (${TEST_ENGINE})`, () => {
  it('answers 404 while the results or the record are unpublished, and Publish leaves it off by default', async () => {
    const id = judged.competitionId;
    expectError(await get(publicApiPaths.judgingRecordJson(id)), 404, 'RESULTS_NOT_PUBLISHED');
    expectError(await get(publicApiPaths.judgingRecord(id)), 404, 'RESULTS_NOT_PUBLISHED');
    expectError(
      await get(publicApiPaths.judgingRecordJson('no-such')),
      404,
      'RESULTS_NOT_PUBLISHED',
    );
    // The record cannot be published before the results.
    expectError(
      await asAdmin(t, admin, 'PUT', admins(id), { published: true }),
      409,
      'RESULTS_NOT_PUBLISHED',
    );
    expect((await publish(id)).statusCode).toBe(200);
    expectError(
      await get(publicApiPaths.judgingRecordJson(id)),
      404,
      'JUDGING_RECORD_NOT_PUBLISHED',
    );
    expectError(await get(publicApiPaths.judgingRecord(id)), 404, 'JUDGING_RECORD_NOT_PUBLISHED');
    expect(
      (await get(publicApiPaths.competitionResults(id))).json<PublicResults>().record,
    ).toBeNull();
    const state = await asAdmin(t, admin, 'GET', admins(id));
    expect(state.json<JudgingRecordState>()).toEqual({ published: false, sha256: null });
  });

  it('is refused bad input whole: a bad body, an unknown competition, nothing to change', async () => {
    const id = judged.competitionId;
    expectError(
      await asAdmin(t, admin, 'PUT', admins(id), { published: 'yes' }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await asAdmin(t, admin, 'PUT', admins(id), {}), 400, 'VALIDATION_ERROR');
    expectError(
      await asAdmin(t, admin, 'PUT', admins('no-such'), { published: true }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await asAdmin(t, admin, 'PUT', admins(id), { published: false }),
      409,
      'RECORD_NOT_PUBLISHED',
    );
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: admins(id),
      headers: OUR_CLIENT_HEADERS,
      payload: { published: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.app.deps.db.selectFrom('judging_records').selectAll().execute()).toEqual([]);
  });

  it('is published later by the admin (audited), served as its exact bytes with its SHA-256', async () => {
    const id = judged.competitionId;
    const changed = await asAdmin(t, admin, 'PUT', admins(id), { published: true });
    expect(changed.statusCode, changed.body).toBe(200);
    const { sha256 } = changed.json<JudgingRecordState>();
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await auditRowsOf(t.app.deps.db, 'results.record')).map((r) => r.action)).toEqual([
      'results.record-publish',
    ]);
    const file = await get(publicApiPaths.judgingRecordJson(id));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="judging-record-${id}.json"`,
    );
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(sha256);
    expect(file.headers['x-content-sha256']).toBe(sha256);
    const results = (await get(publicApiPaths.competitionResults(id))).json<PublicResults>();
    expect(results.record).toEqual({ sha256, url: `/competition/${id}/results/record` });
    const page = (await get(publicApiPaths.judgingRecord(id))).json<PublishedJudgingRecord>();
    expect(page).toMatchObject({ sha256, downloadUrl: publicApiPaths.judgingRecordJson(id) });
    expect(page.record).toEqual(JSON.parse(file.body));
    const preview = await asAdmin(t, admin, 'GET', `/api/admin/competitions/${id}/results`);
    expect(preview.json<PublicationPreview>().record).toEqual({ published: true, sha256 });
    expectError(
      await asAdmin(t, admin, 'PUT', admins(id), { published: true }),
      409,
      'RECORD_ALREADY_PUBLISHED',
    );
  });

  it('names no juror, alias or hidden work; shows the others by title and public id', async () => {
    const file = await get(publicApiPaths.judgingRecordJson(judged.competitionId));
    const record = JSON.parse(file.body) as JudgingRecord;
    const strings = stringsOf(record);
    for (const juror of judged.jurors) {
      for (const trace of [
        juror.id,
        juror.name,
        juror.username,
        `${juror.username}@jury.example`,
      ]) {
        expect(strings.filter((s) => s.includes(trace))).toEqual([]);
      }
    }
    for (const alias of new Set(judged.aliases)) expect(strings).not.toContain(alias);
    expect(file.body).not.toMatch(/Private:|Zenobia|Study 3|private-artist/);
    expect(record.jurors).toEqual(['Juror A', 'Juror B', 'Juror C']);
    expect(record.works.map((w) => w.title)).toEqual(
      expect.arrayContaining(['Study 1', 'Study 2', 'Study 4', 'Study 5', null]),
    );
    const hidden = record.works.find((w) => w.title === null);
    expect(hidden).toMatchObject({ workId: null, key: expect.stringMatching(/^Work \d$/) });
    expect(record.rounds.map((r) => r.kind)).toEqual(['scores', 'ranking']);
    expect(record.awards.map((a) => a.title)).toEqual(['First', 'Second']);
    expect(record.explanation.join(' ')).toContain('Schulze');
    // The stored bytes are canonical: keys sorted, no spaces.
    expect(file.body.startsWith('{"awards":[')).toBe(true);
  });

  it('is withdrawn and shown again with the same bytes, and hidden while the results are down', async () => {
    const id = judged.competitionId;
    const before = (await get(publicApiPaths.judgingRecordJson(id))).body;
    expect((await asAdmin(t, admin, 'PUT', admins(id), { published: false })).statusCode).toBe(200);
    expectError(
      await get(publicApiPaths.judgingRecordJson(id)),
      404,
      'JUDGING_RECORD_NOT_PUBLISHED',
    );
    expect((await asAdmin(t, admin, 'PUT', admins(id), { published: true })).statusCode).toBe(200);
    const unpublished = await asAdmin(
      t,
      admin,
      'POST',
      `/api/admin/competitions/${id}/results/unpublish`,
    );
    expect(unpublished.statusCode).toBe(200);
    expectError(await get(publicApiPaths.judgingRecordJson(id)), 404, 'RESULTS_NOT_PUBLISHED');
    expect((await publish(id)).statusCode).toBe(200);
    expect((await get(publicApiPaths.judgingRecordJson(id))).body).toBe(before);
    expect((await auditRowsOf(t.app.deps.db, 'results.record')).map((r) => r.action)).toEqual([
      'results.record-publish',
      'results.record-withdraw',
      'results.record-publish',
    ]);
  });

  it('is published with the results when Publish asks; with no closed round Publish is refused whole', async () => {
    const other = await judgedCompetition(t, admin, 'opt');
    const published = await publish(other.competitionId, { publishRecord: true });
    expect(published.statusCode, published.body).toBe(200);
    expect((await get(publicApiPaths.judgingRecordJson(other.competitionId))).statusCode).toBe(200);

    // A competition never judged: nothing to record, and nothing is published.
    const id = (await addCompetition(t)).competition.id;
    const entry = await approvedEntry(t, admin, id, artistNumbered(7), 'Unjudged');
    const base = `/api/admin/competitions/${id}`;
    await asAdmin(t, admin, 'PUT', `${base}/awards`, {
      awards: [{ submissionId: entry, title: 'First', prize: '' }],
    });
    expect((await asAdmin(t, admin, 'POST', `${base}/close-entries`)).statusCode).toBe(200);
    expectError(await publish(id, { publishRecord: true }), 409, 'NO_CLOSED_ROUND');
    expectError(await get(publicApiPaths.competitionResults(id)), 404, 'RESULTS_NOT_PUBLISHED');
    const rows = await t.app.deps.db
      .selectFrom('judging_records')
      .select('competition_id')
      .where('competition_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });
});
