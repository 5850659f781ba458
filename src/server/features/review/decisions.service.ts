import type { Kysely } from 'kysely';
import type { ReviewStatus } from '../../../shared/domain/entry-state.ts';
import {
  DECISION_EMAIL_DELAY_MS,
  type DecisionResult,
  NOTHING_TO_UNDO,
  type UndoResult,
} from '../../../shared/schemas/review.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import {
  artistEmail,
  artistValues,
  currentTemplate,
  DECISION_KINDS,
  queueEmail,
  withdrawWaitingDecisionEmails,
} from '../mail/mail.service.ts';
import {
  issueEntryLink,
  restoreEntryStatus,
  setEntriesStatus,
} from '../submissions/submissions.service.ts';
import { findDecisionTargets } from './decisions.repository.ts';

/*
 * Approve or reject one submission or many, in one transaction. Each change is audited; a
 * submission already in that status changes nothing and is sent nothing. An id that does not
 * exist refuses the whole request, naming it.
 *
 * The artist's e-mail waits DECISION_EMAIL_DELAY_MS in the outbox, so the admin can undo it. Its
 * row remembers the status the entry had before it (`decision_from`): a later decision while it
 * still waits withdraws it and, unless the entry is back where it was, queues the new decision's
 * e-mail with a fresh wait and the same remembered status; an undo withdraws it and puts that
 * status back. A message a worker has taken is never touched: the next decision then starts afresh
 * from the status it finds. The entries' rows are locked first (decisions.repository), so two
 * admins deciding on one entry at once take turns.
 */

export const missingSubmissions = (ids: readonly string[]) =>
  `No submission has the id ${ids.join(', ')}. Nothing was changed.`;

/** Withdrawn by their artists: never reviewed, so never sent a decision. */
export const withdrawnSubmissions = (references: readonly string[]) =>
  `${references.join(', ')} ${references.length === 1 ? 'was' : 'were'} withdrawn by the artist and cannot be approved or rejected. Nothing was changed.`;

const audit = auditEntriesOf('submission');

type Target = Awaited<ReturnType<typeof findDecisionTargets>>[number];

/** The rows of `ids`, locked; a 404 naming those that do not exist. */
async function lockTargets(trx: Kysely<DB>, ids: readonly string[]): Promise<Target[]> {
  const targets = await findDecisionTargets(trx, ids);
  const found = new Set(targets.map((t) => t.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError(404, 'SUBMISSION_NOT_FOUND', missingSubmissions(missing));
  }
  return targets;
}

export async function decide(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'settings' | 'entryTokens'>,
  ids: readonly string[],
  status: 'approved' | 'rejected',
  admin: AuditActor,
): Promise<DecisionResult> {
  const unique = [...new Set(ids)];
  // Made before the transaction: on SQLite its one connection is the transaction's.
  const siteTitle = (await deps.settings.getSettings()).title;
  const links = new Map(
    await Promise.all(unique.map(async (id) => [id, await issueEntryLink(deps, id)] as const)),
  );
  return deps.db.transaction().execute(async (trx: Kysely<DB>) => {
    const targets = await lockTargets(trx, unique);
    const withdrawnEntries = targets.filter((t) => t.withdrawn_at !== null);
    if (withdrawnEntries.length > 0) {
      const references = withdrawnEntries.map((t) => t.reference);
      throw new AppError(409, 'ENTRY_WITHDRAWN', withdrawnSubmissions(references));
    }
    const now = deps.clock.now();
    const changed = new Set(await setEntriesStatus(trx, unique, status, now.toISOString()));
    const withdrawn = await withdrawWaitingDecisionEmails(trx, [...changed]);
    // Read once for the whole batch: up to 500 messages, one wording.
    const template = await currentTemplate(trx, DECISION_KINDS[status]);
    const sendAfter = new Date(now.getTime() + DECISION_EMAIL_DELAY_MS);
    const waiting = new Set<string>();
    for (const target of targets) {
      if (!changed.has(target.id)) continue;
      // What the artist last heard of (or the entry was) before the e-mail that waited, if any.
      const before = withdrawn.get(target.id) ?? target.status;
      const email = before === status ? 'withdrawn' : 'waiting';
      await recordAudit(
        trx,
        audit(
          admin,
          status === 'approved' ? 'submission.approve' : 'submission.reject',
          target.id,
          { reference: target.reference, from: target.status, to: status, email },
        ),
        now,
      );
      if (email === 'withdrawn') continue;
      const message = artistEmail(
        template,
        artistValues({
          siteTitle,
          reference: target.reference,
          fullName: target.full_name,
          competitionTitle: target.competition_title,
          entryLink: links.get(target.id) as string,
        }),
      );
      await queueEmail(
        trx,
        { kind: DECISION_KINDS[status], submissionId: target.id, to: target.email, ...message },
        now,
        { sendAfter, decisionFrom: before },
      );
      waiting.add(target.id);
    }
    return {
      changed: unique.filter((id) => changed.has(id)),
      unchanged: unique.filter((id) => !changed.has(id)),
      waiting: unique.filter((id) => waiting.has(id)),
    };
  });
}

/**
 * Undoes the decisions of `ids` whose e-mail still waits: each goes back to the status it had
 * before them, its e-mail withdrawn, audited. Those with nothing waiting are named and left as
 * they are; a 409 when none of them had anything to undo.
 */
export async function undoDecisions(
  deps: Pick<Deps, 'db' | 'clock'>,
  ids: readonly string[],
  admin: AuditActor,
): Promise<UndoResult> {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx: Kysely<DB>) => {
    const targets = await lockTargets(trx, unique);
    const withdrawn = await withdrawWaitingDecisionEmails(trx, unique);
    if (withdrawn.size === 0) throw new AppError(409, 'NOTHING_TO_UNDO', NOTHING_TO_UNDO);
    const now = deps.clock.now();
    for (const target of targets) {
      const before: ReviewStatus | undefined = withdrawn.get(target.id);
      if (!before) continue;
      await restoreEntryStatus(trx, target.id, before, now.toISOString());
      await recordAudit(
        trx,
        audit(admin, 'submission.undo', target.id, {
          reference: target.reference,
          from: target.status,
          to: before,
        }),
        now,
      );
    }
    return {
      undone: unique.filter((id) => withdrawn.has(id)),
      notUndone: unique.filter((id) => !withdrawn.has(id)),
    };
  });
}
