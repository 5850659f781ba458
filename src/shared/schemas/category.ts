import { z } from 'zod';

/** A category as the public pages see it: enough to filter competitions by. */
export const PublicCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  subcategories: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PublicCategory = z.infer<typeof PublicCategorySchema>;
