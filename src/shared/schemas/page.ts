import { z } from 'zod';

/** A static page as `GET /api/pages/:slug` returns it: its Markdown already rendered, safely. */
export const StaticPageSchema = z.object({ slug: z.string(), title: z.string(), html: z.string() });
export type StaticPage = z.infer<typeof StaticPageSchema>;
