/*
 * The ranked final: jurors' ranking ballots combined by the Schulze method (winning votes), with a
 * stated tie-break, and everything an admin needs to see why: the pairwise table, the strongest
 * paths and, per entry, what decided its place inside a tie. Pure: ballots in, result out.
 */

export interface Ballot {
  jurorId: string;
  /** Entry ids, best first. May be partial: unranked entries tie below all ranked ones. */
  ranking: readonly string[];
  /**
   * The entries this juror may judge (a conflict keeps the others from them); the ballot says
   * nothing of a pair with any other entry. Absent: every candidate.
   */
  judged?: readonly string[];
}

/** One per candidate: what breaks a tie the Schulze method leaves. */
export interface TieBreak {
  entryId: string;
  /** The entry's normalised mean in the previous round; null (lowest) when it has none. */
  previousNormalisedMean: number | null;
  /** ISO 8601 instant the entry was submitted; earlier wins. */
  enteredAt: string;
}

/**
 * How an entry's place inside its Schulze tier was decided: 'none' when it is alone in its tier;
 * otherwise the last rule needed to set it apart from every other member ('unbroken' when it
 * equals another on both rules and is placed by entry id only so the order is stable).
 */
export type TieBrokenBy = 'none' | 'previous-mean' | 'earlier-entry' | 'unbroken';

export interface RankedEntry {
  entryId: string;
  /** 1-based and strict, after tie-breaking. */
  place: number;
  /** Candidates this entry beats by the Schulze relation. */
  wins: number;
  tieBrokenBy: TieBrokenBy;
  /** The other members of its Schulze tier, in ranking order. */
  tiedWith: string[];
}

export interface SchulzeResult {
  /** The shortlist as given. */
  candidates: string[];
  /** d[a][b]: ballots preferring a to b (0 on the diagonal). */
  pairwise: Record<string, Record<string, number>>;
  /** p[a][b]: strength of the strongest path from a to b, winning votes (0 on the diagonal). */
  strongest: Record<string, Record<string, number>>;
  /** Best first. */
  ranking: RankedEntry[];
}

export const SCHULZE_NOTE =
  "Ranked by the Schulze method: an entry is above another when the strongest chain of jurors' preferences from it to the other is stronger than the reverse.";

export const TIE_BREAK_NOTE =
  'Entries the Schulze method leaves level are ordered by the higher normalised mean in the previous round (none counts lowest), then by the earlier entry.';

/** Why a ballot cannot be counted, for a 400; undefined when it can. */
export function ballotProblem(
  ballot: readonly string[],
  shortlist: readonly string[],
): string | undefined {
  const allowed = new Set(shortlist);
  const seen = new Set<string>();
  for (const entryId of ballot) {
    if (!allowed.has(entryId)) return `Entry ${entryId} is not on the shortlist`;
    if (seen.has(entryId)) return `Entry ${entryId} is ranked twice`;
    seen.add(entryId);
  }
  return undefined;
}

type Table = Record<string, Record<string, number>>;

/**
 * The Schulze ranking of `candidates`. Ballots must pass `ballotProblem` and every candidate must
 * have a tie-break; otherwise this throws, as that is a caller's bug, not a juror's.
 */
export function schulze(
  candidates: readonly string[],
  ballots: readonly Ballot[],
  tieBreaks: readonly TieBreak[],
): SchulzeResult {
  const tieBreakOf = checkInput(candidates, ballots, tieBreaks);
  const pairwise = pairwiseTable(candidates, ballots);
  const strongest = strongestPaths(candidates, pairwise);
  const beats = (a: string, b: string) => cell(strongest, a, b) > cell(strongest, b, a);

  const ranking: RankedEntry[] = [];
  for (const tier of tiers(candidates, beats)) {
    const ordered = [...tier].sort((a, b) => compareTieBreaks(tieBreakOf(a), tieBreakOf(b)));
    for (const entryId of ordered) {
      ranking.push({
        entryId,
        place: ranking.length + 1,
        wins: candidates.filter((other) => beats(entryId, other)).length,
        tieBrokenBy: decidedBy(entryId, ordered, tieBreakOf),
        tiedWith: ordered.filter((other) => other !== entryId),
      });
    }
  }
  return { candidates: [...candidates], pairwise, strongest, ranking };
}

function checkInput(
  candidates: readonly string[],
  ballots: readonly Ballot[],
  tieBreaks: readonly TieBreak[],
): (entryId: string) => TieBreak {
  if (new Set(candidates).size !== candidates.length) throw new Error('Repeated candidate');
  for (const ballot of ballots) {
    const problem = ballotProblem(ballot.ranking, candidates);
    if (problem) throw new Error(`Ballot of ${ballot.jurorId}: ${problem}`);
  }
  const byEntry = new Map(tieBreaks.map((t) => [t.entryId, t]));
  for (const entryId of candidates) {
    const t = byEntry.get(entryId);
    if (!t) throw new Error(`No tie-break for entry ${entryId}`);
    const mean = t.previousNormalisedMean;
    if (mean !== null && !Number.isFinite(mean)) throw new Error(`Bad mean for ${entryId}`);
    if (Number.isNaN(Date.parse(t.enteredAt))) throw new Error(`Bad enteredAt for ${entryId}`);
  }
  return (entryId) => byEntry.get(entryId) as TieBreak;
}

/**
 * Ranked beats unranked; two ranked compare by position; two unranked express nothing; a pair
 * with an entry the juror may not judge expresses nothing either.
 */
function pairwiseTable(candidates: readonly string[], ballots: readonly Ballot[]): Table {
  const d = square(candidates);
  for (const { ranking, judged } of ballots) {
    const position = new Map(ranking.map((entryId, i) => [entryId, i]));
    const mayJudge = judged ? new Set(judged) : undefined;
    const compared = candidates.filter((c) => !mayJudge || mayJudge.has(c));
    for (const a of compared) {
      const pa = position.get(a);
      if (pa === undefined) continue;
      const row = d[a] as Record<string, number>;
      for (const b of compared) {
        const pb = position.get(b);
        if (a !== b && (pb === undefined || pa < pb)) row[b] = (row[b] ?? 0) + 1;
      }
    }
  }
  return d;
}

/**
 * Floyd–Warshall for the widest path: a link a→b has strength d[a][b] when a wins the pair
 * (d[a][b] > d[b][a]), none otherwise; a path is as strong as its weakest link.
 */
function strongestPaths(candidates: readonly string[], d: Table): Table {
  const p = square(candidates);
  for (const a of candidates) {
    for (const b of candidates) {
      const forward = cell(d, a, b);
      if (a !== b && forward > cell(d, b, a)) (p[a] as Record<string, number>)[b] = forward;
    }
  }
  for (const via of candidates) {
    for (const a of candidates) {
      if (a === via) continue;
      for (const b of candidates) {
        if (b === a || b === via) continue;
        const through = Math.min(cell(p, a, via), cell(p, via, b));
        if (through > cell(p, a, b)) (p[a] as Record<string, number>)[b] = through;
      }
    }
  }
  return p;
}

/**
 * Tiers best first: repeatedly, the candidates no remaining candidate beats; no member of a tier
 * beats another. The Schulze relation is a strict partial order but not always a weak one: when a
 * beats c and b is level with both, the tiers are {a, b} then {c} (top-down, so b goes up).
 */
function tiers(
  candidates: readonly string[],
  beats: (a: string, b: string) => boolean,
): string[][] {
  const result: string[][] = [];
  let remaining = [...candidates];
  while (remaining.length > 0) {
    const top = remaining.filter((c) => !remaining.some((other) => beats(other, c)));
    // The Schulze relation is a strict partial order, so a non-empty set has an unbeaten member.
    if (top.length === 0) throw new Error('Schulze relation is not acyclic');
    result.push(top);
    remaining = remaining.filter((c) => !top.includes(c));
  }
  return result;
}

/** The tie-break rules in order; the entry id last only so the order never depends on input. */
const RULES: readonly {
  name: Exclude<TieBrokenBy, 'none'>;
  compare: (a: TieBreak, b: TieBreak) => number;
}[] = [
  { name: 'previous-mean', compare: (a, b) => ascending(meanKey(b), meanKey(a)) },
  {
    name: 'earlier-entry',
    compare: (a, b) => ascending(Date.parse(a.enteredAt), Date.parse(b.enteredAt)),
  },
  { name: 'unbroken', compare: (a, b) => ascending(a.entryId, b.entryId) },
];

const meanKey = (t: TieBreak) => t.previousNormalisedMean ?? Number.NEGATIVE_INFINITY;

function ascending<T extends number | string>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareTieBreaks(a: TieBreak, b: TieBreak): number {
  for (const rule of RULES) {
    const order = rule.compare(a, b);
    if (order !== 0) return order;
  }
  return 0;
}

/** The first rule telling two entries apart ('unbroken' when only the entry id does). */
function separatingRule(a: TieBreak, b: TieBreak): number {
  const index = RULES.findIndex((rule) => rule.name !== 'unbroken' && rule.compare(a, b) !== 0);
  return index === -1 ? RULES.length - 1 : index;
}

function decidedBy(
  entryId: string,
  tier: readonly string[],
  tieBreakOf: (entryId: string) => TieBreak,
): TieBrokenBy {
  if (tier.length === 1) return 'none';
  const own = tieBreakOf(entryId);
  let deepest = 0;
  for (const other of tier) {
    if (other !== entryId) deepest = Math.max(deepest, separatingRule(own, tieBreakOf(other)));
  }
  return (RULES[deepest] as (typeof RULES)[number]).name;
}

function square(candidates: readonly string[]): Table {
  return Object.fromEntries(
    candidates.map((a) => [a, Object.fromEntries(candidates.map((b) => [b, 0]))]),
  );
}

function cell(table: Table, a: string, b: string): number {
  return table[a]?.[b] ?? 0;
}
