/*
 * Results so far per entry: each juror's weighted score, the entry's mean, spread and a mean of
 * per-juror normalised scores, so a strict and a generous juror count alike. Pure: rows in,
 * standings out, full precision (the caller rounds for display).
 */

export interface ScoringCriterion {
  id: string;
  /** > 0 */
  weight: number;
  /** Integers, scaleMin < scaleMax. */
  scaleMin: number;
  scaleMax: number;
}

export interface CriterionScore {
  entryId: string;
  jurorId: string;
  criterionId: string;
  score: number;
}

export interface JurorStanding {
  jurorId: string;
  /** 0–100: the juror's weighted score for the entry. */
  weighted: number;
  /** The weighted score against the juror's own mean and spread over the round. */
  z: number;
}

export interface EntryStanding {
  entryId: string;
  weightedMean: number;
  normalisedMean: number;
  /** Jurors who scored the entry. */
  count: number;
  /** Highest minus lowest weighted score (0 for one juror). */
  spread: number;
  outlier: boolean;
  byJuror: JurorStanding[];
}

export type StandingMeasure = 'normalised' | 'weighted';

export const NORMALISATION_NOTE =
  "Normalised: each juror's scores are measured against that juror's own average and spread, so a strict and a generous juror count alike.";

/** With three or more jurors: how far (in standard deviations) one may stand from the rest. */
export const OUTLIER_Z_GAP = 1.5;
/** With exactly two jurors: how far apart (in points of 100) their weighted scores may be. */
export const OUTLIER_PAIR_POINTS = 40;

export const OUTLIER_NOTE = `Flagged: with three or more jurors, one juror's normalised score is more than ${OUTLIER_Z_GAP} from the others' average; with two, their scores are more than ${OUTLIER_PAIR_POINTS} points apart.`;

/** Below this a juror's spread is rounding noise: all their weighted scores are equal. */
const FLAT = 1e-9;

/**
 * Standings of every entry with at least one score, in the order entries first appear in
 * `scores`; `byJuror` in the order jurors first appear for that entry. Scores of criteria not in
 * `criteria` are ignored; a repeated (entry, juror, criterion) score replaces the earlier one.
 */
export function computeStandings(
  criteria: readonly ScoringCriterion[],
  scores: readonly CriterionScore[],
): EntryStanding[] {
  const weighted = weightedScores(criteria, scores);
  const zOf = normalisers(weighted);
  return [...weighted].map(([entryId, sheets]) => {
    const byJuror = [...sheets].map(([jurorId, value]) => ({
      jurorId,
      weighted: value,
      z: zOf(jurorId, value),
    }));
    const values = byJuror.map((j) => j.weighted);
    return {
      entryId,
      weightedMean: mean(values),
      normalisedMean: mean(byJuror.map((j) => j.z)),
      count: byJuror.length,
      spread: Math.max(...values) - Math.min(...values),
      outlier: isOutlier(byJuror),
      byJuror,
    };
  });
}

/** entry id -> juror id -> weighted score (0–100) over the criteria that juror scored. */
function weightedScores(
  criteria: readonly ScoringCriterion[],
  scores: readonly CriterionScore[],
): Map<string, Map<string, number>> {
  const byId = new Map(criteria.map((c) => [c.id, c]));
  // entry -> juror -> criterion -> score, so a repeated score replaces the earlier one
  const sheets = new Map<string, Map<string, Map<string, number>>>();
  for (const s of scores) {
    if (!byId.has(s.criterionId)) continue;
    const ofEntry = getOrSet(sheets, s.entryId, () => new Map<string, Map<string, number>>());
    getOrSet(ofEntry, s.jurorId, () => new Map<string, number>()).set(s.criterionId, s.score);
  }
  const result = new Map<string, Map<string, number>>();
  for (const [entryId, jurors] of sheets) {
    const ofEntry = new Map<string, number>();
    for (const [jurorId, sheet] of jurors) {
      let sum = 0;
      let weights = 0;
      for (const [criterionId, score] of sheet) {
        const c = byId.get(criterionId);
        if (!c) continue;
        sum += (c.weight * (score - c.scaleMin)) / (c.scaleMax - c.scaleMin);
        weights += c.weight;
      }
      ofEntry.set(jurorId, (sum / weights) * 100);
    }
    result.set(entryId, ofEntry);
  }
  return result;
}

/**
 * z(juror, x) = (x − μ) / σ with the juror's mean μ and population standard deviation σ over all
 * entries they scored; 0 when they scored one entry or all alike (σ = 0).
 */
function normalisers(
  weighted: Map<string, Map<string, number>>,
): (jurorId: string, value: number) => number {
  const valuesOf = new Map<string, number[]>();
  for (const sheets of weighted.values()) {
    for (const [jurorId, value] of sheets) getOrSet(valuesOf, jurorId, () => []).push(value);
  }
  const stats = new Map<string, { mu: number; sigma: number }>();
  for (const [jurorId, values] of valuesOf) {
    const mu = mean(values);
    const sigma = Math.sqrt(mean(values.map((v) => (v - mu) ** 2)));
    stats.set(jurorId, { mu, sigma });
  }
  return (jurorId, value) => {
    const s = stats.get(jurorId);
    if (!s || s.sigma < FLAT) return 0;
    return (value - s.mu) / s.sigma;
  };
}

/*
 * Outlier rule: the jurors disagree enough that an admin should look.
 * - With three or more jurors: some juror's z differs from the mean of the other jurors' z by
 *   more than OUTLIER_Z_GAP (1.5), one juror far from the rest relative to their own habits.
 * - With exactly two: their weighted scores differ by more than OUTLIER_PAIR_POINTS (40 of 100);
 *   z cannot say which of two is the odd one, so raw disagreement is used.
 * - With one: never.
 */
function isOutlier(byJuror: readonly JurorStanding[]): boolean {
  const [first, second] = byJuror;
  if (byJuror.length === 2 && first && second) {
    return Math.abs(first.weighted - second.weighted) > OUTLIER_PAIR_POINTS;
  }
  if (byJuror.length < 3) return false;
  const zSum = byJuror.reduce((sum, j) => sum + j.z, 0);
  return byJuror.some((j) => {
    const othersMean = (zSum - j.z) / (byJuror.length - 1);
    return Math.abs(j.z - othersMean) > OUTLIER_Z_GAP;
  });
}

/**
 * A new array, best first by `measure`; ties go to the higher other measure, then to the entry id
 * in code-unit order so the result never depends on the input order.
 */
export function rankBy(
  standings: readonly EntryStanding[],
  measure: StandingMeasure,
): EntryStanding[] {
  const [main, other] =
    measure === 'normalised'
      ? (['normalisedMean', 'weightedMean'] as const)
      : (['weightedMean', 'normalisedMean'] as const);
  return [...standings].sort(
    (a, b) =>
      b[main] - a[main] ||
      b[other] - a[other] ||
      (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0),
  );
}

/** The ids of the best `k` entries by `measure` (all of them when fewer; none for k <= 0). */
export function topK(
  standings: readonly EntryStanding[],
  k: number,
  measure: StandingMeasure,
): string[] {
  if (k <= 0) return [];
  return rankBy(standings, measure)
    .slice(0, k)
    .map((s) => s.entryId);
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}

function getOrSet<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}
