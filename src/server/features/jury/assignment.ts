/*
 * Balanced automatic assignment of panel jurors to entries. Pure: no database, ids in, ids out.
 *
 * A greedy pass serves the hardest entries first (fewest eligible jurors), each taking its N
 * least-loaded eligible jurors with ties broken at random; an improvement loop then moves single
 * assignments from a juror to one carrying at least two fewer until no such move exists. Each move
 * lowers the sum of squared loads, so the loop ends, and at its end the assignment is locally
 * balanced. Without conflicts the greedy pass alone keeps every load within one of the others.
 */

export interface AssignmentInput {
  /** Entry ids, in any order; a repeated id is assigned once. */
  entries: readonly string[];
  /** Panel juror ids; a repeated id counts once. */
  jurors: readonly string[];
  /** N, how many jurors each entry should get: an integer >= 1. */
  perEntry: number;
  /** Declared conflicts, keys built with `conflictKey(jurorId, entryId)`; default none. */
  conflicts?: ReadonlySet<string>;
  /**
   * Entries jurors already carry from earlier assignments; default 0. Balancing evens out these
   * plus the new ones, while `Assignment.loads` counts only the new ones.
   */
  priorLoads?: ReadonlyMap<string, number>;
  /** Randomness for tie-breaks, in [0, 1); default Math.random. */
  random?: () => number;
}

export interface Assignment {
  /** Entry id -> juror ids assigned (distinct, none conflicted), in panel order. */
  byEntry: Map<string, string[]>;
  /** Entries that got fewer than N jurors because too few are eligible: entry id -> missing. */
  short: Map<string, number>;
  /** Juror id -> entries assigned by this call (every panel juror, 0 included). */
  loads: Map<string, number>;
}

/** The key of one declared conflict in `AssignmentInput.conflicts`. */
export function conflictKey(jurorId: string, entryId: string): string {
  return `${jurorId}\u0000${entryId}`;
}

/** The assignment state by index: cell `e * J + j` belongs to entry e and juror j. */
interface State {
  J: number;
  conflicted: Uint8Array;
  assigned: Uint8Array;
  /** prior + new loads, what balancing evens out */
  total: number[];
  /** entries of each juror, by index */
  entriesOf: Set<number>[];
}

export function assignJurors(input: AssignmentInput): Assignment {
  const { perEntry } = input;
  if (!Number.isInteger(perEntry) || perEntry < 1) {
    throw new RangeError(`perEntry must be an integer >= 1, got ${perEntry}`);
  }
  const random = input.random ?? Math.random;
  const conflicts = input.conflicts ?? new Set<string>();
  const jurors = [...new Set(input.jurors)];
  const entries = [...new Set(input.entries)];
  const J = jurors.length;

  const state: State = {
    J,
    conflicted: new Uint8Array(entries.length * J),
    assigned: new Uint8Array(entries.length * J),
    total: jurors.map((id) => input.priorLoads?.get(id) ?? 0),
    entriesOf: jurors.map(() => new Set<number>()),
  };
  const eligible: number[][] = entries.map((entryId, e) => {
    const list: number[] = [];
    jurors.forEach((jurorId, j) => {
      if (conflicts.has(conflictKey(jurorId, entryId))) state.conflicted[e * J + j] = 1;
      else list.push(j);
    });
    return list;
  });

  greedyPass(state, eligible, perEntry, random);
  improve(state);

  const byEntry = new Map<string, string[]>();
  const short = new Map<string, number>();
  entries.forEach((entryId, e) => {
    const chosen = jurors.filter((_, j) => state.assigned[e * J + j] === 1);
    byEntry.set(entryId, chosen);
    if (chosen.length < perEntry) short.set(entryId, perEntry - chosen.length);
  });
  const loads = new Map(jurors.map((id, j) => [id, state.entriesOf[j]?.size ?? 0]));
  return { byEntry, short, loads };
}

/** Entries with fewest eligible jurors first, each taking its N least-loaded eligible jurors. */
function greedyPass(state: State, eligible: number[][], perEntry: number, random: () => number) {
  const order = eligible.map((_, e) => e);
  order.sort((a, b) => (eligible[a]?.length ?? 0) - (eligible[b]?.length ?? 0));
  const tieKey = new Float64Array(state.J);
  for (const e of order) {
    const candidates = [...(eligible[e] ?? [])];
    for (const j of candidates) tieKey[j] = random();
    candidates.sort(
      (a, b) =>
        (state.total[a] ?? 0) - (state.total[b] ?? 0) || (tieKey[a] ?? 0) - (tieKey[b] ?? 0),
    );
    for (const j of candidates.slice(0, perEntry)) assign(state, e, j);
  }
}

/**
 * Moves one assignment at a time from a juror a to a juror b with total(b) <= total(a) - 2 who is
 * eligible for the entry and not yet on it, until there is no such move. A move changes the sum
 * of squared totals by 2(total(b) - total(a)) + 2 <= -2, so the loop ends.
 */
function improve(state: State) {
  const { J, conflicted, assigned, total, entriesOf } = state;
  const juror = Array.from({ length: J }, (_, j) => j);
  for (;;) {
    juror.sort((a, b) => (total[a] ?? 0) - (total[b] ?? 0));
    const move = findMove();
    if (!move) return;
    unassign(state, move.e, move.from);
    assign(state, move.e, move.to);
  }

  function findMove(): { e: number; from: number; to: number } | undefined {
    for (let hi = J - 1; hi > 0; hi--) {
      const from = juror[hi] ?? 0;
      for (let lo = 0; lo < hi; lo++) {
        const to = juror[lo] ?? 0;
        // `juror` is sorted by total, so every later `to` is heavier still.
        if ((total[from] ?? 0) < (total[to] ?? 0) + 2) break;
        for (const e of entriesOf[from] ?? []) {
          const cell = e * J + to;
          if (conflicted[cell] === 0 && assigned[cell] === 0) return { e, from, to };
        }
      }
    }
    return undefined;
  }
}

function assign(state: State, e: number, j: number) {
  state.assigned[e * state.J + j] = 1;
  state.total[j] = (state.total[j] ?? 0) + 1;
  state.entriesOf[j]?.add(e);
}

function unassign(state: State, e: number, j: number) {
  state.assigned[e * state.J + j] = 0;
  state.total[j] = (state.total[j] ?? 0) - 1;
  state.entriesOf[j]?.delete(e);
}

/**
 * For one entry whose juror declared a conflict: the least-loaded eligible juror not already on
 * it (ties broken at random), or undefined when there is none. Jurors missing from `loads` carry 0.
 */
export function pickReplacement(args: {
  entryJurors: readonly string[];
  jurors: readonly string[];
  loads: ReadonlyMap<string, number>;
  isConflicted: (jurorId: string) => boolean;
  random?: () => number;
}): string | undefined {
  const random = args.random ?? Math.random;
  const onEntry = new Set(args.entryJurors);
  const candidates = [...new Set(args.jurors)].filter(
    (id) => !onEntry.has(id) && !args.isConflicted(id),
  );
  const loadOf = (id: string) => args.loads.get(id) ?? 0;
  const least = Math.min(...candidates.map(loadOf));
  const tied = candidates.filter((id) => loadOf(id) === least);
  if (tied.length === 0) return undefined;
  return tied[Math.min(tied.length - 1, Math.floor(random() * tied.length))];
}
