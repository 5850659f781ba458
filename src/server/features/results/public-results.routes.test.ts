import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  CERTIFICATE_NOT_FOUND,
  type CertificateVerification,
  type LatestResults,
  type PublicResults,
} from '../../../shared/schemas/publication.ts';
import { RESULTS_NOT_PUBLISHED } from './public-results.service.ts';
import { CERTIFICATE_ANSWER_MS } from './results.routes.ts';

/*
 * What anyone sees of published results: the awards as each artist allowed (named, name withheld,
 * or left out), the works' display copies, and certificates checked by code and downloaded as
 * PDFs that pdftotext reads back in the artist's script.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
const dir = mkdtempSync(path.join(tmpdir(), 'results-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let admin: string;
let competitionId: string;
let competitionTitle: string;
/** By consent: the winner (named, Devanagari), second (name withheld), third (left out). */
const ids = { named: '', withheld: '', hidden: '', other: '' };

const get = (url: string) => t.app.inject({ method: 'GET', url });
const publicUrl = () => `/api/competitions/${competitionId}/results`;

async function codeOf(submissionId: string): Promise<string> {
  const row = await t.app.deps.db
    .selectFrom('certificates')
    .select('code')
    .where('submission_id', '=', submissionId)
    .executeTakeFirstOrThrow();
  return row.code;
}

function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const added = await addCompetition(t);
  competitionId = added.competition.id;
  competitionTitle = added.competition.title;
  const named = { ...artistNumbered(1), fullName: 'प्रिया शर्मा' };
  ids.named = await approvedEntry(t, admin, competitionId, named, 'Monsoon Window');
  ids.withheld = await approvedEntry(t, admin, competitionId, artistNumbered(2), 'Salt Road');
  ids.hidden = await approvedEntry(t, admin, competitionId, artistNumbered(3), 'Night Tram');
  ids.other = await approvedEntry(t, admin, competitionId, artistNumbered(4), 'Fourth');
  const db = t.app.deps.db;
  await db
    .updateTable('submissions')
    .set({ publication_consent: 'anonymous' })
    .where('id', '=', ids.withheld)
    .execute();
  await db
    .updateTable('submissions')
    .set({ publication_consent: 'none' })
    .where('id', '=', ids.hidden)
    .execute();
  const awards = await asAdmin(t, admin, 'PUT', `/api/admin/competitions/${competitionId}/awards`, {
    awards: [
      { submissionId: ids.named, title: 'First', prize: '₹25,000' },
      { submissionId: ids.withheld, title: 'Second', prize: '' },
      { submissionId: ids.hidden, title: 'Third', prize: '' },
    ],
  });
  expect(awards.statusCode, awards.body).toBe(200);
  // Results are published only once entries are closed (decision 021).
  const closed = await asAdmin(
    t,
    admin,
    'POST',
    `/api/admin/competitions/${competitionId}/close-entries`,
  );
  expect(closed.statusCode, closed.body).toBe(200);
});

describe(`published results (${TEST_ENGINE})`, () => {
  it('are not shown before Publish', async () => {
    const response = await get(publicUrl());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'RESULTS_NOT_PUBLISHED', message: RESULTS_NOT_PUBLISHED },
    });
    const publish = await asAdmin(
      t,
      admin,
      'POST',
      `/api/admin/competitions/${competitionId}/results/publish`,
    );
    expect(publish.statusCode, publish.body).toBe(200);
  });

  it('show each award as its artist allowed: named, name withheld, or left out', async () => {
    const response = await get(publicUrl());
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<PublicResults>();
    expect(results.competition).toEqual({ id: competitionId, title: competitionTitle });
    expect(results.awards.map((a) => [a.award, a.prize, a.artworkTitle, a.artist])).toEqual([
      ['First', '₹25,000', 'Monsoon Window', 'प्रिया शर्मा'],
      ['Second', '', 'Salt Road', null],
    ]);
    const body = response.body;
    expect(body).not.toContain('Night Tram');
    expect(body).not.toContain(artistNumbered(2).fullName);
    expect(body).not.toContain(artistNumbered(1).email);
  });

  it('serve the display copy of an award’s work, never one the artist kept back', async () => {
    const results = (await get(publicUrl())).json<PublicResults>();
    const image = await get(results.awards[0]?.imageUrl ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const hiddenAward = await t.app.deps.db
      .selectFrom('awards')
      .select('id')
      .where('submission_id', '=', ids.hidden)
      .executeTakeFirstOrThrow();
    expect((await get(`${publicUrl()}/images/${hiddenAward.id}`)).statusCode).toBe(404);
  });

  it('are listed among the latest results', async () => {
    const latest = (await get('/api/results/latest')).json<LatestResults>();
    expect(latest[0]).toMatchObject({ competitionId, title: competitionTitle });
  });

  it('give every approved entry a certificate that anyone can verify by its code', async () => {
    const code = await codeOf(ids.named);
    const response = await get(`/api/certificates/${code}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CertificateVerification>()).toMatchObject({
      code,
      kind: 'merit',
      artistName: 'प्रिया शर्मा',
      competitionTitle,
      award: 'First',
    });
    // Typed by hand: lower case, no dashes.
    const typed = await get(`/api/certificates/${code.toLowerCase().replaceAll('-', '')}`);
    expect(typed.json<CertificateVerification>().code).toBe(code);
    const participation = await get(`/api/certificates/${await codeOf(ids.other)}`);
    expect(participation.json<CertificateVerification>()).toMatchObject({
      kind: 'participation',
      award: null,
    });
  });

  it('answer a forged or malformed code with 404, after the same wait as a real one', async () => {
    for (const code of ['K7QX-3MPA-9TZD', 'not a code', '0000-0000-0000']) {
      const started = performance.now();
      const response = await get(`/api/certificates/${encodeURIComponent(code)}`);
      expect(performance.now() - started).toBeGreaterThanOrEqual(CERTIFICATE_ANSWER_MS - 1);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'CERTIFICATE_NOT_FOUND', message: CERTIFICATE_NOT_FOUND },
      });
    }
    const started = performance.now();
    expect((await get(`/api/certificates/${await codeOf(ids.named)}`)).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(CERTIFICATE_ANSWER_MS - 1);
  });

  it('download as a PDF in the artist’s script, made once and kept', async () => {
    const code = await codeOf(ids.named);
    const first = await get(`/api/certificates/${code}/pdf`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="certificate-${code}.pdf"`,
    );
    const text = pdfText(first.rawPayload);
    expect(text).toContain('प्रिया शर्मा');
    expect(text).toContain(competitionTitle);
    expect(text).toContain('First');
    // The work as well as the artist.
    expect(text).toContain('for the work “Monsoon Window”');
    expect(text).toContain(code);
    const stored = await t.app.deps.db
      .selectFrom('certificates')
      .select('file_key')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(stored.file_key).toMatch(/^private\/certificates\//);
    const again = await get(`/api/certificates/${code}/pdf`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await get('/api/certificates/K7QX-3MPA-9TZD/pdf')).statusCode).toBe(404);
  });

  it('are taken down by Unpublish, certificates’ verification with them', async () => {
    const code = await codeOf(ids.named);
    const down = await asAdmin(
      t,
      admin,
      'POST',
      `/api/admin/competitions/${competitionId}/results/unpublish`,
    );
    expect(down.statusCode, down.body).toBe(200);
    expect((await get(publicUrl())).statusCode).toBe(404);
    expect((await get(`/api/certificates/${code}`)).statusCode).toBe(404);
    const latest = (await get('/api/results/latest')).json<LatestResults>();
    expect(latest.map((r) => r.competitionId)).not.toContain(competitionId);
  });
});
