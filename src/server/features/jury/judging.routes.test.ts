import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { addJuror, approvedEntry, artistNumbered, asJuror } from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { Judging, JudgingInput, RoundSummary } from '../../../shared/schemas/jury.ts';

/*
 * The admin's side of judging over HTTP: the set-up's bad input, the public criteria, and the
 * rounds' rules before any juror scores (scoring.routes.test.ts takes it from there).
 */

// One story from set-up to an open round: the tests run in order and build on each other.
const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
const db = () => t.app.deps.db;
let admin: string;
let competitionId: string;
let jurors: Awaited<ReturnType<typeof addJuror>>[];
const judgingUrl = () => `/api/admin/competitions/${competitionId}/judging`;
const roundsUrl = () => `/api/admin/competitions/${competitionId}/rounds`;

const CRITERIA = [
  {
    name: 'Composition',
    description: 'How the work is built',
    weight: 2,
    scaleMin: 1,
    scaleMax: 10,
  },
  { name: 'Technique', description: 'Command of the medium', weight: 1, scaleMin: 1, scaleMax: 5 },
];
const setUp = (overrides: Partial<JudgingInput> = {}): JudgingInput => ({
  criteria: CRITERIA,
  panel: jurors.map((j) => j.id),
  jurorsPerEntry: 2,
  publishJury: true,
  ...overrides,
});

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await addCompetition(t)).competition.id;
  jurors = [
    await addJuror(t, 'juror.ana', 'Ana Ribeiro'),
    await addJuror(t, 'juror.ben', 'Ben Okafor'),
    await addJuror(t, 'juror.cai', 'Cai Lun'),
  ];
});

describe(`the judging set-up on ${TEST_ENGINE}`, () => {
  it('refuses bad criteria, an account that is not a juror, and an unknown competition', async () => {
    const before = await db().selectFrom('jury_criteria').selectAll().execute();
    const zeroWeight = await asAdmin(
      t,
      admin,
      'PUT',
      judgingUrl(),
      setUp({
        criteria: [{ ...CRITERIA[0]!, weight: 0 }],
      }),
    );
    expect(zeroWeight.statusCode).toBe(400);
    expect(zeroWeight.json().error.fields).toHaveProperty(['criteria.0.weight']);
    const upsideDown = await asAdmin(
      t,
      admin,
      'PUT',
      judgingUrl(),
      setUp({
        criteria: [{ ...CRITERIA[0]!, scaleMin: 5, scaleMax: 5 }],
      }),
    );
    expect(upsideDown.statusCode).toBe(400);
    expect(upsideDown.json().error.fields).toEqual({
      'criteria.0.scaleMax': 'The highest score must be above the lowest',
    });
    const { id: adminId } = await db()
      .selectFrom('admin_users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const adminInPanel = await asAdmin(t, admin, 'PUT', judgingUrl(), setUp({ panel: [adminId] }));
    expect(adminInPanel.statusCode).toBe(400);
    expect(adminInPanel.json().error.fields).toEqual({
      panel: 'The panel names an account that is not a juror',
    });
    const unknown = await asAdmin(t, admin, 'GET', '/api/admin/competitions/nope/judging');
    expect(unknown.statusCode).toBe(404);
    expect(await db().selectFrom('jury_criteria').selectAll().execute()).toEqual(before);
  });

  it('saves the criteria, the panel and N; the public page shows the criteria and the jury', async () => {
    const saved = await asAdmin(t, admin, 'PUT', judgingUrl(), setUp());
    expect(saved.statusCode, saved.body).toBe(200);
    const judging = saved.json<Judging>();
    expect(
      judging.criteria.map((c) => [c.name, c.weight, c.scaleMin, c.scaleMax, c.required]),
    ).toEqual([
      ['Composition', 2, 1, 10, true],
      ['Technique', 1, 1, 5, true],
    ]);
    expect(judging.panel.map((p) => p.name)).toEqual(['Ana Ribeiro', 'Ben Okafor', 'Cai Lun']);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/competitions/${competitionId}/judging`,
    });
    expect(shown.json()).toEqual({
      criteria: [
        { name: 'Composition', description: 'How the work is built', weight: 2 },
        { name: 'Technique', description: 'Command of the medium', weight: 1 },
      ],
      jurors: ['Ana Ribeiro', 'Ben Okafor', 'Cai Lun'],
    });
    await asAdmin(
      t,
      admin,
      'PUT',
      judgingUrl(),
      setUp({ criteria: judging.criteria, publishJury: false }),
    );
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/competitions/${competitionId}/judging`,
    });
    expect(hidden.json().jurors).toEqual([]);
  });

  it('a round needs approved entries, criteria and a panel as large as N', async () => {
    const noEntries = await asAdmin(t, admin, 'POST', roundsUrl(), {});
    expect(noEntries.statusCode).toBe(400);
    expect(noEntries.json().error).toMatchObject({ code: 'NO_ENTRIES' });
    for (let n = 1; n <= 4; n++) {
      await approvedEntry(t, admin, competitionId, artistNumbered(n), `Work ${n}`);
    }
    const judging = (await asAdmin(t, admin, 'GET', judgingUrl())).json<Judging>();
    await asAdmin(
      t,
      admin,
      'PUT',
      judgingUrl(),
      setUp({ criteria: judging.criteria, jurorsPerEntry: 4 }),
    );
    const created = await asAdmin(t, admin, 'POST', roundsUrl(), {});
    expect(created.statusCode, created.body).toBe(201);
    const round = created.json<RoundSummary>();
    expect(round).toMatchObject({ number: 1, status: 'draft', entries: 4, short: 0 });
    const tooSmall = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${round.id}/open`);
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().error).toEqual({
      code: 'PANEL_TOO_SMALL',
      message:
        'Each entry needs 4 jurors but the panel has 3. Add jurors or lower the number per entry.',
    });
    await asAdmin(t, admin, 'PUT', judgingUrl(), setUp({ criteria: [], jurorsPerEntry: 2 }));
    const noCriteria = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${round.id}/open`);
    expect(noCriteria.statusCode).toBe(400);
    expect(noCriteria.json().error.code).toBe('NO_CRITERIA');
    expect((await asAdmin(t, admin, 'POST', roundsUrl(), {})).json().error.code).toBe(
      'ROUND_IN_PROGRESS',
    );
    expect(await db().selectFrom('jury_assignments').select('juror_id').execute()).toEqual([]);
  });

  it('opening assigns N jurors to each entry, skipping declared conflicts; criteria are then fixed', async () => {
    await asAdmin(t, admin, 'PUT', judgingUrl(), setUp());
    const [ana] = jurors;
    const conflict = await asAdmin(t, admin, 'POST', `${judgingUrl()}/conflicts`, {
      jurorId: ana!.id,
      email: artistNumbered(1).email.toUpperCase(),
    });
    expect(conflict.statusCode, conflict.body).toBe(200);
    expect(conflict.json<Judging>().conflicts).toMatchObject([
      { jurorName: 'Ana Ribeiro', email: artistNumbered(1).email },
    ]);
    const [round] = (await asAdmin(t, admin, 'GET', roundsUrl())).json<RoundSummary[]>();
    const opened = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${round!.id}/open`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ status: 'open', entries: 4, short: 0 });
    const rows = await db()
      .selectFrom('jury_assignments as a')
      .innerJoin('submissions as s', 's.id', 'a.submission_id')
      .select(['a.juror_id', 's.email'])
      .execute();
    expect(rows).toHaveLength(8);
    const perEntry = Map.groupBy(rows, (r) => r.email);
    for (const assigned of perEntry.values()) expect(assigned).toHaveLength(2);
    expect(perEntry.get(artistNumbered(1).email)?.map((r) => r.juror_id)).not.toContain(ana!.id);
    const loads = [...Map.groupBy(rows, (r) => r.juror_id).values()].map((r) => r.length);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    expect((await asAdmin(t, admin, 'POST', `${roundsUrl()}/${round!.id}/open`)).statusCode).toBe(
      409,
    );
    const judging = (await asAdmin(t, admin, 'GET', judgingUrl())).json<Judging>();
    const changed = await asAdmin(
      t,
      admin,
      'PUT',
      judgingUrl(),
      setUp({
        criteria: judging.criteria.map((c) => ({ ...c, weight: 5 })),
      }),
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('CRITERIA_FIXED');
    // The same criteria with another panel setting still save.
    const same = await asAdmin(
      t,
      admin,
      'PUT',
      judgingUrl(),
      setUp({ criteria: judging.criteria }),
    );
    expect(same.statusCode, same.body).toBe(200);
  });

  it('reminds each juror with works left, by e-mail through the outbox', async () => {
    const [round] = (await asAdmin(t, admin, 'GET', roundsUrl())).json<RoundSummary[]>();
    const sent = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${round!.id}/reminders`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ reminded: 3 });
    const messages = await db()
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'body_text'])
      .where('kind', '=', 'jury-reminder')
      .orderBy('to_address')
      .execute();
    expect(messages.map((m) => m.to_address)).toEqual([
      'juror.ana@jury.example',
      'juror.ben@jury.example',
      'juror.cai@jury.example',
    ]);
    expect(messages[0]?.body_text).toMatch(/Round 1 of .+ is open, and \d+ of your \d+ works/);
    expect(messages[0]?.body_text).toContain('/jury');
  });

  it('a juror gets 403 on admin routes, an admin 403 on the jury’s, nobody signed in 401', async () => {
    const [ana] = jurors;
    const onAdmin = await asJuror(t, ana!.token, 'GET', roundsUrl());
    expect(onAdmin.statusCode).toBe(403);
    expect(onAdmin.json().error.code).toBe('ADMINS_ONLY');
    const onJury = await asAdmin(t, admin, 'GET', '/api/jury/rounds');
    expect(onJury.statusCode).toBe(403);
    expect(onJury.json().error.code).toBe('JURORS_ONLY');
    expect((await t.app.inject({ method: 'GET', url: '/api/jury/rounds' })).statusCode).toBe(401);
  });
});
