import type { Kysely } from 'kysely';
import type { DecisionResult } from '../../../shared/schemas/review.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { artistEmail, artistValues, DECISION_KINDS } from '../mail/artist-emails.service.ts';
import { currentTemplate } from '../mail/email-templates.service.ts';
import { queueEmail } from '../mail/outbox.service.ts';
import { issueEntryLink } from '../submissions/submissions.service.ts';
import { findDecisionTargets, setStatus } from './decisions.repository.ts';

/*
 * Approve or reject one submission or many, in one transaction. Each change is
 * audited and e-mails the artist once; a submission already in that status changes nothing and
 * is sent nothing. An id that does not exist refuses the whole request, naming it.
 */

export const missingSubmissions = (ids: readonly string[]) =>
  `No submission has the id ${ids.join(', ')}. Nothing was changed.`;

export async function decide(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'settings' | 'entryTokens' | 'outbox'>,
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
  const result = await deps.db.transaction().execute(async (trx: Kysely<DB>) => {
    const targets = await findDecisionTargets(trx, unique);
    const found = new Set(targets.map((t) => t.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppError(404, 'SUBMISSION_NOT_FOUND', missingSubmissions(missing));
    }
    const now = deps.clock.now();
    const changed = new Set(await setStatus(trx, unique, status, now.toISOString()));
    // Read once for the whole batch: up to 500 messages, one wording.
    const template = await currentTemplate(trx, DECISION_KINDS[status]);
    for (const target of targets) {
      if (!changed.has(target.id)) continue;
      await recordAudit(
        trx,
        {
          adminUserId: admin.adminUserId,
          actor: admin.username,
          action: status === 'approved' ? 'submission.approve' : 'submission.reject',
          entityType: 'submission',
          entityId: target.id,
          details: { reference: target.reference, from: target.status, to: status },
        },
        now,
      );
      const email = artistEmail(
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
        { kind: DECISION_KINDS[status], submissionId: target.id, to: target.email, ...email },
        now,
      );
    }
    return {
      changed: unique.filter((id) => changed.has(id)),
      unchanged: unique.filter((id) => !changed.has(id)),
    };
  });
  if (result.changed.length > 0) deps.outbox.wake();
  return result;
}
