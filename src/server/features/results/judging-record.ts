import { createHash } from 'node:crypto';
import {
  JUDGING_RECORD_FORMAT,
  type JudgingRecord,
  type RankingRoundRecord,
  type ScoreRoundRecord,
} from '../../../shared/schemas/judging-record.ts';
import { SCHULZE_NOTE, schulze, TIE_BREAK_NOTE } from './schulze.ts';

/*
 * The judging record, built from plain values: jurors become letters and works become
 * 'Work N', so nothing in it names a juror or an artist who asked not to be shown. Pure: the
 * caller reads the rounds; this shapes them and writes the canonical bytes.
 */

export interface RecordCriterion {
  id: string;
  name: string;
  weight: number;
  scaleMin: number;
  scaleMax: number;
}

export interface RecordWorkInput {
  workId: string;
  /** The title as the results page shows it; null when the artist chose not to be shown. */
  title: string | null;
  enteredAt: string;
}

interface Standing {
  entryId: string;
  weightedMean: number;
  normalisedMean: number;
  byJuror: { jurorId: string; weighted: number; z: number }[];
}

export type RecordRoundInput =
  | {
      kind: 'scores';
      number: number;
      closedAt: string | null;
      scores: { workId: string; jurorId: string; criterionId: string; score: number }[];
      /** Best first (the jury's own ranking of the round). */
      standings: Standing[];
    }
  | {
      kind: 'ranking';
      number: number;
      closedAt: string | null;
      candidates: string[];
      ballots: { jurorId: string; ranking: string[]; judged: string[] }[];
      previousMeans: Map<string, number>;
    };

export interface RecordInput {
  competition: { id: string; title: string };
  criteria: RecordCriterion[];
  works: RecordWorkInput[];
  rounds: RecordRoundInput[];
  awards: { title: string; workId: string }[];
}

export const RECORD_EXPLANATION = [
  'This is the record of how the jury judged this competition, published so that anyone can check the ranking. Jurors are named by letters (Juror A, B…) and works by a number, with the title where the artist agreed to be shown.',
  "Scored rounds: each juror gave each of their works a score per criterion. A juror's weighted score is the weighted mean of their criterion scores, each scaled to 0–100: sum of weight × (score − min) / (max − min), divided by the sum of the weights, times 100.",
  "Normalisation: each juror's weighted scores are turned into z-scores against that juror's own mean and population standard deviation in the round (z = 0 when the deviation is 0), and a work's normalised mean is the mean of its z-scores. A strict and a generous juror then count alike. Works are ordered by normalised mean, then weighted mean, then work number.",
  `Ranking rounds: every juror ordered the works on one ballot. The pairwise table d[X][Y] counts the ballots that put X above Y (a ranked work is above an unranked one; a ballot says nothing of a pair with a work its juror could not judge). ${SCHULZE_NOTE} The strongest-path table p is computed by winning votes: a link X→Y has strength d[X][Y] when d[X][Y] > d[Y][X], and a path is as strong as its weakest link. X is above Y when p[X][Y] > p[Y][X].`,
  `The order is built in tiers: the works no remaining work beats form the next tier. ${TIE_BREAK_NOTE} Here "earlier entry" is enteredOrder (1 = entered first); a work with no previous mean has null.`,
  'The final order is the last closed round’s order. The SHA-256 printed on the results page and on each certificate is the hash of this file’s exact bytes (canonical JSON: keys sorted, no spaces, UTF-8).',
];

/** JSON with every object's keys sorted by code unit and no spaces: one text for one value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v: unknown) => canonicalJson(v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const sha256Of = (body: string) => createHash('sha256').update(body, 'utf8').digest('hex');

/** 'A'…'Z', then 'AA', 'AB'…: a spreadsheet's column names. */
export function jurorLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return `Juror ${letters}`;
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** 'Work 2' before 'Work 10', 'Juror Z' before 'Juror AA'. */
const byKey = (a: string, b: string) => a.length - b.length || byCodeUnit(a, b);

function jurorIdsOf(rounds: readonly RecordRoundInput[]): string[] {
  const ids = new Set<string>();
  for (const round of rounds) {
    if (round.kind === 'scores') for (const s of round.scores) ids.add(s.jurorId);
    else for (const b of round.ballots) ids.add(b.jurorId);
  }
  // Ordered by id, which is random: the letter says nothing of who the juror is.
  return [...ids].sort(byCodeUnit);
}

export function buildJudgingRecord(input: RecordInput): JudgingRecord {
  const workIds = [...new Set(input.works.map((w) => w.workId))].sort(byCodeUnit);
  const keyOf = new Map(workIds.map((id, i) => [id, `Work ${i + 1}`]));
  const work = (id: string) => keyOf.get(id) ?? 'Work ?';
  const jurorOf = new Map(jurorIdsOf(input.rounds).map((id, i) => [id, jurorLetter(i)]));
  const juror = (id: string) => jurorOf.get(id) ?? 'Juror ?';
  const enteredOrder = new Map(
    [...input.works]
      .sort((a, b) => byCodeUnit(a.enteredAt, b.enteredAt) || byCodeUnit(a.workId, b.workId))
      .map((w, i) => [w.workId, i + 1]),
  );
  const enteredAtOf = new Map(input.works.map((w) => [w.workId, w.enteredAt]));
  const rounds = input.rounds.map((round) =>
    round.kind === 'scores'
      ? scoreRound(round, input.criteria, work, juror)
      : rankingRound(round, work, juror, enteredOrder, enteredAtOf),
  );
  const last = rounds.at(-1);
  const finalOrder = !last
    ? []
    : last.kind === 'scores'
      ? last.standings.map((s, i) => ({ place: i + 1, work: s.work }))
      : last.order.map((o) => ({ place: o.place, work: o.work }));
  const shown = new Map(input.works.map((w) => [w.workId, w.title]));
  return {
    format: JUDGING_RECORD_FORMAT,
    competition: input.competition,
    explanation: RECORD_EXPLANATION,
    criteria: input.criteria.map(({ name, weight, scaleMin, scaleMax }) => ({
      name,
      weight,
      scaleMin,
      scaleMax,
    })),
    jurors: [...jurorOf.values()],
    works: workIds.map((id) => {
      const title = shown.get(id) ?? null;
      return { key: work(id), workId: title === null ? null : id, title };
    }),
    rounds,
    finalOrder,
    awards: input.awards.map((a) => ({ title: a.title, work: work(a.workId) })),
  };
}

type Name = (id: string) => string;

function scoreRound(
  round: Extract<RecordRoundInput, { kind: 'scores' }>,
  criteria: readonly RecordCriterion[],
  work: Name,
  juror: Name,
): ScoreRoundRecord {
  const values = new Map<string, number[]>();
  const sheets: ScoreRoundRecord['sheets'] = [];
  for (const s of round.standings) {
    for (const j of s.byJuror) {
      values.set(j.jurorId, [...(values.get(j.jurorId) ?? []), j.weighted]);
      const scores = criteria.map(
        (c) =>
          round.scores.find(
            (x) => x.workId === s.entryId && x.jurorId === j.jurorId && x.criterionId === c.id,
          )?.score ?? null,
      );
      sheets.push({ work: work(s.entryId), juror: juror(j.jurorId), scores, weighted: j.weighted });
    }
  }
  sheets.sort((a, b) => byKey(a.work, b.work) || byKey(a.juror, b.juror));
  const jurors = [...values].map(([id, list]) => {
    const mean = list.reduce((sum, v) => sum + v, 0) / list.length;
    const sd = Math.sqrt(list.reduce((sum, v) => sum + (v - mean) ** 2, 0) / list.length);
    return { juror: juror(id), mean, sd };
  });
  jurors.sort((a, b) => byKey(a.juror, b.juror));
  return {
    number: round.number,
    kind: 'scores',
    closedAt: round.closedAt,
    sheets,
    jurors,
    standings: round.standings.map((s) => ({
      work: work(s.entryId),
      weightedMean: s.weightedMean,
      normalisedMean: s.normalisedMean,
      byJuror: s.byJuror
        .map((j) => ({ juror: juror(j.jurorId), weighted: j.weighted, z: j.z }))
        .sort((a, b) => byKey(a.juror, b.juror)),
    })),
  };
}

function rankingRound(
  round: Extract<RecordRoundInput, { kind: 'ranking' }>,
  work: Name,
  juror: Name,
  enteredOrder: Map<string, number>,
  enteredAtOf: Map<string, string>,
): RankingRoundRecord {
  const tieBreaks = round.candidates.map((id) => ({
    entryId: id,
    previousNormalisedMean: round.previousMeans.get(id) ?? null,
    enteredAt: enteredAtOf.get(id) ?? '',
  }));
  const result = schulze(round.candidates, round.ballots, tieBreaks);
  const table = (t: Record<string, Record<string, number>>) =>
    Object.fromEntries(
      Object.entries(t).map(([a, row]) => [
        work(a),
        Object.fromEntries(Object.entries(row).map(([b, n]) => [work(b), n])),
      ]),
    );
  return {
    number: round.number,
    kind: 'ranking',
    closedAt: round.closedAt,
    candidates: round.candidates.map(work).sort(byKey),
    ballots: round.ballots
      .map((b) => ({
        juror: juror(b.jurorId),
        ranking: b.ranking.map(work),
        judged: b.judged.map(work).sort(byKey),
      }))
      .sort((a, b) => byKey(a.juror, b.juror)),
    tieBreaks: tieBreaks
      .map((t) => ({
        work: work(t.entryId),
        previousNormalisedMean: t.previousNormalisedMean,
        enteredOrder: enteredOrder.get(t.entryId) ?? 0,
      }))
      .sort((a, b) => byKey(a.work, b.work)),
    pairwise: table(result.pairwise),
    strongest: table(result.strongest),
    order: result.ranking.map((r) => ({
      place: r.place,
      work: work(r.entryId),
      tieBrokenBy: r.tieBrokenBy,
    })),
  };
}
