import { ADULT_AGE, ageCategoryFor, type AgeCategory } from './age-category.ts';

/*
 * The registration form's choices and the rules its page applies as the artist types, without
 * zod: the page shows them at once, and loads the schema (schemas/registration.ts) only to check.
 */

export const GENDERS = ['male', 'female', 'transgender'] as const;
export type Gender = (typeof GENDERS)[number];
/** Seed §3's genders as the form shows them. */
export const GENDER_LABELS: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  transgender: 'Transgender',
};

export const AGE_CATEGORY_LABELS: Record<AgeCategory, string> = {
  preschool: 'Preschool',
  children: 'Children',
  adult: 'Adult',
};

/** Whether this age needs a parent's or guardian's consent too. */
export function needsGuardian(age: number | undefined): boolean {
  return age !== undefined && Number.isFinite(age) && age < ADULT_AGE;
}

/** "Age: 9 • Children": the category a typed age falls in, or null while it is out of range. */
export function ageCategoryLabel(age: number | undefined): string | null {
  const category = age === undefined ? null : ageCategoryFor(age);
  return category ? AGE_CATEGORY_LABELS[category] : null;
}
