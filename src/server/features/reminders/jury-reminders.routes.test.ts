import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import {
  addJuror,
  approvedEntry,
  artistNumbered,
  asJuror,
  setUpJudging,
} from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { JurorRound, RoundSummary } from '../../../shared/schemas/jury.ts';
import { sendDueReminders } from './reminders.service.ts';

/*
 * A round's end: the admin sets it (checked), its jurors see it, and a day before it each juror
 * with works still to score is reminded once.
 */

const HOUR = 60 * 60 * 1000;
const clock = createRunningClock();
const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD }, clock });
let admin: string;
let competitionId: string;
let roundId: string;
let jurors: Awaited<ReturnType<typeof addJuror>>[];
const roundsUrl = () => `/api/admin/competitions/${competitionId}/rounds`;
const endUrl = () => `${roundsUrl()}/${roundId}/end`;

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await addCompetition(t)).competition.id;
  jurors = [
    await addJuror(t, 'juror.gil', 'Gil Moreau'),
    await addJuror(t, 'juror.hana', 'Hana Sato'),
  ];
  for (const n of [1, 2]) {
    await approvedEntry(t, admin, competitionId, artistNumbered(n), `Tide study ${n}`);
  }
  await setUpJudging(
    t,
    admin,
    competitionId,
    jurors.map((j) => j.id),
    2,
  );
  roundId = (await asAdmin(t, admin, 'POST', roundsUrl(), {})).json<RoundSummary>().id;
});

const jurorReminders = () =>
  t.app.deps.db
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'body_text', 'headers'])
    .where('kind', '=', 'reminder-jury-round')
    .orderBy('to_address')
    .execute();

describe(`a round's end and the jurors' reminder on ${TEST_ENGINE}`, () => {
  it('refuses an end that is not a date and time, or is past, naming the field', async () => {
    const bad = await asAdmin(t, admin, 'PUT', endUrl(), { endsAt: 'next Friday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { fields: { endsAt: 'Enter a date and time, such as 2026-12-20T18:00' } },
    });
    const past = new Date(clock.now().getTime() - HOUR).toISOString();
    const late = await asAdmin(t, admin, 'PUT', endUrl(), { endsAt: past });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      error: { fields: { endsAt: 'The end must be later than now' } },
    });
    const [round] = (await asAdmin(t, admin, 'GET', roundsUrl())).json<RoundSummary[]>();
    expect(round!.endsAt).toBeNull();
  });

  it('reminds each juror with works left once, a day before the end they are shown', async () => {
    const far = new Date(clock.now().getTime() + 3 * 24 * HOUR);
    const set = await asAdmin(t, admin, 'PUT', endUrl(), { endsAt: far.toISOString() });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<RoundSummary>().endsAt).toBe(far.toISOString());
    expect((await auditRowsOf(t.app.deps.db, 'jury.round-end')).length).toBe(1);
    const opened = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${roundId}/open`);
    expect(opened.statusCode, opened.body).toBe(200);

    const [round] = (await asJuror(t, jurors[0]!.token, 'GET', '/api/jury/rounds')).json<
      JurorRound[]
    >();
    expect(round).toMatchObject({ id: roundId, endsAt: far.toISOString() });

    // Three days ahead: not yet.
    expect(await sendDueReminders(t.app.deps, clock.now())).toBe(0);
    const dayBefore = new Date(far.getTime() - 20 * HOUR);
    expect(await sendDueReminders(t.app.deps, dayBefore)).toBe(2);
    expect(await sendDueReminders(t.app.deps, dayBefore)).toBe(0);

    const messages = await jurorReminders();
    expect(messages.map((m) => m.to_address)).toEqual([
      'juror.gil@jury.example',
      'juror.hana@jury.example',
    ]);
    expect(messages[0]!.subject).toBe('Round 1 of Monsoon Colours ends soon');
    expect(messages[0]!.body_text).toContain('Dear Gil Moreau,');
    expect(messages[0]!.body_text).toContain('you have 2 works still to score');
    expect(messages[0]!.body_text).toContain('/jury');
    expect(messages[0]!.headers).toContain('List-Unsubscribe-Post');
  });

  it('an end can no longer change once the round is closed', async () => {
    const closed = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${roundId}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    const later = new Date(clock.now().getTime() + 5 * 24 * HOUR).toISOString();
    const refused = await asAdmin(t, admin, 'PUT', endUrl(), { endsAt: later });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'ROUND_CLOSED' } });
  });
});
