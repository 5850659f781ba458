import { z } from 'zod';
import { ResponsiveImageSchema } from './image.ts';

export const PublicBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: ResponsiveImageSchema,
  createdAt: z.string(),
});
export type PublicBanner = z.infer<typeof PublicBannerSchema>;
