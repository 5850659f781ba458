/** Seed §3/§9: registration ages 1-80, split into three age categories. */
export const REGISTRATION_MIN_AGE = 1;
export const REGISTRATION_MAX_AGE = 80;
/** Under this age, a parent or guardian gives consent too (India's DPDP Act, for children). */
export const ADULT_AGE = 18;

export const AGE_CATEGORIES = ['preschool', 'children', 'adult'] as const;
export type AgeCategory = (typeof AGE_CATEGORIES)[number];

/** The age category for an age in 1-80, or null outside the registration range. */
export function ageCategoryFor(age: number): AgeCategory | null {
  if (!Number.isInteger(age) || age < REGISTRATION_MIN_AGE || age > REGISTRATION_MAX_AGE) {
    return null;
  }
  if (age <= 6) return 'preschool';
  if (age <= 15) return 'children';
  return 'adult';
}
