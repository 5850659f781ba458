import { randomUUID } from 'node:crypto';
import type { AdminCode, CodeInput } from '../../../shared/schemas/codes.ts';
import { CODE_MESSAGES } from '../../../shared/schemas/codes.ts';
import { isRecordId } from '../../db/record-id.ts';
import type { Deps } from '../../deps.ts';
import { invalidField, notFound } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import {
  competitionExists,
  deactivateCodeRow,
  findAllCodes,
  findAllCodeUses,
  insertCode,
} from './codes.repository.ts';

/* The admin's Codes screen: every code with its uses, a new code, a code taken out of use. */

const audit = auditEntriesOf('code');

/** Every code, newest first, each with its uses (entry reference, e-mail, discount, date). */
export async function listCodes(deps: Pick<Deps, 'db'>): Promise<AdminCode[]> {
  const [codes, uses] = await Promise.all([findAllCodes(deps.db), findAllCodeUses(deps.db)]);
  return codes.map((row) => ({
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    competitionId: row.competition_id,
    competitionTitle: row.competition_title ?? null,
    maxUses: row.max_uses,
    expiresAt: row.expires_at,
    active: row.active === 1,
    createdBy: row.created_by,
    createdAt: row.created_at,
    uses: uses
      .filter((use) => use.code_id === row.id)
      .map((use) => ({
        reference: use.reference ?? null,
        email: use.email,
        discount: use.discount,
        createdAt: use.created_at,
      })),
  }));
}

async function findListed(deps: Pick<Deps, 'db'>, id: string): Promise<AdminCode> {
  const code = (await listCodes(deps)).find((listed) => listed.id === id);
  if (!code) throw notFound(CODE_MESSAGES.codeNotFound);
  return code;
}

/** A new code; its text must be new, its competition (if one) must exist. Audited. */
export async function createCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: CodeInput,
  admin: AuditActor,
): Promise<AdminCode> {
  const id = randomUUID();
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (input.competitionId !== null) {
      const exists =
        isRecordId(input.competitionId) && (await competitionExists(trx, input.competitionId));
      if (!exists) throw invalidField('competitionId', CODE_MESSAGES.competitionNotFound);
    }
    // The unique key decides, so a code added by another admin at the same moment is refused too.
    const inserted = await insertCode(trx, {
      id,
      code: input.code,
      kind: input.kind,
      value: input.value,
      competition_id: input.competitionId,
      max_uses: input.maxUses,
      expires_at: input.expiresAt,
      created_by: admin.username,
      created_at: now.toISOString(),
    });
    if (!inserted) throw invalidField('code', CODE_MESSAGES.taken);
    await recordAudit(
      trx,
      audit(admin, 'code.create', id, { code: input.code, kind: input.kind }),
      now,
    );
  });
  return findListed(deps, id);
}

/** Takes a code out of use: refused from now on; its uses stay listed. Audited. */
export async function deactivateCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: string,
  admin: AuditActor,
): Promise<AdminCode> {
  if (!isRecordId(id)) throw notFound(CODE_MESSAGES.codeNotFound);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await deactivateCodeRow(trx, id))) throw notFound(CODE_MESSAGES.codeNotFound);
    await recordAudit(trx, audit(admin, 'code.deactivate', id, {}), now);
  });
  return findListed(deps, id);
}
