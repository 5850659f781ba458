import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ballotProblem,
  schulze,
  type Ballot,
  type SchulzeResult,
  type TieBreak,
} from './schulze.ts';

/** Ballots from lines like '5 ACBED': 5 jurors ranking A > C > B > E > D (one letter an entry). */
function profile(lines: readonly string[]): Ballot[] {
  return lines.flatMap((line, i) => {
    const [count, order] = line.split(' ');
    return Array.from({ length: Number(count) }, (_, k) => ({
      jurorId: `j${i}-${k}`,
      ranking: [...(order ?? '')],
    }));
  });
}

/** Tie-breaks that never decide: no previous mean, all entered at once. */
const level = (candidates: readonly string[]): TieBreak[] =>
  candidates.map((entryId) => ({
    entryId,
    previousNormalisedMean: null,
    enteredAt: '2025-01-01T00:00:00Z',
  }));

/** A table from rows in candidate order, 0 on the diagonal. */
function table(candidates: readonly string[], rows: number[][]) {
  return Object.fromEntries(
    candidates.map((a, i) => [a, Object.fromEntries(candidates.map((b, j) => [b, rows[i]?.[j]]))]),
  );
}

const order = (result: SchulzeResult) => result.ranking.map((r) => r.entryId);

describe('schulze, worked examples', () => {
  it("reproduces Wikipedia's example: 45 voters, E > A > C > B > D", () => {
    // https://en.wikipedia.org/wiki/Schulze_method#Example
    const candidates = [...'ABCDE'];
    const result = schulze(
      candidates,
      profile([
        '5 ACBED',
        '5 ADECB',
        '8 BEDAC',
        '3 CABED',
        '7 CAEBD',
        '2 CBADE',
        '7 DCEBA',
        '8 EBADC',
      ]),
      level(candidates),
    );
    expect(result.pairwise).toEqual(
      table(candidates, [
        [0, 20, 26, 30, 22],
        [25, 0, 16, 33, 18],
        [19, 29, 0, 17, 24],
        [15, 12, 28, 0, 14],
        [23, 27, 21, 31, 0],
      ]),
    );
    expect(result.strongest).toEqual(
      table(candidates, [
        [0, 28, 28, 30, 24],
        [25, 0, 28, 33, 24],
        [25, 29, 0, 29, 24],
        [25, 28, 28, 0, 24],
        [25, 28, 28, 31, 0],
      ]),
    );
    expect(order(result)).toEqual([...'EACBD']);
    expect(result.ranking.map((r) => [r.place, r.wins, r.tieBrokenBy, r.tiedWith])).toEqual([
      [1, 4, 'none', []],
      [2, 3, 'none', []],
      [3, 2, 'none', []],
      [4, 1, 'none', []],
      [5, 0, 'none', []],
    ]);
    expect(result.candidates).toEqual(candidates);
  });

  it("reproduces Schulze's 30-voter, 4-candidate example: D > A > C > B", () => {
    // M. Schulze, Social Choice and Welfare 36 (2011) 267–303, section 3 (Electorama's
    // "Schulze method" Example 2). Checked by hand: links B→A 19, A→C 20, C→B 21, C→D 17,
    // D→A 16, D→B 18; D's paths of 18 beat everyone's 17 back to D.
    const candidates = [...'ABCD'];
    const result = schulze(
      candidates,
      profile([
        '5 ACBD',
        '2 ACDB',
        '3 ADCB',
        '4 BACD',
        '3 CBDA',
        '3 CDBA',
        '1 DACB',
        '5 DBAC',
        '4 DCBA',
      ]),
      level(candidates),
    );
    expect(result.pairwise).toEqual(
      table(candidates, [
        [0, 11, 20, 14],
        [19, 0, 9, 12],
        [10, 21, 0, 17],
        [16, 18, 13, 0],
      ]),
    );
    expect(result.strongest).toEqual(
      table(candidates, [
        [0, 20, 20, 17],
        [19, 0, 19, 17],
        [19, 21, 0, 17],
        [18, 18, 18, 0],
      ]),
    );
    expect(order(result)).toEqual([...'DACB']);
    expect(result.ranking.map((r) => r.wins)).toEqual([3, 2, 1, 0]);
  });
});

describe('schulze, ties', () => {
  const split = profile(['1 AB', '1 BA']);
  const at = (entryId: string, mean: number | null, enteredAt: string): TieBreak => ({
    entryId,
    previousNormalisedMean: mean,
    enteredAt,
  });

  it('breaks a level pair by the higher previous mean', () => {
    const result = schulze(['A', 'B'], split, [
      at('A', 0.2, '2025-01-01T00:00:00Z'),
      at('B', 0.5, '2025-01-02T00:00:00Z'),
    ]);
    expect(result.pairwise).toEqual({ A: { A: 0, B: 1 }, B: { A: 1, B: 0 } });
    expect(result.strongest).toEqual({ A: { A: 0, B: 0 }, B: { A: 0, B: 0 } });
    expect(result.ranking).toEqual([
      { entryId: 'B', place: 1, wins: 0, tieBrokenBy: 'previous-mean', tiedWith: ['A'] },
      { entryId: 'A', place: 2, wins: 0, tieBrokenBy: 'previous-mean', tiedWith: ['B'] },
    ]);
  });

  it('counts no previous mean as the lowest', () => {
    const result = schulze(['A', 'B'], split, [
      at('A', null, '2025-01-01T00:00:00Z'),
      at('B', -3, '2025-01-02T00:00:00Z'),
    ]);
    expect(order(result)).toEqual(['B', 'A']);
    expect(result.ranking.map((r) => r.tieBrokenBy)).toEqual(['previous-mean', 'previous-mean']);
  });

  it('then by the earlier entry, comparing instants rather than strings', () => {
    // 10:00 at +02:00 is 08:00Z, earlier than 09:00Z though it sorts later as text.
    const result = schulze(['A', 'B'], split, [
      at('A', 0.3, '2025-03-01T09:00:00Z'),
      at('B', 0.3, '2025-03-01T10:00:00+02:00'),
    ]);
    expect(order(result)).toEqual(['B', 'A']);
    expect(result.ranking.map((r) => r.tieBrokenBy)).toEqual(['earlier-entry', 'earlier-entry']);
  });

  it('reports a tie neither rule breaks as unbroken, ordered by entry id', () => {
    const same = '2025-03-01T09:00:00Z';
    const result = schulze(['B', 'A'], profile(['1 BA', '1 AB']), [
      at('B', null, same),
      at('A', null, same),
    ]);
    expect(order(result)).toEqual(['A', 'B']);
    expect(result.ranking.map((r) => [r.place, r.tieBrokenBy])).toEqual([
      [1, 'unbroken'],
      [2, 'unbroken'],
    ]);
  });

  it('names, per entry, the last rule needed inside a three-way tie', () => {
    // A cycle of equal strength: every strongest path is 2, so X, Y and Z share one tier.
    const result = schulze(['X', 'Y', 'Z'], profile(['1 XYZ', '1 YZX', '1 ZXY']), [
      at('Z', 0.1, '2025-01-01T00:00:00Z'),
      at('X', 0.9, '2025-01-03T00:00:00Z'),
      at('Y', 0.1, '2025-01-02T00:00:00Z'),
    ]);
    expect(result.ranking).toEqual([
      { entryId: 'X', place: 1, wins: 0, tieBrokenBy: 'previous-mean', tiedWith: ['Z', 'Y'] },
      { entryId: 'Z', place: 2, wins: 0, tieBrokenBy: 'earlier-entry', tiedWith: ['X', 'Y'] },
      { entryId: 'Y', place: 3, wins: 0, tieBrokenBy: 'earlier-entry', tiedWith: ['X', 'Z'] },
    ]);
  });

  it('puts an entry level with two others that Schulze orders into the upper tier', () => {
    // A beats C 2–0; B is level with both (1–1), so no path joins B to either.
    const result = schulze(['A', 'B', 'C'], profile(['1 BAC', '1 ACB']), level(['A', 'B', 'C']));
    expect(result.pairwise).toEqual(
      table(
        ['A', 'B', 'C'],
        [
          [0, 1, 2],
          [1, 0, 1],
          [0, 1, 0],
        ],
      ),
    );
    expect(result.ranking.map((r) => [r.entryId, r.wins, r.tieBrokenBy, r.tiedWith])).toEqual([
      ['A', 1, 'unbroken', ['B']],
      ['B', 0, 'unbroken', ['A']],
      ['C', 0, 'none', []],
    ]);
  });
});

describe('schulze, ballots', () => {
  it("returns a single juror's ballot as the ranking", () => {
    const candidates = ['W1', 'W2', 'W3', 'W4'];
    const result = schulze(
      candidates,
      [{ jurorId: 'j', ranking: ['W3', 'W1', 'W4', 'W2'] }],
      level(candidates),
    );
    expect(result.ranking.map((r) => [r.entryId, r.place, r.wins, r.tieBrokenBy])).toEqual([
      ['W3', 1, 3, 'none'],
      ['W1', 2, 2, 'none'],
      ['W4', 3, 1, 'none'],
      ['W2', 4, 0, 'none'],
    ]);
  });

  it('puts unranked entries below the ranked ones, level among themselves', () => {
    const result = schulze(
      ['A', 'B', 'C'],
      [{ jurorId: 'j', ranking: ['B'] }],
      [
        { entryId: 'A', previousNormalisedMean: -0.5, enteredAt: '2025-01-01T00:00:00Z' },
        { entryId: 'B', previousNormalisedMean: -1, enteredAt: '2025-01-01T00:00:00Z' },
        { entryId: 'C', previousNormalisedMean: 0.5, enteredAt: '2025-01-01T00:00:00Z' },
      ],
    );
    expect(result.pairwise).toEqual(
      table(
        ['A', 'B', 'C'],
        [
          [0, 0, 0],
          [1, 0, 1],
          [0, 0, 0],
        ],
      ),
    );
    expect(result.ranking).toEqual([
      { entryId: 'B', place: 1, wins: 2, tieBrokenBy: 'none', tiedWith: [] },
      { entryId: 'C', place: 2, wins: 0, tieBrokenBy: 'previous-mean', tiedWith: ['A'] },
      { entryId: 'A', place: 3, wins: 0, tieBrokenBy: 'previous-mean', tiedWith: ['C'] },
    ]);
  });

  it('counts partial ballots alongside full ones', () => {
    const candidates = ['A', 'B', 'C', 'D'];
    const result = schulze(
      candidates,
      [
        { jurorId: 'p', ranking: ['C', 'A'] },
        { jurorId: 'q', ranking: ['A', 'C', 'B', 'D'] },
        { jurorId: 'r', ranking: ['C'] },
      ],
      level(candidates),
    );
    // B and D are unranked by p and r: no preference between them there, only q's B > D.
    expect(result.pairwise).toEqual(
      table(candidates, [
        [0, 2, 1, 2],
        [0, 0, 0, 1],
        [2, 3, 0, 3],
        [0, 0, 0, 0],
      ]),
    );
    expect(order(result)).toEqual(['C', 'A', 'B', 'D']);
  });

  it('ranks everything level without ballots, and nothing without candidates', () => {
    const result = schulze(['A', 'B'], [], level(['A', 'B']));
    expect(result.ranking.map((r) => [r.entryId, r.tieBrokenBy])).toEqual([
      ['A', 'unbroken'],
      ['B', 'unbroken'],
    ]);
    expect(schulze([], [], [])).toEqual({
      candidates: [],
      pairwise: {},
      strongest: {},
      ranking: [],
    });
  });

  it('refuses input a caller should have checked: a bad ballot, a missing tie-break', () => {
    expect(() =>
      schulze(['A', 'B'], [{ jurorId: 'j', ranking: ['A', 'A'] }], level(['A', 'B'])),
    ).toThrow('Ballot of j: Entry A is ranked twice');
    expect(() => schulze(['A', 'B'], [], level(['A']))).toThrow('No tie-break for entry B');
  });
});

describe('schulze, a ballot with entries its juror may not judge', () => {
  it('says nothing of a pair with an entry outside `judged`: unranked is not beaten by it', () => {
    const candidates = ['A', 'B', 'C'];
    // The first juror may not judge C (a conflict): ranking A > B says nothing of C.
    const ballots: Ballot[] = [
      { jurorId: 'j1', ranking: ['A', 'B'], judged: ['A', 'B'] },
      { jurorId: 'j2', ranking: ['C'], judged: ['A', 'B', 'C'] },
    ];
    const result = schulze(candidates, ballots, level(candidates));
    expect(result.pairwise).toEqual(
      table(candidates, [
        [0, 1, 0],
        [0, 0, 0],
        [1, 1, 0],
      ]),
    );
    // Counted as if the first juror had ranked C last, A and B would each have beaten C once.
    const unfenced = schulze(
      candidates,
      ballots.map(({ jurorId, ranking }) => ({ jurorId, ranking })),
      level(candidates),
    );
    expect(unfenced.pairwise.A?.C).toBe(1);
    expect(result.pairwise.A?.C).toBe(0);
  });

  it('skips an entry of the ranking outside `judged` as well', () => {
    const candidates = ['A', 'B'];
    const result = schulze(
      candidates,
      [{ jurorId: 'j1', ranking: ['A', 'B'], judged: ['B'] }],
      level(candidates),
    );
    expect(result.pairwise).toEqual(
      table(candidates, [
        [0, 0],
        [0, 0],
      ]),
    );
  });
});

describe('ballotProblem', () => {
  const shortlist = ['W001', 'W002', 'W003'];

  it('accepts a full, a partial and an empty ranking', () => {
    expect(ballotProblem(['W002', 'W001', 'W003'], shortlist)).toBeUndefined();
    expect(ballotProblem(['W003'], shortlist)).toBeUndefined();
    expect(ballotProblem([], shortlist)).toBeUndefined();
  });

  it('names an entry off the shortlist or ranked twice, the first problem in ballot order', () => {
    expect(ballotProblem(['W001', 'W009'], shortlist)).toBe('Entry W009 is not on the shortlist');
    expect(ballotProblem(['W002', 'W001', 'W002'], shortlist)).toBe('Entry W002 is ranked twice');
    expect(ballotProblem(['W003', 'W003', 'X'], shortlist)).toBe('Entry W003 is ranked twice');
    expect(ballotProblem(['X', 'W003', 'W003'], shortlist)).toBe('Entry X is not on the shortlist');
  });
});

/** 1–6 entries, up to 9 ballots (partial when `partial`), tie-breaks that often collide. */
function election(partial: boolean) {
  return fc.integer({ min: 1, max: 6 }).chain((n) => {
    const candidates = Array.from({ length: n }, (_, i) => `e${i}`);
    const ranking = fc.shuffledSubarray(candidates, { minLength: partial ? 0 : n });
    const tieBreak = (entryId: string) =>
      fc.record({
        entryId: fc.constant(entryId),
        previousNormalisedMean: fc.constantFrom(null, -1, 0, 0.5),
        enteredAt: fc.constantFrom('2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z'),
      });
    return fc.record({
      candidates: fc.constant(candidates),
      ballots: fc
        .array(ranking, { maxLength: 9 })
        .map((rankings) => rankings.map((r, i) => ({ jurorId: `j${i}`, ranking: r }))),
      tieBreaks: fc.tuple(...candidates.map(tieBreak)),
    });
  });
}

/** d[a][b] counted straight from the ballots, independently of the module. */
function prefers(ballots: readonly Ballot[], a: string, b: string): number {
  return ballots.filter(({ ranking }) => {
    const i = ranking.indexOf(a);
    const j = ranking.indexOf(b);
    return i !== -1 && (j === -1 || i < j);
  }).length;
}

const beats = (result: SchulzeResult, a: string, b: string) =>
  (result.strongest[a]?.[b] ?? 0) > (result.strongest[b]?.[a] ?? 0);

/** The Schulze tiers, best first, each as a sorted list of entry ids. */
function tiersOf(result: SchulzeResult): string[][] {
  const tiers: string[][] = [];
  for (const r of result.ranking) {
    const tier = [r.entryId, ...r.tiedWith].sort();
    if (tiers.at(-1)?.join() !== tier.join()) tiers.push(tier);
  }
  return tiers;
}

describe('schulze, properties', () => {
  it('ranks a permutation of the candidates in places 1..n, never against the Schulze relation', () => {
    fc.assert(
      fc.property(election(true), ({ candidates, ballots, tieBreaks }) => {
        const result = schulze(candidates, ballots, tieBreaks);
        expect([...order(result)].sort()).toEqual([...candidates].sort());
        expect(result.ranking.map((r) => r.place)).toEqual(candidates.map((_, i) => i + 1));
        for (const [i, above] of result.ranking.entries()) {
          for (const below of result.ranking.slice(i + 1)) {
            expect(beats(result, below.entryId, above.entryId)).toBe(false);
          }
          const wins = candidates.filter((c) => beats(result, above.entryId, c)).length;
          expect(above.wins).toBe(wins);
        }
        // Tiers are contiguous runs of the ranking: a tie-break never moves an entry out of one.
        expect(tiersOf(result).flat()).toHaveLength(candidates.length);
      }),
      { numRuns: 300 },
    );
  });

  it('places a Condorcet winner first', () => {
    fc.assert(
      fc.property(election(true), ({ candidates, ballots, tieBreaks }) => {
        const winner = candidates.find((a) =>
          candidates.every((b) => b === a || prefers(ballots, a, b) > prefers(ballots, b, a)),
        );
        fc.pre(winner !== undefined && candidates.length > 1);
        const [first] = schulze(candidates, ballots, tieBreaks).ranking;
        expect(first).toMatchObject({ entryId: winner, place: 1, tieBrokenBy: 'none' });
        expect(first?.wins).toBe(candidates.length - 1);
      }),
      { numRuns: 200 },
    );
  });

  it('reverses the pairwise table and the Schulze relation when every full ballot is reversed', () => {
    fc.assert(
      fc.property(election(false), ({ candidates, ballots, tieBreaks }) => {
        const reversed = ballots.map((b) => ({ ...b, ranking: [...b.ranking].reverse() }));
        const forward = schulze(candidates, ballots, tieBreaks);
        const backward = schulze(candidates, reversed, tieBreaks);
        for (const a of candidates) {
          for (const b of candidates) {
            expect(backward.pairwise[a]?.[b]).toBe(forward.pairwise[b]?.[a]);
            expect(backward.strongest[a]?.[b]).toBe(forward.strongest[b]?.[a]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reverses the tiers (before tie-breaks) when the Schulze relation is a weak order', () => {
    fc.assert(
      fc.property(election(false), ({ candidates, ballots, tieBreaks }) => {
        const forward = schulze(candidates, ballots, tieBreaks);
        // Weak order: being level is transitive (see the upper-tier example for when it is not).
        const levelWith = (a: string, b: string) => !beats(forward, a, b) && !beats(forward, b, a);
        fc.pre(
          candidates.every((a) =>
            candidates.every((b) =>
              candidates.every((c) => !levelWith(a, b) || !levelWith(b, c) || levelWith(a, c)),
            ),
          ),
        );
        const reversed = ballots.map((b) => ({ ...b, ranking: [...b.ranking].reverse() }));
        const backward = schulze(candidates, reversed, tieBreaks);
        expect(tiersOf(backward)).toEqual(tiersOf(forward).reverse());
      }),
      { numRuns: 300 },
    );
  });
});
