import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignJurors,
  conflictKey,
  pickReplacement,
  type Assignment,
  type AssignmentInput,
} from './assignment.ts';

/** A seeded generator (mulberry32), so a run can be repeated. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Map of counts from an object literal, in its key order. */
const counts = (o: Record<string, number>) => new Map(Object.entries(o));

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** Every promised property; violations are collected, so a failure lists them all, fast. */
function expectValid(input: AssignmentInput, result: Assignment) {
  const conflicts = input.conflicts ?? new Set<string>();
  const panel = [...new Set(input.jurors)];
  const isConflicted = (j: string, e: string) => conflicts.has(conflictKey(j, e));
  const problems: string[] = [];
  expect([...result.byEntry.keys()].sort()).toEqual([...new Set(input.entries)].sort());

  const counted = new Map(panel.map((j) => [j, 0]));
  for (const [entry, jurors] of result.byEntry) {
    const eligible = panel.filter((j) => !isConflicted(j, entry)).length;
    const missing = eligible < input.perEntry ? input.perEntry - eligible : undefined;
    if (new Set(jurors).size !== jurors.length) problems.push(`${entry}: repeated juror`);
    if (jurors.length !== Math.min(input.perEntry, eligible)) problems.push(`${entry}: count`);
    if (result.short.get(entry) !== missing) problems.push(`${entry}: short`);
    for (const j of jurors) {
      if (!counted.has(j)) problems.push(`${entry}: ${j} not on the panel`);
      if (isConflicted(j, entry)) problems.push(`${entry}: ${j} conflicted`);
      counted.set(j, (counted.get(j) ?? 0) + 1);
    }
  }
  for (const entry of result.short.keys()) {
    if (!result.byEntry.has(entry)) problems.push(`${entry}: short but unknown`);
  }
  expect(result.loads).toEqual(counted);

  // Local balance on the totals the assignment evens out (prior loads + new ones).
  const total = (j: string) => (input.priorLoads?.get(j) ?? 0) + (result.loads.get(j) ?? 0);
  for (const [entry, jurors] of result.byEntry) {
    for (const a of jurors) {
      for (const b of panel) {
        const movable = !jurors.includes(b) && !isConflicted(b, entry);
        if (movable && total(a) >= total(b) + 2) problems.push(`${entry}: ${a} -> ${b}`);
      }
    }
  }
  expect(problems).toEqual([]);
}

interface Sizes {
  jurorCount: number;
  entryCount: number;
  perEntry: number;
  seed: number;
}

const sizes = (maxJurors: number, maxEntries: number) =>
  fc.record({
    jurorCount: fc.integer({ min: 1, max: maxJurors }),
    entryCount: fc.integer({ min: 0, max: maxEntries }),
    perEntry: fc.integer({ min: 1, max: 5 }),
    seed: fc.integer(),
  });

const perJuror = <T>(n: number, value: fc.Arbitrary<T>) =>
  fc.array(value, { minLength: n, maxLength: n });

/** A scenario whose conflicts are the (juror index, entry index) pairs `conflicted` accepts. */
function build(base: Sizes, prior: number[], conflicted: (j: number, e: number) => boolean) {
  const jurors = ids('j', base.jurorCount);
  const entries = ids('e', base.entryCount);
  const conflicts = new Set<string>();
  entries.forEach((e, ei) => {
    jurors.forEach((j, ji) => conflicted(ji, ei) && conflicts.add(conflictKey(j, e)));
  });
  return { ...base, jurors, entries, conflicts, prior };
}

/** Up to 12 jurors and 300 entries, each juror with its own conflict rate. */
const wide = sizes(12, 300).chain((base) => {
  const rate = fc.constantFrom(0, 0, 0.02, 0.1, 0.3, 0.7, 1);
  const n = base.jurorCount;
  return fc.tuple(perJuror(n, rate), perJuror(n, fc.nat(6))).map(([rates, prior]) => {
    const pick = seeded(base.seed);
    return build(base, prior, (j) => pick() < (rates[j] ?? 0));
  });
});

/**
 * A few jurors and entries with an arbitrary conflict matrix: the shapes where the greedy pass
 * alone leaves a juror two ahead of one who could take an entry, which the improvement loop fixes.
 */
const narrow = sizes(5, 15).chain((base) => {
  const n = base.jurorCount;
  const cells = n * base.entryCount;
  const matrix = fc.array(fc.boolean(), { minLength: cells, maxLength: cells });
  return fc
    .tuple(matrix, perJuror(n, fc.nat(6)))
    .map(([m, prior]) => build(base, prior, (j, e) => m[e * n + j] === true));
});

const scenario = fc.oneof(wide, narrow);

describe('assignJurors, properties', () => {
  it('gives every entry min(N, eligible) distinct unconflicted jurors, locally balanced', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = { ...s, random: seeded(s.seed) };
        expectValid(input, assignJurors(input));
      }),
      { numRuns: 300 },
    );
  });

  it('also balances on top of loads jurors already carry', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const priorLoads = new Map(s.jurors.map((j, i) => [j, s.prior[i] ?? 0]));
        const input = { ...s, priorLoads, random: seeded(s.seed) };
        expectValid(input, assignJurors(input));
      }),
      { numRuns: 150 },
    );
  });

  it('keeps loads within one of each other when nobody is conflicted', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = { ...s, conflicts: new Set<string>(), random: seeded(s.seed) };
        const result = assignJurors(input);
        expectValid(input, result);
        const loads = [...result.loads.values()];
        expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic for a seeded random', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const first = assignJurors({ ...s, random: seeded(s.seed) });
        const second = assignJurors({ ...s, random: seeded(s.seed) });
        expect(second).toEqual(first);
        expect([...second.byEntry.keys()]).toEqual([...first.byEntry.keys()]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('assignJurors, examples', () => {
  it('gives 3 jurors 8 entries each for 12 entries with N = 2', () => {
    const result = assignJurors({ entries: ids('e', 12), jurors: ['a', 'b', 'c'], perEntry: 2 });
    expect(result.loads).toEqual(counts({ a: 8, b: 8, c: 8 }));
    expect(result.short.size).toBe(0);
    expect([...result.byEntry.values()].every((jurors) => jurors.length === 2)).toBe(true);
  });

  it('marks every entry short by the difference when N exceeds the panel', () => {
    const result = assignJurors({ entries: ['x', 'y'], jurors: ['a', 'b', 'c'], perEntry: 5 });
    expect(result.byEntry.get('x')).toEqual(['a', 'b', 'c']);
    expect(result.byEntry.get('y')).toEqual(['a', 'b', 'c']);
    expect(result.short).toEqual(counts({ x: 2, y: 2 }));
  });

  it('gives a juror conflicted with every entry nothing, and the others an even share', () => {
    const entries = ids('e', 10);
    const conflicts = new Set(entries.map((e) => conflictKey('c', e)));
    const input = { entries, jurors: ['a', 'b', 'c'], perEntry: 1, conflicts };
    const result = assignJurors(input);
    expectValid(input, result);
    expect(result.loads.get('c')).toBe(0);
    expect(result.loads.get('a')).toBe(5);
    expect(result.loads.get('b')).toBe(5);
  });

  it('moves an entry to a lighter juror when taking the least-loaded left one two ahead', () => {
    // With ties going to the first juror, a takes x, y1, y3 and c takes y2, y4: a has 3, b none,
    // though b could judge x. The improvement loop hands x to b.
    const entries = ['x', 'y1', 'y2', 'y3', 'y4'];
    const conflicts = new Set([
      conflictKey('c', 'x'),
      ...entries.slice(1).map((e) => conflictKey('b', e)),
    ]);
    const input = { entries, jurors: ['a', 'b', 'c'], perEntry: 1, conflicts, random: () => 0 };
    const result = assignJurors(input);
    expectValid(input, result);
    expect(result.byEntry.get('x')).toEqual(['b']);
    expect(result.loads).toEqual(counts({ a: 2, b: 1, c: 2 }));
  });

  it('returns empty maps and zero loads for no entries', () => {
    const result = assignJurors({ entries: [], jurors: ['a', 'b'], perEntry: 2 });
    expect(result.byEntry.size).toBe(0);
    expect(result.short.size).toBe(0);
    expect(result.loads).toEqual(counts({ a: 0, b: 0 }));
  });

  it('marks every entry short by N when there is no juror', () => {
    const result = assignJurors({ entries: ['x'], jurors: [], perEntry: 3 });
    expect(result.byEntry.get('x')).toEqual([]);
    expect(result.short.get('x')).toBe(3);
  });

  it('gives new entries to the jurors who carry fewer already', () => {
    const priorLoads = new Map([['a', 4]]);
    const result = assignJurors({
      entries: ids('e', 6),
      jurors: ['a', 'b', 'c'],
      perEntry: 1,
      priorLoads,
    });
    expect(result.loads).toEqual(counts({ a: 0, b: 3, c: 3 }));
  });

  it('breaks ties between equally loaded jurors with the given random', () => {
    const input = { entries: ['x'], jurors: ['a', 'b', 'c'], perEntry: 1 };
    const pickedWith = (...draws: number[]) =>
      assignJurors({ ...input, random: () => draws.shift() ?? 0 }).byEntry.get('x');
    expect(pickedWith(0.5, 0.1, 0.9)).toEqual(['b']);
    expect(pickedWith(0.5, 0.9, 0.1)).toEqual(['c']);
  });

  it('counts a repeated juror or entry once', () => {
    const result = assignJurors({ entries: ['x', 'x'], jurors: ['a', 'a', 'b'], perEntry: 2 });
    expect(result.byEntry).toEqual(new Map([['x', ['a', 'b']]]));
    expect(result.short.size).toBe(0);
  });

  it('rejects an N that is not a positive integer', () => {
    for (const perEntry of [0, -1, 1.5, Number.NaN]) {
      expect(() => assignJurors({ entries: [], jurors: ['a'], perEntry })).toThrow(RangeError);
    }
  });

  it('assigns 10,000 entries to 20 jurors with N = 3 and some conflicts', () => {
    const entries = ids('e', 10_000);
    const jurors = ids('j', 20);
    const pick = seeded(42);
    const conflicts = new Set<string>();
    for (const e of entries) {
      for (const j of jurors) if (pick() < 0.05) conflicts.add(conflictKey(j, e));
    }
    const input = { entries, jurors, perEntry: 3, conflicts, random: seeded(7) };
    expectValid(input, assignJurors(input));
  });
});

describe('pickReplacement', () => {
  const pick = (args: Partial<Parameters<typeof pickReplacement>[0]>) =>
    pickReplacement({
      entryJurors: [],
      jurors: ['a', 'b', 'c', 'd'],
      loads: counts({ a: 5, b: 2, c: 2, d: 1 }),
      isConflicted: () => false,
      ...args,
    });

  it('picks the least-loaded juror who is neither on the entry nor conflicted', () => {
    expect(pick({})).toBe('d');
    expect(pick({ entryJurors: ['d'], isConflicted: (j) => j === 'b' })).toBe('c');
  });

  it('breaks ties with the given random', () => {
    expect(pick({ entryJurors: ['d'], random: () => 0 })).toBe('b');
    expect(pick({ entryJurors: ['d'], random: () => 0.99 })).toBe('c');
  });

  it('counts a juror missing from the loads as carrying none', () => {
    expect(pick({ jurors: ['a', 'new'] })).toBe('new');
  });

  it('returns undefined when no juror is eligible', () => {
    const isConflicted = (j: string) => j === 'b';
    expect(pick({ jurors: ['a', 'b'], entryJurors: ['a'], isConflicted })).toBeUndefined();
    expect(pick({ jurors: [] })).toBeUndefined();
  });
});
