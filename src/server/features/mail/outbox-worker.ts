import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { MailConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { createPeriodicJob } from '../../jobs/periodic-job.ts';
import { retryDelayMs } from '../../jobs/retry-delay.ts';
import {
  type AttemptOutcome,
  claimMessage,
  findDueMessageIds,
  markDueMessagesNotSent,
  type OutboxRow,
  recordAttempt,
} from './outbox.repository.ts';
import {
  createSmtpSender,
  describeSendError,
  isPermanentRejection,
  SMTP_SEND_TIMEOUT_MS,
  type SmtpSender,
} from './smtp-sender.ts';

/*
 * The worker that sends the outbox, in the server process. Each message is
 * claimed with one conditional update before it is sent, so several workers (several servers on
 * one PostgreSQL) never send one message twice; a claim runs out after a while, so a worker that
 * died mid-send does not keep its message forever. A failed attempt is tried again later, each
 * wait twice the last (1 minute, 2, 4, ... at most an hour, a little jitter so servers do not
 * retry in step), until the last attempt. Without SMTP_URL every message is kept, marked not sent.
 */

/** What the app offers the rest of the server: registration calls wake() after its commit. */
export interface Outbox {
  /** Sends what is due soon, without waiting for the next round. */
  wake(): void;
  /**
   * One round at `now` (default: the clock), after any round in progress: sends every message
   * due then. Resolves to how many messages it took (sent, tried again later, given up, or set
   * aside as not sent). A `now` ahead of the clock sees every claim older than it as run out.
   */
  runOnce(now?: Date): Promise<number>;
}

export interface OutboxWorkerOptions {
  /** false: no rounds of its own (no polling; wake() does nothing): runOnce only, for tests. */
  background?: boolean;
  /** How often it looks for due messages when nothing wakes it. */
  pollIntervalMs?: number;
  /** How long one message may take, connecting to the server's last answer. */
  sendTimeoutMs?: number;
}

/** The last error of a message kept because no SMTP server is configured. */
export const OUTBOX_NOT_SENT_REASON = 'Not sent: no SMTP server is configured';
/** Attempts before a message is given up as failed. */
export const OUTBOX_MAX_ATTEMPTS = 8;
export const OUTBOX_POLL_INTERVAL_MS = 30_000;
/** How long a claim holds: well over a send's time limit, so a live worker never loses one. */
export const OUTBOX_CLAIM_MS = 5 * 60_000;
/** Messages looked at per query; a round goes on until none is due. */
const BATCH_SIZE = 20;
/** How long closing the app waits for the message being sent before leaving it to its claim. */
const STOP_WAIT_MS = 10_000;

interface WorkerContext {
  db: Kysely<DB>;
  mail: MailConfig;
  /** The sender's name when MAIL_FROM gives none. */
  siteTitle(): Promise<string>;
  log: FastifyBaseLogger;
  clock: Clock;
}

export interface OutboxWorker extends Outbox {
  start(): void;
  stop(): Promise<void>;
}

const later = (date: Date, ms: number) => new Date(date.getTime() + ms).toISOString();

export function createOutboxWorker(
  context: WorkerContext,
  options: OutboxWorkerOptions,
): OutboxWorker {
  const { db, mail, log } = context;
  const background = options.background ?? true;
  const pollMs = options.pollIntervalMs ?? OUTBOX_POLL_INTERVAL_MS;
  const sendTimeoutMs = options.sendTimeoutMs ?? SMTP_SEND_TIMEOUT_MS;
  const claimMs = Math.max(OUTBOX_CLAIM_MS, 2 * sendTimeoutMs);
  const sender: SmtpSender | undefined = mail.smtpUrl
    ? createSmtpSender(mail.smtpUrl, sendTimeoutMs)
    : undefined;

  let stopping = false;
  // Rounds run one after another: a round asked for during another starts when it ends.
  let rounds: Promise<unknown> = Promise.resolve();

  async function deliver(
    row: OutboxRow,
    claimedUntil: string,
    from: { name: string; address: string },
    clock: () => Date,
  ): Promise<void> {
    const attempts = row.attempts + 1;
    let outcome: AttemptOutcome;
    try {
      await (sender as SmtpSender).send({
        id: row.id,
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html,
      });
      const now = clock().toISOString();
      outcome = {
        status: 'sent',
        attempts,
        lastError: null,
        sendAfter: row.send_after,
        sentAt: now,
        now,
      };
      log.info({ outboxId: row.id, attempts }, 'e-mail sent');
    } catch (error) {
      const now = clock();
      const giveUp = isPermanentRejection(error) || attempts >= OUTBOX_MAX_ATTEMPTS;
      const lastError = describeSendError(error, mail.smtpUrl as string);
      outcome = {
        status: giveUp ? 'failed' : 'pending',
        attempts,
        lastError,
        sendAfter: giveUp ? row.send_after : later(now, retryDelayMs(attempts)),
        sentAt: null,
        now: now.toISOString(),
      };
      log.warn({ outboxId: row.id, attempts, error: lastError, giveUp }, 'e-mail not sent');
    }
    if (!(await recordAttempt(db, row.id, claimedUntil, outcome))) {
      log.warn({ outboxId: row.id }, 'e-mail claim ran out before its attempt was recorded');
    }
  }

  async function round(at: Date | undefined): Promise<number> {
    const clock = () => at ?? context.clock.now();
    if (stopping) return 0;
    if (!sender) return markDueMessagesNotSent(db, clock().toISOString(), OUTBOX_NOT_SENT_REASON);
    // Read once a round, and only when something is due.
    let from: { name: string; address: string } | undefined;
    let taken = 0;
    for (;;) {
      const ids = await findDueMessageIds(db, clock().toISOString(), BATCH_SIZE);
      if (ids.length === 0) return taken;
      from ??= { name: mail.from.name ?? (await context.siteTitle()), address: mail.from.address };
      let claimed = 0;
      for (const id of ids) {
        if (stopping) return taken;
        const now = clock();
        const claimedUntil = later(now, claimMs);
        // Only the worker whose update changed the row goes on; any other skips it.
        const row = await claimMessage(db, id, now.toISOString(), claimedUntil);
        if (!row) continue;
        claimed++;
        taken++;
        await deliver(row, claimedUntil, from, clock);
      }
      // Fewer than a batch: that was all. None claimed: other workers have the rest.
      if (ids.length < BATCH_SIZE || claimed === 0) return taken;
    }
  }

  function runOnce(now?: Date): Promise<number> {
    const run = rounds.then(() => round(now));
    rounds = run.catch(() => {});
    return run;
  }

  // Its own rounds: whatever was left due before the start goes out at once, then a look every
  // poll interval; wake() brings the next round forward.
  const polling = createPeriodicJob({
    name: 'e-mail outbox round',
    intervalMs: pollMs,
    runAtStart: true,
    round: () => runOnce(),
    log,
  });

  return {
    runOnce,
    wake: () => polling.wake(),
    start() {
      if (!background || stopping) return;
      log.info(
        sender
          ? `e-mail: sending through the SMTP server at ${smtpHost(mail.smtpUrl as string)}`
          : 'e-mail: no SMTP_URL, so messages stay in the outbox, marked not sent',
      );
      polling.start();
    },
    async stop() {
      stopping = true;
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([polling.stop(), rounds]),
        new Promise((resolve) => {
          waited = setTimeout(resolve, STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(waited);
      sender?.close();
    },
  };
}

/** host:port of an SMTP URL, without its credentials: safe to log. */
function smtpHost(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
}
