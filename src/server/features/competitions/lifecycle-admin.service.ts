import { lastMinuteBefore } from '../../../shared/domain/competition-status.ts';
import type { AdminCompetition } from '../../../shared/schemas/competition.ts';
import type {
  Extension,
  ExtensionGranted,
  ExtensionInput,
} from '../../../shared/schemas/extension.ts';
import { EXTENSION_MESSAGES } from '../../../shared/schemas/extension.ts';
import { PAGE_PATHS, REGISTER_COMPETITION_PARAM } from '../../../shared/page-paths.ts';
import { COMPETITION_NOT_FOUND } from '../../../shared/messages.ts';
import { isRecordId } from '../../db/record-id.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidFields, notFound } from '../../errors.ts';
import {
  type AuditActor,
  auditEntriesOf,
  recordAudit,
  writePublicContent,
} from '../audit/audit.service.ts';
import { findAdminCompetition } from './admin-competitions.service.ts';
import { closeEntriesRow, findLifecycleFacts } from './competitions.repository.ts';
import { findExtensionsOf, insertExtension } from './extensions.repository.ts';
import {
  findCompetitionMoment,
  LIFECYCLE_MESSAGES,
  newExtensionId,
  newExtensionToken,
} from './lifecycle.ts';

/* The admin's lifecycle actions: "Close entries now" and artists' extensions (decision 021). */

type LifecycleAdminContext = Pick<Deps, 'db' | 'clock' | 'settings' | 'contentCache' | 'config'>;

const audit = auditEntriesOf('competition');

/**
 * Sets the close to now (the end of the minute before it, so it is already past), audited;
 * 409 ENTRIES_CLOSED when entries are closed already.
 */
export async function closeEntriesNow(
  ctx: LifecycleAdminContext,
  id: string,
  admin: AuditActor,
): Promise<AdminCompetition> {
  if (!isRecordId(id)) throw notFound(COMPETITION_NOT_FOUND);
  const { timeZone } = await ctx.settings.getSettings();
  const now = ctx.clock.now();
  await writePublicContent(ctx, async (trx) => {
    const moment = await findCompetitionMoment(trx, id, timeZone, now);
    if (!moment) throw notFound(COMPETITION_NOT_FOUND);
    if (now >= moment.closesAt) {
      throw new AppError(409, 'ENTRIES_CLOSED', LIFECYCLE_MESSAGES.alreadyClosed);
    }
    const close = lastMinuteBefore(now, timeZone);
    await closeEntriesRow(trx, id, close, now.toISOString());
    await recordAudit(
      trx,
      audit(admin, 'competition.close-entries', id, {
        endDate: close.date,
        closingTime: close.time,
      }),
      now,
    );
  });
  return findAdminCompetition(ctx, id);
}

const extensionOf = (row: Awaited<ReturnType<typeof findExtensionsOf>>[number]): Extension => ({
  id: row.id,
  email: row.email,
  validUntil: row.valid_until,
  createdBy: row.created_by,
  createdAt: row.created_at,
  used: Number(row.used ?? 0),
});

export async function listExtensions(
  ctx: Pick<Deps, 'db'>,
  competitionId: string,
): Promise<Extension[]> {
  if (!isRecordId(competitionId) || !(await findLifecycleFacts(ctx.db, competitionId))) {
    throw notFound(COMPETITION_NOT_FOUND);
  }
  return (await findExtensionsOf(ctx.db, competitionId)).map(extensionOf);
}

/** The registration page's address with the link's secret after '#', where no server logs it. */
function extensionLinkOf(publicUrl: string, competitionId: string, token: string): string {
  const query = new URLSearchParams({ [REGISTER_COMPETITION_PARAM]: competitionId });
  return `${publicUrl}${PAGE_PATHS.registerCompetition}?${query.toString()}#extension=${token}`;
}

/**
 * Lets one artist (by e-mail) register after the close until `validUntil`, through a personal
 * link shown once; audited.
 */
export async function grantExtension(
  ctx: LifecycleAdminContext,
  competitionId: string,
  input: ExtensionInput,
  admin: AuditActor,
): Promise<ExtensionGranted> {
  if (!isRecordId(competitionId)) throw notFound(COMPETITION_NOT_FOUND);
  const now = ctx.clock.now();
  const validUntil = new Date(input.validUntil);
  if (validUntil <= now) throw invalidFields({ validUntil: EXTENSION_MESSAGES.validUntil });
  const { token, tokenHash } = newExtensionToken();
  const row = {
    id: newExtensionId(),
    competition_id: competitionId,
    email: input.email.trim().toLowerCase(),
    valid_until: validUntil.toISOString(),
    token_hash: tokenHash,
    created_by: admin.username,
    created_at: now.toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await findLifecycleFacts(trx, competitionId))) throw notFound(COMPETITION_NOT_FOUND);
    await insertExtension(trx, row);
    await recordAudit(
      trx,
      audit(admin, 'competition.extension-grant', competitionId, {
        email: row.email,
        validUntil: row.valid_until,
      }),
      now,
    );
  });
  return {
    id: row.id,
    email: row.email,
    validUntil: row.valid_until,
    createdBy: row.created_by,
    createdAt: row.created_at,
    used: 0,
    link: extensionLinkOf(ctx.config.publicUrl, competitionId, token),
  };
}
