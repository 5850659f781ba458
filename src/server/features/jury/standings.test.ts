import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeStandings,
  rankBy,
  topK,
  type CriterionScore,
  type EntryStanding,
  type ScoringCriterion,
} from './standings.ts';

/** One criterion scored 0–100 with weight 1: a juror's weighted score is their score. */
const PLAIN: ScoringCriterion[] = [{ id: 'q', weight: 1, scaleMin: 0, scaleMax: 100 }];

/** Scores on PLAIN from `[entryId, jurorId, score]` rows. */
const plain = (rows: [string, string, number][]): CriterionScore[] =>
  rows.map(([entryId, jurorId, score]) => ({ entryId, jurorId, criterionId: 'q', score }));

const byId = (standings: EntryStanding[]) => new Map(standings.map((s) => [s.entryId, s]));

function standing(standings: EntryStanding[], entryId: string): EntryStanding {
  const found = standings.find((s) => s.entryId === entryId);
  if (!found) throw new Error(`no standing for ${entryId}`);
  return found;
}

describe('computeStandings, examples', () => {
  // A strict juror S (judging y and z) and a generous one G (judging w and x), on a 0–10 scale:
  // S gives 5 and 1 (μ 30, σ 20), G gives 10 and 8 (μ 90, σ 10).
  const TEN: ScoringCriterion[] = [{ id: 'q', weight: 1, scaleMin: 0, scaleMax: 10 }];
  const split = computeStandings(TEN, [
    { entryId: 'y', jurorId: 'S', criterionId: 'q', score: 5 },
    { entryId: 'z', jurorId: 'S', criterionId: 'q', score: 1 },
    { entryId: 'w', jurorId: 'G', criterionId: 'q', score: 10 },
    { entryId: 'x', jurorId: 'G', criterionId: 'q', score: 8 },
  ]);

  it('measures each juror against their own mean and spread, reversing the raw order', () => {
    const x = standing(split, 'x');
    const y = standing(split, 'y');
    expect(x.weightedMean).toBeCloseTo(80, 12);
    expect(y.weightedMean).toBeCloseTo(50, 12);
    expect(x.normalisedMean).toBeCloseTo(-1, 12);
    expect(y.normalisedMean).toBeCloseTo(1, 12);
    expect(y.byJuror).toEqual([{ jurorId: 'S', weighted: 50, z: 1 }]);
    expect(standing(split, 'z').normalisedMean).toBeCloseTo(-1, 12);
    expect(standing(split, 'w').normalisedMean).toBeCloseTo(1, 12);
  });

  it('ranks by either measure, a tie going to the other measure', () => {
    expect(rankBy(split, 'weighted').map((s) => s.entryId)).toEqual(['w', 'x', 'y', 'z']);
    // w and y both have z = 1: w's weighted 100 beats y's 50.
    expect(rankBy(split, 'normalised').map((s) => s.entryId)).toEqual(['w', 'y', 'x', 'z']);
    expect(topK(split, 2, 'normalised')).toEqual(['w', 'y']);
    expect(topK(split, 2, 'weighted')).toEqual(['w', 'x']);
  });

  it('gives z = 0 to a juror who scored everything alike or scored one entry', () => {
    const standings = computeStandings(
      PLAIN,
      plain([
        ['a', 'flat', 60],
        ['b', 'flat', 60],
        ['c', 'once', 85],
      ]),
    );
    expect(standings.map((s) => s.normalisedMean)).toEqual([0, 0, 0]);
    expect(standing(standings, 'a').weightedMean).toBe(60);
  });

  it('reports a single juror as count 1, spread 0 and no outlier', () => {
    const [only] = computeStandings(PLAIN, plain([['a', 'j', 70]]));
    expect(only).toEqual({
      entryId: 'a',
      weightedMean: 70,
      normalisedMean: 0,
      count: 1,
      spread: 0,
      outlier: false,
      byJuror: [{ jurorId: 'j', weighted: 70, z: 0 }],
    });
  });

  it('weights criteria by weight and over the criteria each juror scored', () => {
    const criteria: ScoringCriterion[] = [
      { id: 'c1', weight: 3, scaleMin: 1, scaleMax: 5 },
      { id: 'c2', weight: 1, scaleMin: 0, scaleMax: 10 },
    ];
    const [entry] = computeStandings(criteria, [
      // full sheet: (3 · 3/4 + 1 · 5/10) / 4 = 68.75
      { entryId: 'a', jurorId: 'full', criterionId: 'c1', score: 4 },
      { entryId: 'a', jurorId: 'full', criterionId: 'c2', score: 5 },
      // partial sheet, c2 only: 5/10 = 50
      { entryId: 'a', jurorId: 'partial', criterionId: 'c2', score: 5 },
    ]);
    expect(entry?.byJuror.map((j) => [j.jurorId, j.weighted])).toEqual([
      ['full', 68.75],
      ['partial', 50],
    ]);
    expect(entry?.weightedMean).toBeCloseTo(59.375, 12);
    expect(entry?.spread).toBeCloseTo(18.75, 12);
    expect(entry?.count).toBe(2);
  });

  it('ignores scores of unknown criteria and takes the last of a repeated score', () => {
    const standings = computeStandings(PLAIN, [
      ...plain([
        ['a', 'j', 10],
        ['a', 'j', 30],
      ]),
      { entryId: 'a', jurorId: 'j', criterionId: 'gone', score: 99 },
      { entryId: 'b', jurorId: 'j', criterionId: 'gone', score: 99 },
    ]);
    expect(standings.map((s) => [s.entryId, s.weightedMean])).toEqual([['a', 30]]);
  });

  it('flags two jurors more than 40 points apart', () => {
    const standings = byId(
      computeStandings(
        PLAIN,
        plain([
          ['far', 'p', 90],
          ['far', 'q', 45],
          ['near', 'p', 90],
          ['near', 'q', 50],
        ]),
      ),
    );
    expect(standings.get('far')?.outlier).toBe(true);
    expect(standings.get('near')?.outlier).toBe(false);
    expect(standings.get('far')?.spread).toBe(45);
  });

  it('flags three jurors when one z is more than 1.5 from the mean of the others', () => {
    // p and q score e1 100, e2 0 (z = 1, -1). r disagrees on e1 and e2 (z = -1, 1), so
    // e1 has z 1, 1, -1: r stands 2 from the others. On e3, r's only other entry, r agrees.
    const standings = byId(
      computeStandings(
        PLAIN,
        plain([
          ['e1', 'p', 100],
          ['e1', 'q', 100],
          ['e1', 'r', 0],
          ['e2', 'p', 0],
          ['e2', 'q', 0],
          ['e2', 'r', 100],
        ]),
      ),
    );
    expect(standings.get('e1')?.outlier).toBe(true);
    expect(standings.get('e1')?.normalisedMean).toBeCloseTo(1 / 3, 12);
    expect(standings.get('e2')?.outlier).toBe(true);
  });

  it('does not flag three jurors whose z stay within 1.5 of the others', () => {
    // r scores 50, 0, 100 (μ 50): z 0 on e1, where p and q have 1; 1 from the others' mean.
    const standings = byId(
      computeStandings(
        PLAIN,
        plain([
          ['e1', 'p', 100],
          ['e1', 'q', 100],
          ['e1', 'r', 50],
          ['e2', 'p', 0],
          ['e2', 'q', 0],
          ['e2', 'r', 0],
          ['e3', 'r', 100],
        ]),
      ),
    );
    expect(standings.get('e1')?.byJuror.map((j) => j.z)).toEqual([1, 1, 0]);
    expect(standings.get('e1')?.outlier).toBe(false);
    expect(standings.get('e2')?.outlier).toBe(false);
  });

  it('returns nothing for no scores', () => {
    expect(computeStandings(PLAIN, [])).toEqual([]);
  });
});

describe('rankBy and topK', () => {
  const standings = computeStandings(
    PLAIN,
    plain([
      ['b', 'j', 50],
      ['a', 'j', 50],
      ['c', 'j', 90],
    ]),
  );

  it('breaks a tie on both measures by entry id and leaves the input alone', () => {
    const before = standings.map((s) => s.entryId);
    expect(rankBy(standings, 'weighted').map((s) => s.entryId)).toEqual(['c', 'a', 'b']);
    expect(standings.map((s) => s.entryId)).toEqual(before);
  });

  it('returns at most k ids, none for k <= 0', () => {
    expect(topK(standings, 10, 'normalised')).toEqual(['c', 'a', 'b']);
    expect(topK(standings, 0, 'normalised')).toEqual([]);
    expect(topK(standings, -1, 'weighted')).toEqual([]);
  });
});

/** Criteria with their own scales and weights, and complete sheets for some (entry, juror). */
const round = fc
  .record({
    criteria: fc.array(
      fc.record({
        weight: fc.double({ min: 0.1, max: 10, noNaN: true }),
        scaleMin: fc.integer({ min: -5, max: 5 }),
        range: fc.integer({ min: 1, max: 10 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    jurors: fc.integer({ min: 1, max: 4 }),
    entries: fc.integer({ min: 1, max: 6 }),
  })
  .chain(({ criteria, jurors, entries }) => {
    const defs: ScoringCriterion[] = criteria.map((c, i) => ({
      id: `c${i}`,
      weight: c.weight,
      scaleMin: c.scaleMin,
      scaleMax: c.scaleMin + c.range,
    }));
    const sheet = fc.tuple(...defs.map((c) => fc.integer({ min: c.scaleMin, max: c.scaleMax })));
    const cells = jurors * entries;
    return fc
      .array(fc.option(sheet, { freq: 3 }), { minLength: cells, maxLength: cells })
      .map((sheets) => {
        const scores: CriterionScore[] = [];
        sheets.forEach((values, cell) => {
          const entryId = `e${Math.floor(cell / jurors)}`;
          const jurorId = `j${cell % jurors}`;
          values?.forEach((score, i) =>
            scores.push({ entryId, jurorId, criterionId: `c${i}`, score }),
          );
        });
        return { criteria: defs, scores, jurors };
      });
  });

describe('computeStandings, properties', () => {
  it("leaves every normalised mean unchanged when one juror's scores all move by a constant", () => {
    fc.assert(
      fc.property(round, fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), (r, who, at) => {
        const jurorId = `j${who % r.jurors}`;
        const scaleOf = new Map(r.criteria.map((c) => [c.id, c]));
        // The widest shift keeping every one of the juror's scores within its scale.
        let low = -Infinity;
        let high = Infinity;
        for (const s of r.scores.filter((s) => s.jurorId === jurorId)) {
          const c = scaleOf.get(s.criterionId);
          if (!c) continue;
          low = Math.max(low, c.scaleMin - s.score);
          high = Math.min(high, c.scaleMax - s.score);
        }
        if (low === -Infinity) return; // the juror scored nothing
        const shift = Math.min(high, low + Math.floor(at * (high - low + 1)));
        const moved = r.scores.map((s) =>
          s.jurorId === jurorId ? { ...s, score: s.score + shift } : s,
        );
        const before = computeStandings(r.criteria, r.scores);
        const after = byId(computeStandings(r.criteria, moved));
        for (const s of before) {
          expect(after.get(s.entryId)?.normalisedMean).toBeCloseTo(s.normalisedMean, 9);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('leaves every weighted mean unchanged when every weight is scaled alike', () => {
    fc.assert(
      fc.property(
        round,
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.array(fc.boolean()),
        (r, factor, drop) => {
          // Dropping some scores makes partial sheets, weighted over the criteria scored.
          const scores = r.scores.filter((_, i) => !drop[i]);
          const scaled = r.criteria.map((c) => ({ ...c, weight: c.weight * factor }));
          const before = computeStandings(r.criteria, scores);
          const after = byId(computeStandings(scaled, scores));
          for (const s of before) {
            expect(after.get(s.entryId)?.weightedMean).toBeCloseTo(s.weightedMean, 9);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
