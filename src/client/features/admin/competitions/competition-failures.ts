/** Seed §8. */
export const COMPETITION_FAILURES = {
  fetch: 'Failed to fetch competitions',
  fetchCategories: 'Failed to fetch categories',
  add: 'Failed to add competition',
  update: 'Failed to update competition',
  delete: 'Failed to delete competition',
} as const;
