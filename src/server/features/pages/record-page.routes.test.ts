import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { judgedCompetition } from '../../../../tests/setup/judging-record.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { adminApiPaths } from '../../../shared/api-paths.ts';
import type { JudgingRecordState } from '../../../shared/schemas/judging-record.ts';

/*
 * The judging record page is drawn by the server: its heading, the SHA-256, the download and
 * the tables with their headers are in the HTML before any script runs; the results page links
 * it with the same hash. Unpublished: a 404 page.
 */

const t = useTestApp({
  clientBuild: 'server-rendered',
  config: { adminPassword: ADMIN_PASSWORD },
});
let admin: string;
let competitionId: string;
const recordPage = () => `/competition/${competitionId}/results/record`;

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await judgedCompetition(t, admin, 'page')).competitionId;
  const url = `/api/admin/competitions/${competitionId}/results/publish`;
  expect((await asAdmin(t, admin, 'POST', url, {})).statusCode).toBe(200);
});

describe(`the judging record page (${TEST_ENGINE})`, () => {
  it('is a 404 page while the record is unpublished', async () => {
    const response = await t.app.inject(recordPage());
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('The judging record of this competition is not published.');
    expect((await t.app.inject('/competition/nope/results/record')).statusCode).toBe(404);
  });

  it('is drawn with its hash, download and tables; the results page links it', async () => {
    const changed = await asAdmin(t, admin, 'PUT', adminApiPaths.judgingRecord(competitionId), {
      published: true,
    });
    const { sha256 } = changed.json<JudgingRecordState>();
    const response = await t.app.inject(recordPage());
    expect(response.statusCode).toBe(200);
    const root = response.body.slice(response.body.indexOf('<div id="root">'));
    const { title } = await t.app.deps.db
      .selectFrom('competitions')
      .select('title')
      .where('id', '=', competitionId)
      .executeTakeFirstOrThrow();
    expect(root).toContain(`>Judging record: ${title}</h1>`);
    expect(root).toContain(sha256!);
    expect(root).toContain(`href="/api/competitions/${competitionId}/results/record.json"`);
    expect(root).toContain('<caption');
    expect(root).toMatch(/<th scope="col"[^>]*>Normalised mean<\/th>/);
    expect(root).toMatch(/<th scope="row"[^>]*>Work 1<\/th>/);
    expect(root).toContain('Round 2: pairwise preferences d');
    expect(root).toContain('Study 1');
    const results = await t.app.inject(`/competition/${competitionId}/results`);
    expect(results.body).toContain(sha256!);
    expect(results.body).toContain(`href="/competition/${competitionId}/results/record"`);
  });
});
