import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { judgedCompetition } from '../../../../tests/setup/judging-record.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { publicApiPaths } from '../../../shared/api-paths.ts';
import type {
  JudgingRecord,
  RankingRoundRecord,
  ScoreRoundRecord,
} from '../../../shared/schemas/judging-record.ts';

/*
 * Anyone can check the ranking: from the published JSON alone, an independent Schulze count
 * written here (index matrices, not the project's schulze.ts) and an independent normalisation
 * give the same tables, scores and order as the record states.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let record: JudgingRecord;

beforeAll(async () => {
  const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const { competitionId } = await judgedCompetition(t, admin, 'chk');
  const url = `/api/admin/competitions/${competitionId}/results/publish`;
  const published = await asAdmin(t, admin, 'POST', url, { publishRecord: true });
  expect(published.statusCode, published.body).toBe(200);
  const file = await t.app.inject({
    method: 'GET',
    url: publicApiPaths.judgingRecordJson(competitionId),
  });
  expect(file.statusCode).toBe(200);
  record = JSON.parse(file.body) as JudgingRecord;
});

/** d and p as matrices over `names`, and the order: tiers of the unbeaten, tie-broken. */
function countSchulze(round: RankingRoundRecord) {
  const names = round.candidates;
  const n = names.length;
  const at = new Map(names.map((name, i) => [name, i]));
  const d: number[][] = names.map(() => Array<number>(n).fill(0));
  for (const ballot of round.ballots) {
    const rank: number[] = Array<number>(n).fill(Infinity);
    ballot.ranking.forEach((name, place) => (rank[at.get(name)!] = place));
    const may = ballot.judged.map((name) => at.get(name)!);
    for (const i of may) {
      for (const j of may) {
        if (i !== j && rank[i]! !== Infinity && rank[i]! < rank[j]!) d[i]![j]! += 1;
      }
    }
  }
  const p: number[][] = d.map((row, i) => row.map((v, j) => (i !== j && v > d[j]![i]! ? v : 0)));
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j || i === k || j === k) continue;
        p[i]![j] = Math.max(p[i]![j]!, Math.min(p[i]![k]!, p[k]![j]!));
      }
    }
  }
  const tie = new Map(round.tieBreaks.map((b) => [b.work, b]));
  const better = (a: string, b: string) => {
    const ta = tie.get(a)!;
    const tb = tie.get(b)!;
    const ma = ta.previousNormalisedMean ?? -Infinity;
    const mb = tb.previousNormalisedMean ?? -Infinity;
    return mb - ma || ta.enteredOrder - tb.enteredOrder;
  };
  const order: string[] = [];
  let left = [...Array(n).keys()];
  while (left.length > 0) {
    const tier = left.filter((i) => !left.some((j) => p[j]![i]! > p[i]![j]!));
    order.push(...tier.map((i) => names[i]!).sort(better));
    left = left.filter((i) => !tier.includes(i));
  }
  const asTable = (m: number[][]) =>
    Object.fromEntries(
      names.map((a, i) => [a, Object.fromEntries(names.map((b, j) => [b, m[i]![j]!]))]),
    );
  return { pairwise: asTable(d), strongest: asTable(p), order };
}

/** Each sheet's weighted score, each juror's z, and each work's means, from the sheets alone. */
function normalise(round: ScoreRoundRecord) {
  const weighted = round.sheets.map((sheet) => {
    let sum = 0;
    let weights = 0;
    record.criteria.forEach((c, i) => {
      const score = sheet.scores[i];
      if (score === null || score === undefined) return;
      sum += (c.weight * (score - c.scaleMin)) / (c.scaleMax - c.scaleMin);
      weights += c.weight;
    });
    return { ...sheet, value: (100 * sum) / weights };
  });
  const stats = new Map<string, { mean: number; sd: number }>();
  for (const juror of new Set(weighted.map((w) => w.juror))) {
    const values = weighted.filter((w) => w.juror === juror).map((w) => w.value);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
    stats.set(juror, { mean, sd });
  }
  const works = [...new Set(weighted.map((w) => w.work))].map((work) => {
    const mine = weighted.filter((w) => w.work === work);
    const zs = mine.map((w) => {
      const s = stats.get(w.juror)!;
      return s.sd < 1e-9 ? 0 : (w.value - s.mean) / s.sd;
    });
    const avg = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    return { work, weightedMean: avg(mine.map((w) => w.value)), normalisedMean: avg(zs) };
  });
  const number = (key: string) => Number(key.replace('Work ', ''));
  works.sort(
    (a, b) =>
      b.normalisedMean - a.normalisedMean ||
      b.weightedMean - a.weightedMean ||
      number(a.work) - number(b.work),
  );
  return { weighted, stats, works };
}

describe(`recomputing the published ranking (${TEST_ENGINE})`, () => {
  it('gets the same pairwise and strongest-path tables and the same order', () => {
    const ranking = record.rounds.find((r): r is RankingRoundRecord => r.kind === 'ranking');
    expect(ranking).toBeDefined();
    const mine = countSchulze(ranking!);
    expect(mine.pairwise).toEqual(ranking!.pairwise);
    expect(mine.strongest).toEqual(ranking!.strongest);
    expect(mine.order).toEqual(ranking!.order.map((o) => o.work));
    expect(mine.order).toEqual(record.finalOrder.map((o) => o.work));
    // Some pair was decided by a path, not only head to head: the tables are not trivial.
    expect(Object.values(mine.pairwise).some((row) => Object.values(row).some((v) => v > 0))).toBe(
      true,
    );
  });

  it('gets the same normalised scores and order in the scored round', () => {
    const scored = record.rounds.find((r): r is ScoreRoundRecord => r.kind === 'scores')!;
    const mine = normalise(scored);
    for (const sheet of mine.weighted) expect(sheet.value).toBeCloseTo(sheet.weighted, 9);
    for (const juror of scored.jurors) {
      expect(mine.stats.get(juror.juror)!.mean).toBeCloseTo(juror.mean, 9);
      expect(mine.stats.get(juror.juror)!.sd).toBeCloseTo(juror.sd, 9);
    }
    expect(mine.works.map((w) => w.work)).toEqual(scored.standings.map((s) => s.work));
    mine.works.forEach((w, i) => {
      expect(w.normalisedMean).toBeCloseTo(scored.standings[i]!.normalisedMean, 9);
      expect(w.weightedMean).toBeCloseTo(scored.standings[i]!.weightedMean, 9);
    });
    // The ranking round's tie-break is the scored round's normalised mean.
    const ranking = record.rounds.find((r): r is RankingRoundRecord => r.kind === 'ranking')!;
    for (const b of ranking.tieBreaks) {
      const work = mine.works.find((w) => w.work === b.work);
      expect(b.previousNormalisedMean).toBeCloseTo(work!.normalisedMean, 9);
    }
  });
});
