import { answerText } from '../../../shared/domain/field-answers.ts';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { RoundDetail, Standing } from '../../../shared/schemas/jury.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import { queueEmail, renderTemplate } from '../mail/mail.service.ts';
import { spreadsheetCsv } from '../review/review.service.ts';
import {
  decodeEntry,
  type EntryLog,
  type EntryWithFirstWorkRow,
} from '../submissions/submissions.service.ts';
import { findCriteria } from './judging.repository.ts';
import { criterionOf, jurorName } from './judging.service.ts';
import {
  findDeclaredConflicts,
  findProgress,
  findRoundEntries,
  findRoundScores,
} from './rounds.repository.ts';
import {
  computeStandings,
  type EntryStanding,
  NORMALISATION_NOTE,
  OUTLIER_NOTE,
} from './standings.ts';

/*
 * What the admin sees of a round: each juror's progress, the results so far per entry (weighted
 * and normalised means, spread, outliers), the conflicts jurors declared, every score as CSV, and
 * a reminder to the jurors who are behind.
 */

/** The standings of a round from its scores, by the competition's criteria. */
export async function roundStandings(
  db: Kysely<DB>,
  competitionId: string,
  roundId: string,
): Promise<EntryStanding[]> {
  const [criteria, scores] = await Promise.all([
    findCriteria(db, competitionId),
    findRoundScores(db, roundId),
  ]);
  return computeStandings(
    criteria.map((c) => ({
      id: c.id,
      weight: c.weight,
      scaleMin: c.scale_min,
      scaleMax: c.scale_max,
    })),
    scores.map((s) => ({
      entryId: s.work_id,
      jurorId: s.juror_id,
      criterionId: s.criterion_id,
      score: s.score,
    })),
  );
}

/** The entry's title for the admin: its title field's answer, else nothing. */
function titleOf(row: EntryWithFirstWorkRow, log: EntryLog) {
  const entry = decodeEntry(row, log);
  const field =
    entry.fields.find((f) => f.id === 'artworkTitle') ??
    entry.fields.find((f) => f.type === 'text' && /title/i.test(f.label));
  return field ? answerText(field, entry.values[field.id]) : '';
}

export async function getRoundDetail(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
  round: RoundDetail['round'],
): Promise<RoundDetail> {
  const { db } = deps;
  const [progress, entries, standings, conflicts] = await Promise.all([
    findProgress(db, round.id),
    findRoundEntries(db, round.id),
    roundStandings(db, competitionId, round.id),
    findDeclaredConflicts(db, round.id),
  ]);
  const byEntry = new Map(standings.map((s) => [s.entryId, s]));
  const rows: Standing[] = entries.map((e) => {
    const s = byEntry.get(e.work_id);
    return {
      submissionId: e.submission_id,
      workId: e.work_id,
      reference: e.reference,
      alias: e.alias,
      title: titleOf(e, deps.log),
      weightedMean: s?.weightedMean ?? null,
      normalisedMean: s?.normalisedMean ?? null,
      count: s?.count ?? 0,
      spread: s?.spread ?? null,
      outlier: s?.outlier ?? false,
      jurorsMissing: e.jurors_missing,
    };
  });
  return {
    round,
    progress: progress.map((p) => ({
      jurorId: p.juror_id,
      name: jurorName(p),
      done: Number(p.done),
      assigned: Number(p.assigned),
      lastActiveAt: p.last_active_at,
      conflicts: Number(p.conflicts),
    })),
    standings: rows,
    declaredConflicts: conflicts.map((c) => ({
      alias: c.alias,
      reference: c.reference,
      jurorName: jurorName(c),
      reason: c.conflict_reason ?? '',
      at: c.conflict_at ?? '',
    })),
    normalisationNote: NORMALISATION_NOTE,
    outlierNote: OUTLIER_NOTE,
  };
}

/** Every score of the round, one row per entry, juror and criterion, with the juror's comment. */
export async function roundScoresCsv(
  db: Kysely<DB>,
  competitionId: string,
  roundId: string,
): Promise<Readable> {
  const [criteria, scores, entries, progress] = await Promise.all([
    findCriteria(db, competitionId),
    findRoundScores(db, roundId),
    findRoundEntries(db, roundId),
    findProgress(db, roundId),
  ]);
  const criterion = new Map(criteria.map((c) => [c.id, criterionOf(c)]));
  const entry = new Map(entries.map((e) => [e.work_id, e]));
  const juror = new Map(progress.map((p) => [p.juror_id, jurorName(p)]));
  const csv = spreadsheetCsv([
    'Reference',
    'Alias',
    'Juror',
    'Criterion',
    'Weight',
    'Score',
    'Scale',
  ]);
  for (const s of scores) {
    const c = criterion.get(s.criterion_id);
    const e = entry.get(s.work_id);
    csv.write([
      e?.reference ?? '',
      e?.alias ?? '',
      juror.get(s.juror_id) ?? '',
      c?.name ?? '',
      c?.weight ?? '',
      s.score,
      c ? `${c.scaleMin}–${c.scaleMax}` : '',
    ]);
  }
  csv.end();
  return csv;
}

const REMINDER_TEMPLATE = {
  subject: 'Judging at {siteTitle}: {left} works are waiting for your scores',
  body: `Dear {name},

Round {round} of {competition} is open, and {left} of your {assigned} works are still waiting for your scores.

Continue judging: {juryLink}

{siteTitle}`,
};

/** E-mails every juror of the open round who has works left; answers how many were written. */
export async function remindJurors(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'settings'>,
  round: { id: string; number: number; competitionTitle: string },
  admin: AuditActor,
): Promise<number> {
  const siteTitle = (await deps.settings.getSettings()).title;
  const behind = (await findProgress(deps.db, round.id)).filter(
    (p) => p.email !== null && Number(p.done) < Number(p.assigned),
  );
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    for (const p of behind) {
      const assigned = Number(p.assigned);
      const message = renderTemplate(
        REMINDER_TEMPLATE,
        {
          name: jurorName(p),
          round: String(round.number),
          competition: round.competitionTitle,
          left: String(assigned - Number(p.done)),
          assigned: String(assigned),
          juryLink: `${deps.config.publicUrl}/jury`,
          siteTitle,
        },
        { links: ['juryLink'] },
      );
      await queueEmail(
        trx,
        { kind: 'jury-reminder', submissionId: null, to: p.email ?? '', ...message },
        now,
      );
    }
    await recordAudit(
      trx,
      auditEntriesOf('jury_round')(admin, 'jury.reminders', round.id, { jurors: behind.length }),
      now,
    );
  });
  return behind.length;
}
