import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/setup/smtp-server.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import {
  createTestEnvironment,
  TEST_ENGINE,
  type TestEnvironment,
} from '../../../../tests/setup/test-database.ts';
import type { ReviewStatus } from '../../../shared/domain/entry-state.ts';
import { DECISION_EMAIL_DELAY_MS, NOTHING_TO_UNDO } from '../../../shared/schemas/review.ts';
import { buildApp } from '../../app.ts';
import { DEFAULT_MAIL_FROM_ADDRESS } from '../../config.ts';
import { initializeSite } from '../../initialize.ts';
import { DECISION_KINDS } from '../mail/artist-emails.ts';
import { claimMessage } from '../mail/outbox.repository.ts';

/*
 * A decision's e-mail waits DECISION_EMAIL_DELAY_MS in the outbox; a change of mind
 * meanwhile sends only the final decision (or nothing, back where it was), and an undo puts the
 * entry back. Against a real SMTP server, on the engine of the run; the worker runs only when a
 * test calls runOnce(at), and the server's clock is moved rather than waited for.
 */

const MINUTE = 60_000;
const clock = createRunningClock();
let environment: TestEnvironment;
let smtp: TestSmtpServer;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  environment = await createTestEnvironment({
    adminPassword: ADMIN_PASSWORD,
    mail: { smtpUrl: smtp.url, from: { name: undefined, address: DEFAULT_MAIL_FROM_ADDRESS } },
  });
  app = await buildApp(environment.config, { clock, outbox: { background: false } });
  await initializeSite(app);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await smtp.close();
  await environment.cleanup();
});

const db = () => app.deps.db;

beforeEach(async () => {
  for (const table of ['email_outbox', 'submissions', 'audit_log'] as const) {
    await db().deleteFrom(table).execute();
  }
  smtp.received.length = 0;
  token = await signIn(app, 'admin', ADMIN_PASSWORD);
});

async function addEntries(...statuses: ReviewStatus[]) {
  const rows = statuses.map((status, i) =>
    makeSubmissionRow({ status, full_name: `Artist ${i}`, email: `artist${i}@example.com` }),
  );
  await db().insertInto('submissions').values(rows).execute();
  return rows.map((row) => ({ id: row.id as string, reference: row.reference as string }));
}

const decideOne = (id: string, status: 'approved' | 'rejected') =>
  asAdmin(app, token, 'PUT', `/api/admin/submissions/${id}/status`, { status });
const decideMany = (ids: string[], status: 'approved' | 'rejected') =>
  asAdmin(app, token, 'POST', '/api/admin/submissions/status', { ids, status });
const undoOne = (id: string) =>
  asAdmin(app, token, 'POST', `/api/admin/submissions/${id}/status/undo`);
const undoMany = (ids: string[]) =>
  asAdmin(app, token, 'POST', '/api/admin/submissions/status/undo', { ids });

const statusOf = async (id: string) =>
  (
    await db()
      .selectFrom('submissions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

/** The outbox as the decisions left it, oldest first. */
const outbox = () =>
  db()
    .selectFrom('email_outbox')
    .select(['id', 'kind', 'submission_id', 'status', 'send_after', 'created_at', 'decision_from'])
    .orderBy('created_at')
    .orderBy('kind')
    .execute();

/** What the artists received: each message's recipient and subject, in no set order. */
const received = () =>
  smtp.received.map((mail) => `${mail.to.join()} ${mail.parsed.subject ?? ''}`).sort();

const at = (instant: string, ms = 0) => new Date(Date.parse(instant) + ms);

describe(`a decision's e-mail waits ${DECISION_EMAIL_DELAY_MS / MINUTE} minutes, on ${TEST_ENGINE}`, () => {
  it('is queued to go DECISION_EMAIL_DELAY_MS after the decision, and not a moment before', async () => {
    const [entry] = (await addEntries('pending')) as [{ id: string; reference: string }];
    const before = clock.now().getTime();
    const answer = await decideOne(entry.id, 'approved');
    const after = clock.now().getTime();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ changed: [entry.id], unchanged: [], waiting: [entry.id] });
    const [row, ...others] = await outbox();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      kind: DECISION_KINDS.approved,
      submission_id: entry.id,
      status: 'pending',
      decision_from: 'pending',
    });
    const made = Date.parse(row!.created_at);
    expect(made).toBeGreaterThanOrEqual(before);
    expect(made).toBeLessThanOrEqual(after);
    expect(Date.parse(row!.send_after) - made).toBe(DECISION_EMAIL_DELAY_MS);

    expect(await app.deps.outbox.runOnce(at(row!.send_after, -1))).toBe(0);
    expect(smtp.received).toEqual([]);
    expect(await app.deps.outbox.runOnce(at(row!.send_after))).toBe(1);
    expect(received()).toEqual([
      `artist0@example.com Approved: ${makeSubmissionRow().competition_title} (${entry.reference})`,
    ]);
  });

  it('a different decision meanwhile replaces it: only the final one goes, after a fresh wait', async () => {
    const [entry] = (await addEntries('pending')) as [{ id: string; reference: string }];
    await decideOne(entry.id, 'approved');
    const [first] = await outbox();
    clock.advance(2 * MINUTE);
    const second = await decideOne(entry.id, 'rejected');
    expect(second.json()).toEqual({ changed: [entry.id], unchanged: [], waiting: [entry.id] });
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: DECISION_KINDS.rejected, decision_from: 'pending' });
    expect(Date.parse(rows[0]!.send_after) - Date.parse(rows[0]!.created_at)).toBe(
      DECISION_EMAIL_DELAY_MS,
    );
    expect(Date.parse(rows[0]!.send_after)).toBeGreaterThan(Date.parse(first!.send_after));

    // When the first would have gone, nothing does; the rejection goes at its own time.
    expect(await app.deps.outbox.runOnce(at(first!.send_after))).toBe(0);
    expect(await app.deps.outbox.runOnce(at(rows[0]!.send_after))).toBe(1);
    expect(received()).toEqual([
      `artist0@example.com Your entry: ${makeSubmissionRow().competition_title} (${entry.reference})`,
    ]);
    // Back to approved: still not where it was before (pending), so the approval waits again.
    await decideOne(entry.id, 'approved');
    expect((await outbox()).map((r) => [r.kind, r.status, r.decision_from])).toEqual([
      [DECISION_KINDS.rejected, 'sent', 'pending'],
      [DECISION_KINDS.approved, 'pending', 'rejected'],
    ]);
  });

  it('sends nothing when the entry is back where it was before the waiting decision', async () => {
    const [entry] = (await addEntries('approved')) as [{ id: string; reference: string }];
    await decideOne(entry.id, 'rejected');
    const [waited] = await outbox();
    expect(waited).toMatchObject({ kind: DECISION_KINDS.rejected, decision_from: 'approved' });
    const back = await decideOne(entry.id, 'approved');
    expect(back.json()).toEqual({ changed: [entry.id], unchanged: [], waiting: [] });
    expect(await statusOf(entry.id)).toBe('approved');
    expect(await outbox()).toEqual([]);
    expect(await app.deps.outbox.runOnce(at(waited!.send_after, 60 * MINUTE))).toBe(0);
    expect(smtp.received).toEqual([]);
    const audits = await auditRowsOf(db(), 'submission.');
    expect(audits.map((a) => [a.action, JSON.parse(a.details ?? '{}').email])).toEqual([
      ['submission.reject', 'waiting'],
      ['submission.approve', 'withdrawn'],
    ]);
  });

  it('undo puts back the status from before the waiting decisions, withdraws the e-mail, audited', async () => {
    const [entry] = (await addEntries('pending')) as [{ id: string; reference: string }];
    await decideOne(entry.id, 'approved');
    await decideOne(entry.id, 'rejected');
    const [waited] = await outbox();
    const undone = await undoOne(entry.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ undone: [entry.id], notUndone: [] });
    expect(await statusOf(entry.id)).toBe('pending');
    expect(await outbox()).toEqual([]);
    expect(await app.deps.outbox.runOnce(at(waited!.send_after))).toBe(0);
    expect(smtp.received).toEqual([]);
    const [audit] = await auditRowsOf(db(), 'submission.undo');
    expect(audit).toMatchObject({ actor: 'admin', entity_id: entry.id });
    expect(JSON.parse(audit!.details ?? '{}')).toEqual({
      reference: entry.reference,
      from: 'rejected',
      to: 'pending',
    });
  });

  it('undo answers 409 when no e-mail waits (none made, sent, or taken), changing nothing', async () => {
    const [fresh, sent, taken] = (await addEntries('pending', 'pending', 'approved')).map(
      (e) => e.id,
    ) as [string, string, string];
    await decideOne(sent, 'approved');
    const [gone] = await outbox();
    expect(await app.deps.outbox.runOnce(at(gone!.send_after))).toBe(1);
    await decideOne(taken, 'rejected');
    const [, waiting] = await outbox();
    const due = waiting!.send_after;
    expect(await claimMessage(db(), waiting!.id, due, at(due, MINUTE).toISOString())).toBeTruthy();

    for (const id of [fresh, sent, taken]) {
      const refused = await undoOne(id);
      expect(refused.statusCode, id).toBe(409);
      expect(refused.json()).toEqual({
        error: { code: 'NOTHING_TO_UNDO', message: NOTHING_TO_UNDO },
      });
    }
    expect([await statusOf(fresh), await statusOf(sent), await statusOf(taken)]).toEqual([
      'pending',
      'approved',
      'rejected',
    ]);
    expect((await outbox()).map((r) => r.status)).toEqual(['sent', 'sending']);
    expect(await auditRowsOf(db(), 'submission.undo')).toEqual([]);
    expect((await undoOne(randomUUID())).statusCode).toBe(404);
    expect((await undoOne('nope')).statusCode).toBe(400);
  });

  it('leaves a message the worker has taken as it is: the next decision queues its own', async () => {
    const [entry] = (await addEntries('pending')) as [{ id: string; reference: string }];
    await decideOne(entry.id, 'approved');
    const [taken] = await outbox();
    const due = taken!.send_after;
    expect(await claimMessage(db(), taken!.id, due, at(due, MINUTE).toISOString())).toBeTruthy();

    const answer = await decideOne(entry.id, 'rejected');
    expect(answer.json()).toEqual({ changed: [entry.id], unchanged: [], waiting: [entry.id] });
    expect((await outbox()).map((r) => [r.id, r.kind, r.status, r.decision_from])).toEqual([
      [taken!.id, DECISION_KINDS.approved, 'sending', 'pending'],
      [expect.any(String), DECISION_KINDS.rejected, 'pending', 'approved'],
    ]);
    // An undo now withdraws only the rejection: the entry is back to approved, as the artist hears.
    expect((await undoOne(entry.id)).statusCode).toBe(200);
    expect(await statusOf(entry.id)).toBe('approved');
    expect((await outbox()).map((r) => [r.id, r.status])).toEqual([[taken!.id, 'sending']]);
  });

  it('a decision and the worker at the same moment: the artist hears of each status once', async () => {
    const [entry] = (await addEntries('pending')) as [{ id: string; reference: string }];
    await decideOne(entry.id, 'approved');
    const [approval] = await outbox();
    const due = approval!.send_after;
    const [answer, claimed] = await Promise.all([
      decideOne(entry.id, 'rejected'),
      claimMessage(db(), approval!.id, due, at(due, MINUTE).toISOString()),
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = await outbox();
    const rejection = rows.find((r) => r.kind === DECISION_KINDS.rejected);
    // Either the worker took the approval first (it goes, then the rejection from approved), or
    // the decision withdrew it first (the worker found nothing, the rejection is from pending).
    if (claimed) {
      expect(rows).toHaveLength(2);
      expect(rejection?.decision_from).toBe('approved');
    } else {
      expect(rows).toHaveLength(1);
      expect(rejection?.decision_from).toBe('pending');
    }
  });
});

describe(`bulk decisions and their undo on ${TEST_ENGINE}`, () => {
  it('each entry waits, is replaced or withdrawn on its own, and many are undone at once', async () => {
    const entries = await addEntries('pending', 'pending', 'approved');
    const ids = entries.map((e) => e.id);
    const [a, b, c] = ids as [string, string, string];
    const approved = await decideMany(ids, 'approved');
    expect(approved.json()).toEqual({ changed: [a, b], unchanged: [c], waiting: [a, b] });
    const rejected = await decideMany(ids, 'rejected');
    expect(rejected.json()).toEqual({ changed: ids, unchanged: [], waiting: ids });
    const byEntry = async () =>
      Object.fromEntries((await outbox()).map((r) => [r.submission_id, [r.kind, r.decision_from]]));
    expect(await byEntry()).toEqual({
      [a]: [DECISION_KINDS.rejected, 'pending'],
      [b]: [DECISION_KINDS.rejected, 'pending'],
      [c]: [DECISION_KINDS.rejected, 'approved'],
    });
    // Back to approved: c returns where it was (nothing goes), a and b wait to hear of it.
    expect((await decideMany([c, a], 'approved')).json()).toEqual({
      changed: [c, a],
      unchanged: [],
      waiting: [a],
    });
    expect(await byEntry()).toEqual({
      [a]: [DECISION_KINDS.approved, 'pending'],
      [b]: [DECISION_KINDS.rejected, 'pending'],
    });

    const undone = await undoMany([a, b, c]);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ undone: [a, b], notUndone: [c] });
    expect([await statusOf(a), await statusOf(b), await statusOf(c)]).toEqual([
      'pending',
      'pending',
      'approved',
    ]);
    expect(await outbox()).toEqual([]);
    expect((await auditRowsOf(db(), 'submission.undo')).map((r) => r.entity_id).sort()).toEqual(
      [a, b].sort(),
    );
    const nothing = await undoMany([a, b, c]);
    expect(nothing.statusCode).toBe(409);
    expect((await undoMany([a, randomUUID()])).statusCode).toBe(404);
    expect((await undoMany([])).statusCode).toBe(400);
    expect(await app.deps.outbox.runOnce(at(clock.now().toISOString(), 60 * MINUTE))).toBe(0);
    expect(smtp.received).toEqual([]);
  });

  it('two admins deciding on the same entries at once leave one waiting e-mail each', async () => {
    const ids = (await addEntries('pending', 'pending', 'pending')).map((e) => e.id);
    const answers = await Promise.all([decideMany(ids, 'approved'), decideMany(ids, 'rejected')]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const rows = await outbox();
    expect(rows.map((r) => r.submission_id).sort()).toEqual([...ids].sort());
    for (const row of rows) {
      expect(row.decision_from).toBe('pending');
      const status = await statusOf(row.submission_id as string);
      expect(row.kind).toBe(DECISION_KINDS[status as 'approved' | 'rejected']);
    }
  });
});
