import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type AdminCategory,
  AdminCategorySchema,
  type CategoryValues,
} from '../../../../../shared/schemas/category.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The category screen's calls: the list and the form both need them. */

const CATEGORIES_PATH = adminApiPaths.categories;

/** One category: PUT saves changes to it, DELETE deletes it (refused while competitions use it). */
const categoryPath = (category: AdminCategory) =>
  `${CATEGORIES_PATH}/${encodeURIComponent(category.id)}`;

/** Every category, newest first. */
export const categoriesQuery = queryOptions({
  queryKey: ['admin', 'categories'],
  queryFn: () => apiFetch(CATEGORIES_PATH, {}, z.array(AdminCategorySchema)),
});

/** Adds a category (`category` null) or saves changes to one; answers it as saved. */
export const saveCategory = ({
  category,
  values,
}: {
  category: AdminCategory | null;
  values: CategoryValues;
}) =>
  apiFetch(
    category ? categoryPath(category) : CATEGORIES_PATH,
    send(category ? 'PUT' : 'POST', values),
    AdminCategorySchema,
  );

export const deleteCategory = (category: AdminCategory) =>
  apiFetch(categoryPath(category), send('DELETE'));
