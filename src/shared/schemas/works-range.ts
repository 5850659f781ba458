import { z } from 'zod';

/*
 * How many works an entry of a competition holds: at least `minWorks`, at most `maxWorks`, both
 * from 1 to WORKS_MAX. 1 and 1 (the default) is the registration form with one work, as it was.
 */

export const WORKS_MAX = 10;

export const WORKS_RANGE_MESSAGES = {
  minWorks: `Minimum works must be a whole number from 1 to ${WORKS_MAX}`,
  maxWorks: `Maximum works must be a whole number from 1 to ${WORKS_MAX}`,
  maxBelowMin: 'Maximum works must be at least the minimum works',
} as const;

/** A count of works as the admin's form sends it; absent means 1. */
export function worksCountSchema(message: string) {
  return z.number(message).int(message).min(1, message).max(WORKS_MAX, message).default(1);
}

/** Adds the message for a maximum below the minimum (each count checked on its own first). */
export function checkWorksRange(
  input: { minWorks: unknown; maxWorks: unknown },
  context: z.RefinementCtx,
): void {
  const { minWorks, maxWorks } = input;
  if (typeof minWorks === 'number' && typeof maxWorks === 'number' && maxWorks < minWorks) {
    context.addIssue({
      code: 'custom',
      path: ['maxWorks'],
      message: WORKS_RANGE_MESSAGES.maxBelowMin,
    });
  }
}

/** The range of a competition as the public answer gives it (older answers had none: 1 and 1). */
export function worksRangeOf(competition: { minWorks?: number; maxWorks?: number }): {
  min: number;
  max: number;
} {
  const min = competition.minWorks ?? 1;
  return { min, max: Math.max(min, competition.maxWorks ?? 1) };
}
