import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, login, signIn } from '../../../../tests/setup/admin-session.ts';
import { asJuror } from '../../../../tests/setup/jury.ts';
import { buildTestApp, type TestApp, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { ENTRY_REFERENCE_PATTERN } from '../../../shared/domain/entry-reference.ts';
import type { AuditLogPage } from '../../../shared/schemas/admin.ts';
import type { Judging, JurorRound, RoundSummary, Work } from '../../../shared/schemas/jury.ts';
import { buildApp } from '../../app.ts';
import { initializeSite } from '../../initialize.ts';
import { DEMO_JURORS, DEMO_JURY_COMPETITION } from './demo-judging.ts';

/*
 * The jury demo: with demo content and DEMO_JUROR_PASSWORD, the demo jurors sign in and find an
 * open round at once; seeded once; without the password, no juror and nothing of judging.
 */

const PASSWORD = 'a demo juror password';
const t = useTestApp({
  config: { seedDemo: true, demoJurorPassword: PASSWORD, adminPassword: ADMIN_PASSWORD },
});
const db = () => t.app.deps.db;

async function demoCompetitionId(target: TestApp = t): Promise<string> {
  const row = await target.app.deps.db
    .selectFrom('competitions')
    .select('id')
    .where('title', '=', DEMO_JURY_COMPETITION)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What seeding may add, counted. */
/**
 * The published demo's judging (demo-feedback.ts), seeded with any demo content: two jurors of its
 * own, one criterion, one closed round of its six works, each scored by both.
 */
const RESULTS_JURY = { jurors: 2, rounds: 1, criteria: 1, panel: 2, assignments: 12 };

async function counts(target: TestApp) {
  const { db } = target.app.deps;
  const count = async (
    table: 'submissions' | 'jury_rounds' | 'jury_criteria' | 'jury_panel' | 'jury_assignments',
  ) =>
    Number(
      (await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
  const jurors = await db
    .selectFrom('admin_users')
    .select('id')
    .where('role', '=', 'juror')
    .execute();
  return {
    jurors: jurors.length,
    competitions: (
      await db
        .selectFrom('competitions')
        .select('id')
        .where('title', '=', DEMO_JURY_COMPETITION)
        .execute()
    ).length,
    submissions: await count('submissions'),
    rounds: await count('jury_rounds'),
    criteria: await count('jury_criteria'),
    panel: await count('jury_panel'),
    assignments: await count('jury_assignments'),
  };
}

describe(`the jury demo on ${TEST_ENGINE}`, () => {
  it('lets each demo juror sign in and find one open round, 24 works between the three', async () => {
    expect(t.initialized.seededDemoJury).toBe(true);
    let assigned = 0;
    for (const { username } of DEMO_JURORS) {
      const token = await signIn(t, username, PASSWORD);
      const response = await asJuror(t, token, 'GET', '/api/jury/rounds');
      expect(response.statusCode).toBe(200);
      const rounds = response.json<JurorRound[]>();
      expect(rounds).toHaveLength(1);
      expect(rounds[0]).toMatchObject({
        competition: DEMO_JURY_COMPETITION,
        number: 1,
        status: 'open',
        done: 0,
      });
      expect(rounds[0]?.nextAlias).toMatch(/^W\d{3}$/);
      assigned += rounds[0]?.assigned ?? 0;
    }
    expect(assigned).toBe(24);
    expect((await login(t, { username: 'juror1', password: 'not the password' })).statusCode).toBe(
      401,
    );
  });

  it("shows a juror a work's answers and serves its picture, display copy and original", async () => {
    const token = await signIn(t, 'juror1', PASSWORD);
    const [round] = (await asJuror(t, token, 'GET', '/api/jury/rounds')).json<JurorRound[]>();
    const workUrl = `/api/jury/rounds/${round?.id}/works/${round?.firstAlias}`;
    const work = (await asJuror(t, token, 'GET', workUrl)).json<Work>();
    expect(work.answers.map((a) => a.label)).toEqual([
      'Artwork Title',
      'Medium',
      'Size',
      'Description',
    ]);
    expect(work.criteria.map((c) => [c.name, c.weight, c.scaleMin, c.scaleMax])).toEqual([
      ['Composition', 2, 1, 10],
      ['Technique', 1, 1, 10],
    ]);
    expect(work.images).toHaveLength(1);
    const display = await asJuror(t, token, 'GET', work.images[0]?.url ?? '');
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/webp');
    const original = await asJuror(t, token, 'GET', `${work.images[0]?.url}?size=full`);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const { width, height } = await sharp(original.rawPayload).metadata();
    expect([width, height]).toEqual([800, 600]);
  });

  it('shows the admin a closed competition of twelve approved entries, judged by the panel', async () => {
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const id = await demoCompetitionId();
    const rounds = await asAdmin(t, admin, 'GET', `/api/admin/competitions/${id}/rounds`);
    expect(rounds.json<RoundSummary[]>()).toEqual([
      expect.objectContaining({
        number: 1,
        status: 'open',
        entries: 12,
        short: 0,
        jurorsPerEntry: 2,
      }),
    ]);
    const judging = (
      await asAdmin(t, admin, 'GET', `/api/admin/competitions/${id}/judging`)
    ).json<Judging>();
    expect(judging.panel.map((p) => p.username).sort()).toEqual(['juror1', 'juror2', 'juror3']);
    expect(judging.jurorsPerEntry).toBe(2);
    const log = (await asAdmin(t, admin, 'GET', '/api/admin/audit-log')).json<AuditLogPage>();
    const byDemo = log.entries.filter((e) => e.actor === 'demo').map((e) => e.action);
    expect(byDemo).toEqual(
      expect.arrayContaining(['juror.create', 'jury.round-create', 'jury.round-open']),
    );

    const entries = await db()
      .selectFrom('submissions')
      .select(['reference', 'status', 'payment_status', 'email', 'photo_key'])
      .select(['publication_consent', 'publication_consent_at'])
      .where('competition_id', '=', id)
      .execute();
    expect(entries).toHaveLength(12);
    // Every publication choice, for the results page: most by name, some without, one not shown.
    const choices = entries.map((e) => e.publication_consent);
    expect(choices.filter((c) => c === 'name')).toHaveLength(9);
    expect(choices.filter((c) => c === 'anonymous')).toHaveLength(2);
    expect(choices.filter((c) => c === 'none')).toHaveLength(1);
    expect(entries.every((e) => e.publication_consent_at !== null)).toBe(true);
    expect(new Set(entries.map((e) => e.reference)).size).toBe(12);
    for (const entry of entries) {
      expect(entry).toMatchObject({ status: 'approved', payment_status: 'paid' });
      expect(entry.reference).toMatch(ENTRY_REFERENCE_PATTERN);
      expect(entry.email).toMatch(/@demo\.invalid$/);
      expect(await t.app.deps.storage.stat(entry.photo_key)).toMatchObject({
        contentType: 'image/jpeg',
      });
    }
    const competition = await db()
      .selectFrom('competitions')
      .select('end_date')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(competition.end_date < new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('is seeded once: a second start adds nothing', async () => {
    const before = await counts(t);
    expect(before).toEqual({
      jurors: 3 + RESULTS_JURY.jurors,
      competitions: 1,
      // Twelve in the jury demo, six in the results demo's competition, three of several works.
      submissions: 25,
      rounds: 1 + RESULTS_JURY.rounds,
      criteria: 2 + RESULTS_JURY.criteria,
      panel: 3 + RESULTS_JURY.panel,
      assignments: 24 + RESULTS_JURY.assignments,
    });
    const again = await initializeSite(t.app);
    expect(again.seededDemoJury).toBe(false);
    expect(await counts(t)).toEqual(before);
  });
});

describe(`no jury demo without DEMO_JUROR_PASSWORD on ${TEST_ENGINE}`, () => {
  let open: TestApp[] = [];
  afterEach(async () => {
    for (const app of open) await app.close();
    open = [];
  });

  it('makes no juror and nothing of judging, until a later start with the password', async () => {
    const plain = await buildTestApp({ seedDemo: true });
    open.push(plain);
    expect(plain.initialized).toMatchObject({ seededDemo: true, seededDemoJury: false });
    // The results demo's six entries, its closed round, the three of several works and the
    // exhibitions demo's four only.
    expect(await counts(plain)).toEqual({ ...RESULTS_JURY, competitions: 0, submissions: 13 });

    // The same demo site started again with the password: the jury is added to it. (Never
    // readied, so nothing runs; not closed, which would close the database plain still uses.)
    const later = await buildApp(
      { ...plain.config, demoJurorPassword: PASSWORD },
      { database: plain.app.deps.database },
    );
    expect((await initializeSite(later)).seededDemoJury).toBe(true);
    expect(await counts(plain)).toMatchObject({
      jurors: 3 + RESULTS_JURY.jurors,
      rounds: 1 + RESULTS_JURY.rounds,
      assignments: 24 + RESULTS_JURY.assignments,
    });
    // Two seedings, each drawing and encoding every demo picture: slow on a busy machine.
  }, 60_000);

  it('adds no jury without demo content, even with the password', async () => {
    const real = await buildTestApp({ seedDemo: false, demoJurorPassword: PASSWORD });
    open.push(real);
    expect(real.initialized.seededDemoJury).toBe(false);
    expect(await counts(real)).toMatchObject({ jurors: 0, competitions: 0, rounds: 0 });
  });
});
