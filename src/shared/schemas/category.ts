import { z } from 'zod';
import { isOneLine, oneLineMessage } from '../domain/one-line-text.ts';
import { FormFieldListSchema, FormFieldSchema } from './form-field.ts';
import { flagRepeat } from './list-rules.ts';

/** A category as the public pages see it: enough to filter competitions by. */
export const PublicCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  subcategories: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PublicCategory = z.infer<typeof PublicCategorySchema>;

export const CATEGORY_NAME_MAX = 120;
export const SUBCATEGORY_NAME_MAX = 120;
/** Far more than a filter list can show; a bound so one request cannot ask for millions of rows. */
export const SUBCATEGORIES_MAX = 100;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CATEGORY_NAME_MAX} characters`,
  nameOneLine: oneLineMessage('Name'),
  subcategoryTooLong: `Subcategory names must be at most ${SUBCATEGORY_NAME_MAX} characters`,
  subcategoryOneLine: oneLineMessage('Subcategory names'),
  subcategoryTaken: 'Another subcategory already has this name',
  subcategoryTwice: 'This subcategory appears more than once',
  tooManySubcategories: `A category can have at most ${SUBCATEGORIES_MAX} subcategories`,
  /** The id names no subcategory of this category (another admin removed it meanwhile). */
  unknownSubcategory: 'A subcategory was removed meanwhile. Reload the page and try again.',
  unknownFormField: 'A form field was removed meanwhile. Reload the page and try again.',
  formFieldType: 'The type of an existing field cannot be changed',
  notFound: 'Category not found',
} as const;

/** Seed §8: what the admin screen says when a request of the category screen fails. */
export const CATEGORY_FAILURES = {
  fetch: 'Failed to fetch categories',
  add: 'Failed to add category',
  update: 'Failed to update category',
  delete: 'Failed to delete category',
} as const;

/** Deleting a category its competitions still use would orphan them (PRODUCT.md point 9). */
export function categoryInUseMessage(competitions: number): string {
  return competitions === 1
    ? 'This category is used by 1 competition. Delete it or move it to another category first.'
    : `This category is used by ${competitions} competitions. Delete them or move them to another category first.`;
}

/** Removing a subcategory would silently take it off the competitions that use it. */
export function subcategoryInUseMessage(name: string, competitions: number): string {
  const used =
    competitions === 1 ? 'is used by 1 competition' : `is used by ${competitions} competitions`;
  return `The subcategory '${name}' ${used}. Move ${competitions === 1 ? 'it' : 'them'} to another subcategory first, or keep this one.`;
}

const SubcategoryInputSchema = z.object({
  /** Left out for a new subcategory; an existing one keeps its id, which competitions refer to. */
  id: z.string().min(1).max(64).optional(),
  name: z
    .string({ error: 'Enter a name or leave the row empty' })
    .trim()
    .max(SUBCATEGORY_NAME_MAX, CATEGORY_MESSAGES.subcategoryTooLong)
    .refine(isOneLine, CATEGORY_MESSAGES.subcategoryOneLine),
});

/**
 * The subcategory rows in the order shown. Seed §5: blank rows are dropped. Duplicates are
 * checked before that, so a message names the row the admin sees (its index as sent).
 */
const SubcategoryListSchema = z
  .array(SubcategoryInputSchema)
  .max(SUBCATEGORIES_MAX, CATEGORY_MESSAGES.tooManySubcategories)
  .superRefine((rows, context) => {
    const names = new Set<string>();
    const ids = new Set<string>();
    rows.forEach((row, index) => {
      if (row.id !== undefined) {
        flagRepeat(context, ids, row.id, [index, 'id'], CATEGORY_MESSAGES.subcategoryTwice);
      }
      if (row.name === '') return;
      const name = row.name.toLowerCase();
      flagRepeat(context, names, name, [index, 'name'], CATEGORY_MESSAGES.subcategoryTaken);
    });
  })
  .transform((rows) => rows.filter((row) => row.name !== ''));

/**
 * What the category form sends (POST /api/admin/categories, PUT /api/admin/categories/:id).
 * Without `formFields`, a new category gets the seven default fields and an edited one keeps its
 * own.
 */
export const CategoryInputSchema = z.object({
  name: z
    .string({ error: CATEGORY_MESSAGES.nameRequired })
    .trim()
    .min(1, CATEGORY_MESSAGES.nameRequired)
    .max(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.nameTooLong)
    .refine(isOneLine, CATEGORY_MESSAGES.nameOneLine),
  subcategories: SubcategoryListSchema.default([]),
  formFields: FormFieldListSchema.optional(),
});
export type CategoryInput = z.input<typeof CategoryInputSchema>;
export type CategoryValues = z.output<typeof CategoryInputSchema>;

/** A category as the admin screen shows it. */
export const AdminCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** In their set order; `entryCount` counts the submissions made in each. */
  subcategories: z.array(z.object({ id: z.string(), name: z.string(), entryCount: z.number() })),
  formFields: z.array(FormFieldSchema),
  /** Competitions in this category: while there are any, it cannot be deleted. */
  competitionCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

/** Any text: an id that is no category's is a 404 'Category not found', as for competitions. */
export const CategoryIdParamsSchema = z.object({ id: z.string() });
