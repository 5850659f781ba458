import type { AdminCategory } from '../../../../shared/schemas/category.ts';

/*
 * The server routes the category screen calls (with the signed-in admin's adminFetch): the list
 * and the form both need them, so they live here rather than in either.
 */

/** Every category, newest first (GET); POST adds one. */
export const CATEGORIES_PATH = '/api/admin/categories';

/** One category: PUT saves changes to it, DELETE deletes it (refused while competitions use it). */
export const categoryPath = (category: AdminCategory) =>
  `${CATEGORIES_PATH}/${encodeURIComponent(category.id)}`;
