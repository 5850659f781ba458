import { randomUUID } from 'node:crypto';
import { todayIn } from '../../../shared/domain/competition-status.ts';
import type { CertificatesTable } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import {
  findAwardCreatedAt,
  findAwards,
  findWorksByIds,
  replaceAwards,
} from './awards.repository.ts';
import { type CertificateChange, planCertificates } from './certificate-plan.ts';
import {
  deleteCertificates,
  findCertificates,
  findParticipants,
  findPublication,
  findShortlist,
  insertCertificates,
  updateCertificate,
} from './publication.repository.ts';
import { newCertificateCode } from './publication.service.ts';

/*
 * The people's-choice award: an ordinary award titled "People's Choice" for the works the public
 * voted for most (the votes feature counts them and calls this; results never reads votes). It
 * replaces any earlier People's Choice and follows the jury's awards. When the results are
 * already published, the winners' certificates are issued (or changed) at once, as a Publish
 * would, keeping the codes already given out; no e-mail is sent (the artists heard at Publish).
 */

export const PEOPLES_CHOICE_TITLE = "People's Choice";
export const PEOPLES_CHOICE_NONE_ELIGIBLE =
  'No voted work can take the People’s Choice: each holds another award or its entry no longer stands';
const audit = auditEntriesOf('competition');

export async function findPeoplesChoiceAward(
  deps: Pick<Deps, 'db'>,
  competitionId: string,
): Promise<string[] | null> {
  const rows = await findAwards(deps.db, competitionId);
  const ours = rows.filter((r) => r.title === PEOPLES_CHOICE_TITLE);
  return ours.length > 0 ? ours.map((r) => r.work_id) : null;
}

export interface RankedWork {
  workId: string;
  votes: number;
}
export interface SkippedWork extends RankedWork {
  reason: string;
}
type WorkRow = Awaited<ReturnType<typeof findWorksByIds>>[number];
type AwardRow = Awaited<ReturnType<typeof findAwards>>[number];

/** Why a work cannot take the People's Choice, or null when it can (one award per work). */
function ineligibility(competitionId: string, work: WorkRow | undefined, award?: AwardRow) {
  if (!work || work.competition_id !== competitionId) return 'not a work of this competition';
  if (work.withdrawn_at) return 'entry withdrawn';
  if (work.status !== 'approved') return 'entry not approved';
  if (award) return `holds ${award.title}`;
  return null;
}

/**
 * The most voted works that may take the award (all of a tie), and the works with as many votes
 * or more that were passed over, each with its reason. `ranked` is most votes first.
 */
export function choosePeoplesChoice(
  competitionId: string,
  ranked: readonly RankedWork[],
  works: readonly WorkRow[],
  otherAwards: readonly AwardRow[],
) {
  const byId = new Map(works.map((w) => [w.work_id, w]));
  const judged = (r: RankedWork) =>
    ineligibility(
      competitionId,
      byId.get(r.workId),
      otherAwards.find((a) => a.work_id === r.workId),
    );
  const votes = ranked.find((r) => judged(r) === null)?.votes ?? 0;
  const winners = ranked.filter((r) => r.votes === votes && votes > 0 && judged(r) === null);
  const skipped: SkippedWork[] = ranked
    .filter((r) => r.votes >= votes && judged(r) !== null)
    .map((r) => ({ ...r, reason: judged(r) ?? '' }));
  return { votes, winners: winners.map((r) => byId.get(r.workId)!), skipped };
}

/**
 * Gives the People's Choice to the most voted eligible works of `ranked` (several on a tie),
 * replacing an earlier one; answers the winners, the works skipped and why, and how many
 * certificates were issued or changed. 409 when no ranked work may take it.
 */
export async function savePeoplesChoiceAward(
  deps: Pick<Deps, 'db' | 'clock' | 'settings' | 'contentCache'>,
  competitionId: string,
  ranked: readonly RankedWork[],
  actor: AuditActor,
) {
  const { timeZone } = await deps.settings.getSettings();
  const now = deps.clock.now();
  const stamp = now.toISOString();
  const answer = await deps.db.transaction().execute(async (trx) => {
    const existing = await findAwards(trx, competitionId);
    const kept = existing.filter((a) => a.title !== PEOPLES_CHOICE_TITLE);
    // Checked in the transaction, so a jury award given meanwhile is not doubled.
    const works = await findWorksByIds(
      trx,
      ranked.map((r) => r.workId),
    );
    const choice = choosePeoplesChoice(competitionId, ranked, works, kept);
    if (choice.winners.length === 0) {
      throw new AppError(409, 'PEOPLES_CHOICE_NONE_ELIGIBLE', PEOPLES_CHOICE_NONE_ELIGIBLE);
    }
    const createdAt = await findAwardCreatedAt(trx, competitionId);
    const keptRows = kept.map((a, position) => ({
      id: a.award_id,
      competition_id: competitionId,
      submission_id: a.submission_id,
      work_id: a.work_id,
      title: a.title,
      prize: a.prize,
      position,
      created_at: createdAt.get(a.work_id) ?? stamp,
      updated_at: stamp,
    }));
    const ours = choice.winners.map((w, i) => ({
      id: randomUUID(),
      competition_id: competitionId,
      submission_id: w.id,
      work_id: w.work_id,
      title: PEOPLES_CHOICE_TITLE,
      prize: '',
      position: kept.length + i,
      created_at: createdAt.get(w.work_id) ?? stamp,
      updated_at: stamp,
    }));
    const rows = [...keptRows, ...ours];
    await replaceAwards(trx, competitionId, rows);
    const changed = await issueCertificates(
      trx,
      competitionId,
      { existing, rows, ours },
      {
        timeZone,
        now,
      },
    );
    const workIds = ours.map((a) => a.work_id);
    await recordAudit(
      trx,
      audit(actor, 'results.peoples-choice', competitionId, {
        votes: choice.votes,
        workIds,
        skipped: choice.skipped,
        certificates: changed,
      }),
      now,
    );
    return { workIds, votes: choice.votes, skipped: choice.skipped, certificatesIssued: changed };
  });
  deps.contentCache.invalidate();
  return answer;
}

type AwardInsert = { submission_id: string; work_id: string; title: string };

/** Once the results are published: the winners' certificates issued or changed, codes kept. */
async function issueCertificates(
  trx: Parameters<typeof findAwards>[0],
  competitionId: string,
  awards: {
    existing: readonly AwardRow[];
    rows: readonly AwardInsert[];
    ours: readonly AwardInsert[];
  },
  at: { timeZone: string; now: Date },
): Promise<number> {
  const { existing, rows, ours } = awards;
  const { timeZone, now } = at;
  const stamp = now.toISOString();
  let changed = 0;
  if ((await findPublication(trx, competitionId))?.published_at) {
    const touched = new Set([
      ...existing.filter((a) => a.title === PEOPLES_CHOICE_TITLE).map((a) => a.submission_id),
      ...ours.map((a) => a.submission_id),
    ]);
    const shortlist = new Set(await findShortlist(trx, competitionId));
    const had = await findCertificates(trx, competitionId);
    const inserts: CertificatesTable[] = [];
    const removed: string[] = [];
    for (const p of await findParticipants(trx, competitionId)) {
      if (!touched.has(p.id)) continue;
      const won = rows.filter((a) => a.submission_id === p.id);
      const outcome = shortlist.has(p.id) ? 'shortlisted' : 'participated';
      const wanted: CertificateChange[] =
        won.length > 0
          ? won.map((a) => ({
              kind: 'merit',
              award: a.title,
              work_id: a.work_id,
              outcome: 'award',
            }))
          : [{ kind: 'participation', award: null, work_id: null, outcome }];
      const plan = planCertificates(
        wanted,
        had.filter((c) => c.submission_id === p.id),
      );
      for (const { id, change } of plan.updates) {
        await updateCertificate(trx, id, { ...change, updated_at: stamp });
      }
      removed.push(...plan.deletes);
      for (const change of plan.inserts) {
        inserts.push({
          id: randomUUID(),
          code: newCertificateCode(),
          submission_id: p.id,
          competition_id: competitionId,
          ...change,
          issued_on: todayIn(timeZone, now),
          file_key: null,
          file_inputs: null,
          created_at: stamp,
          updated_at: stamp,
        });
      }
      changed += plan.updates.length + plan.inserts.length;
    }
    await deleteCertificates(trx, removed);
    await insertCertificates(trx, inserts);
  }
  return changed;
}
