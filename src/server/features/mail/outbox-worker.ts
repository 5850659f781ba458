import type { Deps } from '../../deps.ts';
import { type Claim, createClaimedWork } from '../../jobs/claimed-work.ts';
import { retryAt } from '../../jobs/retry-delay.ts';
import {
  type AttemptOutcome,
  claimMessage,
  findDueMessageIds,
  markDueMessagesNotSent,
  type OutboxRow,
  recordAttempt,
} from './outbox.repository.ts';
import type { AttachmentRenderers } from '../feature.ts';
import { attachmentsOf } from './outbox-attachments.ts';
import {
  createSmtpSender,
  describeSendError,
  isPermanentRejection,
  SMTP_SEND_TIMEOUT_MS,
  type SmtpSender,
} from './smtp-sender.ts';

/*
 * The worker that sends the outbox, in the server process, as claimed work (jobs/claimed-work.ts):
 * each message is claimed with one conditional update before it is sent, so several servers on
 * one PostgreSQL never send one message twice, and a claim runs out after a while, so a worker
 * that died mid-send does not keep its message forever. A failed attempt is tried again later, each
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
  /** The features' attachment renderers, by kind. */
  attachments?: AttachmentRenderers;
}

/** The last error of a message kept because no SMTP server is configured. */
export const OUTBOX_NOT_SENT_REASON = 'Not sent: no SMTP server is configured';
/** Attempts before a message is given up as failed. */
export const OUTBOX_MAX_ATTEMPTS = 8;
export const OUTBOX_POLL_INTERVAL_MS = 30_000;
/** How long a claim holds: well over a send's time limit, so a live worker never loses one. */
export const OUTBOX_CLAIM_MS = 5 * 60_000;
/** How long closing the app waits for the message being sent before leaving it to its claim. */
const STOP_WAIT_MS = 10_000;

/** The site's title (in settings) names the sender when MAIL_FROM gives no name. */
type WorkerDeps = Pick<Deps, 'db' | 'log' | 'clock' | 'config' | 'settings'>;

export interface OutboxWorker extends Outbox {
  start(): void;
  stop(): Promise<void>;
}

export function createOutboxWorker(deps: WorkerDeps, options: OutboxWorkerOptions): OutboxWorker {
  const { db, log } = deps;
  const mail = deps.config.mail;
  const sendTimeoutMs = options.sendTimeoutMs ?? SMTP_SEND_TIMEOUT_MS;
  const sender: SmtpSender | undefined = mail.smtpUrl
    ? createSmtpSender(mail.smtpUrl, sendTimeoutMs)
    : undefined;
  let stopped = false;
  // Read once a round, and only when something is due.
  let from: { name: string; address: string } = { name: '', address: '' };

  async function deliver(row: OutboxRow, { claimedUntil, clock }: Claim): Promise<void> {
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
        attachments: await attachmentsOf(row, options.attachments ?? {}, deps),
        ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
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
        sendAfter: giveUp ? row.send_after : retryAt(now, attempts),
        sentAt: null,
        now: now.toISOString(),
      };
      log.warn({ outboxId: row.id, attempts, error: lastError, giveUp }, 'e-mail not sent');
    }
    if (!(await recordAttempt(db, row.id, claimedUntil, outcome))) {
      log.warn({ outboxId: row.id }, 'e-mail claim ran out before its attempt was recorded');
    }
  }

  // Its own rounds: whatever was left due before the start goes out at once, then a look every
  // poll interval; wake() brings the next round forward.
  const work = createClaimedWork({
    name: 'e-mail outbox round',
    clock: deps.clock,
    log,
    background: options.background,
    pollIntervalMs: options.pollIntervalMs ?? OUTBOX_POLL_INTERVAL_MS,
    claimMs: Math.max(OUTBOX_CLAIM_MS, 2 * sendTimeoutMs),
    beforeRound: async (now) =>
      sender ? undefined : markDueMessagesNotSent(db, now.toISOString(), OUTBOX_NOT_SENT_REASON),
    findDue: (now, limit) => findDueMessageIds(db, now, limit),
    beforeFirstClaim: async () => {
      from = {
        name: mail.from.name ?? (await deps.settings.getSettings()).title,
        address: mail.from.address,
      };
    },
    claim: (id, now, claimedUntil) => claimMessage(db, id, now, claimedUntil),
    work: deliver,
  });

  return {
    runOnce: work.runOnce,
    wake: work.wake,
    start() {
      if (options.background === false || stopped) return;
      log.info(
        sender
          ? `e-mail: sending through the SMTP server at ${smtpHost(mail.smtpUrl as string)}`
          : 'e-mail: no SMTP_URL, so messages stay in the outbox, marked not sent',
      );
      work.start();
    },
    async stop() {
      stopped = true;
      await work.stop(STOP_WAIT_MS);
      sender?.close();
    },
  };
}

/** host:port of an SMTP URL, without its credentials: safe to log. */
function smtpHost(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
}
