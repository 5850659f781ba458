import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { EntryView } from '../../../shared/schemas/entry.ts';
import type { Award } from '../../../shared/schemas/results.ts';
import { AWARD_ENTRY_INVALID, AWARD_WORK_INVALID } from './awards.service.ts';

/*
 * One merit certificate per awarded work: an entry whose works 1 and 3 won holds two, each naming
 * its work; publishing again after the awards changed keeps the codes it can. Awards to a work
 * of another competition's entry, of an entry not approved, or to no work at all are refused,
 * nothing changed.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
const db = () => t.app.deps.db;
let admin: string;
let competitionId: string;
let entryId: string;
let otherWork: string;
let rejectedEntry: string;
/** Work ids by title. */
const works = new Map<string, string>();
const url = () => `/api/admin/competitions/${competitionId}`;
const work = (title: string) => works.get(title) ?? '';

/** Works 2 … of an entry, copies of its first under their own titles; answers every work's id. */
async function addWorks(submissionId: string, titles: string[]) {
  const first = await db()
    .selectFrom('entry_works')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .executeTakeFirstOrThrow();
  const values = JSON.parse(first.field_values) as Record<string, unknown>;
  works.set(String(values.artworkTitle), first.id);
  for (const [i, title] of titles.entries()) {
    const id = randomUUID();
    works.set(title, id);
    const field_values = JSON.stringify({ ...values, artworkTitle: title });
    await db()
      .insertInto('entry_works')
      .values({ ...first, id, position: i + 2, field_values })
      .execute();
  }
}

const saveAwards = (awards: { workId: string; title: string }[], submissionId = entryId) =>
  asAdmin(t, admin, 'PUT', `${url()}/awards`, {
    awards: awards.map((a) => ({ submissionId, ...a })),
  });

/** The entry's certificates by the title of the work each names. */
async function certificates() {
  const rows = await db()
    .selectFrom('certificates')
    .select(['code', 'kind', 'award', 'work_id'])
    .where('submission_id', '=', entryId)
    .execute();
  const titleOf = new Map([...works].map(([title, id]) => [id, title]));
  return new Map(rows.map((r) => [titleOf.get(r.work_id ?? '') ?? '', r]));
}

async function pdfText(code: string): Promise<string> {
  const pdf = await t.app.inject({ method: 'GET', url: `/api/certificates/${code}/pdf` });
  expect(pdf.statusCode).toBe(200);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'certificates-')), `${code}.pdf`);
  writeFileSync(file, pdf.rawPayload);
  return execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await addCompetition(t, { max_works: 3 })).competition.id;
  entryId = await approvedEntry(t, admin, competitionId, artistNumbered(1), 'Estuary');
  await addWorks(entryId, ['Mudflat', 'Heron']);
  const elsewhere = (await addCompetition(t)).competition.id;
  const other = await approvedEntry(t, admin, elsewhere, artistNumbered(2), 'Elsewhere');
  await addWorks(other, []);
  otherWork = work('Elsewhere');
  rejectedEntry = await approvedEntry(t, admin, competitionId, artistNumbered(3), 'Refused');
  await addWorks(rejectedEntry, []);
  const reject = await asAdmin(t, admin, 'PUT', `/api/admin/submissions/${rejectedEntry}/status`, {
    status: 'rejected',
  });
  expect(reject.statusCode, reject.body).toBe(200);
});

describe(`one merit certificate per awarded work on ${TEST_ENGINE}`, () => {
  it("lists the awarded entry's works to choose from: number, title and thumbnail", async () => {
    const saved = await saveAwards([{ workId: work('Estuary'), title: 'First' }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const [award] = saved.json<Award[]>();
    expect(award!.works?.map((w) => [w.number, w.title, w.id, w.alias])).toEqual([
      [1, 'Estuary', work('Estuary'), null],
      [2, 'Mudflat', work('Mudflat'), null],
      [3, 'Heron', work('Heron'), null],
    ]);
    expect(award!.works?.[2]?.thumbnailUrl).toMatch(
      new RegExp(`^/api/admin/files/submissions/${entryId}/.+-display\\.webp$`),
    );
  });

  it('refuses a work of another competition, of an entry not approved, or no work; nothing changes', async () => {
    const before = await asAdmin(t, admin, 'GET', `${url()}/awards`);
    for (const [awards, submissionId, fields] of [
      [[{ workId: otherWork, title: 'First' }], entryId, { 'awards.0.workId': AWARD_WORK_INVALID }],
      [
        [{ workId: work('Refused'), title: 'First' }],
        rejectedEntry,
        { 'awards.0.submissionId': AWARD_ENTRY_INVALID },
      ],
      [
        [
          { workId: work('Mudflat'), title: 'First' },
          { workId: randomUUID(), title: 'Second' },
        ],
        entryId,
        { 'awards.1.workId': AWARD_WORK_INVALID },
      ],
    ] as const) {
      const response = await saveAwards([...awards], submissionId);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    }
    expect((await asAdmin(t, admin, 'GET', `${url()}/awards`)).json()).toEqual(before.json());
  });

  it('gives an entry whose works 1 and 3 won two certificates, each naming its work', async () => {
    const saved = await saveAwards([
      { workId: work('Estuary'), title: 'First' },
      { workId: work('Heron'), title: 'Third' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await asAdmin(t, admin, 'POST', `${url()}/close-entries`)).statusCode).toBe(200);
    const published = await asAdmin(t, admin, 'POST', `${url()}/results/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const held = await certificates();
    expect([...held.keys()].sort()).toEqual(['Estuary', 'Heron']);
    expect(held.get('Estuary')).toMatchObject({ kind: 'merit', award: 'First' });
    expect(held.get('Heron')).toMatchObject({ kind: 'merit', award: 'Third' });
    const first = await pdfText(held.get('Estuary')!.code);
    expect(first).toContain('Estuary');
    expect(first).not.toContain('Heron');
    const third = await pdfText(held.get('Heron')!.code);
    expect(third).toContain('Heron');
    expect(third).not.toContain('Estuary');
    // The artist's entry page offers both, the higher award first, each by its work.
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/entries/view',
      headers: OUR_CLIENT_HEADERS,
      payload: { entryToken: await t.app.deps.entryTokens.issue(entryId) },
    });
    expect(view.statusCode, view.body).toBe(200);
    const { result } = view.json<EntryView>();
    expect(result).toMatchObject({ award: 'First', certificateCode: held.get('Estuary')!.code });
    expect(result?.certificates).toEqual([
      { code: held.get('Estuary')!.code, award: 'First', work: { number: 1, title: 'Estuary' } },
      { code: held.get('Heron')!.code, award: 'Third', work: { number: 3, title: 'Heron' } },
    ]);
    // The artist hears once, of both awards.
    const emails = await db()
      .selectFrom('email_outbox')
      .select(['body_text'])
      .where('submission_id', '=', entryId)
      .where('kind', 'like', 'results-%')
      .execute();
    expect(emails).toHaveLength(1);
  });

  it('keeps the codes it can when the awards change and the results are published again', async () => {
    const before = await certificates();
    expect((await asAdmin(t, admin, 'POST', `${url()}/results/unpublish`)).statusCode).toBe(200);
    const saved = await saveAwards([
      { workId: work('Heron'), title: 'First' },
      { workId: work('Mudflat'), title: 'Second' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await asAdmin(t, admin, 'POST', `${url()}/results/publish`);
    expect(again.statusCode, again.body).toBe(200);
    const after = await certificates();
    expect([...after.keys()].sort()).toEqual(['Heron', 'Mudflat']);
    // Heron's certificate is still Heron's; Estuary's code now stands for Mudflat's award.
    expect(after.get('Heron')).toMatchObject({ code: before.get('Heron')!.code, award: 'First' });
    expect(after.get('Mudflat')).toMatchObject({ code: before.get('Estuary')!.code });
    expect(await pdfText(after.get('Mudflat')!.code)).toContain('Mudflat');
  });
});
