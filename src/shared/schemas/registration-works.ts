import * as z from 'zod/mini';

/*
 * The works of a registration: each work answers the fields asked per work, and an entry holds
 * from its competition's minimum to its maximum of them. zod/mini, as registration.ts.
 */

/** How many works an entry holds: 1 and 1 unless its competition says otherwise. */
export interface WorksRange {
  min: number;
  max: number;
}

export const ONE_WORK: WorksRange = { min: 1, max: 1 };

/** The message for a number of works outside the range, under `works`. */
export function worksCountMessage({ min, max }: WorksRange): string {
  if (min !== max) return `An entry must hold from ${min} to ${max} works`;
  return `An entry must hold ${min === 1 ? 'one work' : `${min} works`}`;
}

/** Whether each work answers the field (from field-answers.ts: form-field.ts brings in zod). */
export { isAskedPerWork as askedPerWork } from '../domain/field-answers.ts';

/** The `works` array: each one `work`, their number within `range`. */
export function worksSchema<T extends z.ZodMiniType>(work: T, range: WorksRange) {
  const message = worksCountMessage(range);
  return z
    .array(work, { error: message })
    .check(z.minLength(range.min, message), z.maxLength(range.max, message));
}
