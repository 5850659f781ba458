import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import {
  findRoundEntries,
  findRoundScores,
  getJudging,
  listRounds,
  rankBy,
  roundStandings,
} from '../jury/jury.service.ts';
import { publicationOf } from '../submissions/submissions.service.ts';
import { artworkTitleOf } from './artwork-title.ts';
import { findAwards } from './awards.repository.ts';
import { findBallots, findJudgedWorks } from './ballots.repository.ts';
import {
  buildJudgingRecord,
  canonicalJson,
  type RecordInput,
  type RecordRoundInput,
  type RecordWorkInput,
  sha256Of,
} from './judging-record.ts';
import { findRecordWorks } from './judging-record.repository.ts';
import { findCompetitionTitle } from './public-results.repository.ts';

/*
 * Reads a competition's closed rounds for its judging record (through the jury's front door) and
 * writes the record's canonical bytes and their SHA-256. Only closed rounds: an open one's scores
 * may still change.
 */

type RoundOf = Awaited<ReturnType<typeof listRounds>>[number];

function parseRanking(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

async function rankingRoundOf(
  db: Kysely<DB>,
  competitionId: string,
  round: RoundOf,
  all: readonly RoundOf[],
): Promise<RecordRoundInput> {
  const [rows, saved, assigned] = await Promise.all([
    findRoundEntries(db, round.id),
    findBallots(db, round.id),
    findJudgedWorks(db, round.id),
  ]);
  const previous = all.find((r) => r.number === round.number - 1);
  const means = previous
    ? new Map(
        (await roundStandings(db, competitionId, previous.id)).map((s) => [
          s.entryId,
          s.normalisedMean,
        ]),
      )
    : new Map<string, number>();
  const byAlias = new Map(rows.map((r) => [r.alias, r.work_id]));
  const judgedBy = new Map<string, Set<string>>();
  for (const a of assigned) {
    judgedBy.set(a.juror_id, (judgedBy.get(a.juror_id) ?? new Set()).add(a.work_id));
  }
  // As the admin's count does: a ballot speaks only of the works its juror may judge.
  const ballots = saved.map((b) => {
    const judged = judgedBy.get(b.juror_id) ?? new Set<string>();
    const ranking = parseRanking(b.ranking).flatMap((alias) => {
      const id = byAlias.get(alias);
      return id !== undefined && judged.has(id) ? [id] : [];
    });
    return { jurorId: b.juror_id, ranking, judged: [...judged] };
  });
  return {
    kind: 'ranking',
    number: round.number,
    closedAt: round.closedAt,
    candidates: rows.map((r) => r.work_id),
    ballots,
    previousMeans: means,
  };
}

async function scoreRoundOf(
  db: Kysely<DB>,
  competitionId: string,
  round: RoundOf,
): Promise<RecordRoundInput> {
  const [scores, standings] = await Promise.all([
    findRoundScores(db, round.id),
    roundStandings(db, competitionId, round.id),
  ]);
  return {
    kind: 'scores',
    number: round.number,
    closedAt: round.closedAt,
    scores: scores.map((s) => ({
      workId: s.work_id,
      jurorId: s.juror_id,
      criterionId: s.criterion_id,
      score: s.score,
    })),
    standings: rankBy(standings, 'normalised'),
  };
}

/** The record's input, or null when no round is closed (there is nothing to record). */
export async function readRecordInput(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
): Promise<RecordInput | null> {
  const { db } = deps;
  const all = await listRounds(db, competitionId);
  const closed = all.filter((r) => r.status === 'closed').sort((a, b) => a.number - b.number);
  if (closed.length === 0) return null;
  const rounds: RecordRoundInput[] = [];
  const works = new Map<string, RecordWorkInput>();
  const shown = new Map(
    (await findRecordWorks(db, competitionId)).map((w) => [
      w.work_id,
      w.status === 'approved' && publicationOf(w.publication_consent) !== 'none',
    ]),
  );
  for (const round of closed) {
    rounds.push(
      round.kind === 'ranking'
        ? await rankingRoundOf(db, competitionId, round, all)
        : await scoreRoundOf(db, competitionId, round),
    );
    for (const row of await findRoundEntries(db, round.id)) {
      if (works.has(row.work_id)) continue;
      const title = shown.get(row.work_id) ? artworkTitleOf(row, deps.log) : null;
      works.set(row.work_id, { workId: row.work_id, title, enteredAt: row.created_at });
    }
  }
  const criteria = (await getJudging(db, competitionId)).criteria;
  const awards = (await findAwards(db, competitionId))
    .filter((a) => a.status === 'approved' && works.has(a.work_id))
    .map((a) => ({ title: a.title, workId: a.work_id }));
  return {
    competition: await findCompetitionTitle(db, competitionId),
    criteria,
    works: [...works.values()],
    rounds,
    awards,
  };
}

/** The record's canonical bytes and SHA-256, or null when no round is closed. */
export async function writeRecordBody(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
): Promise<{ body: string; sha256: string } | null> {
  const input = await readRecordInput(deps, competitionId);
  if (!input) return null;
  const body = canonicalJson(buildJudgingRecord(input));
  return { body, sha256: sha256Of(body) };
}
