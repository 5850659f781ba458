import { z } from 'zod';
import { parseYouTubeVideo, YOUTUBE_MESSAGES } from '../domain/youtube.ts';

/**
 * The featured video form (seed §5 "YouTube video"): a link or a bare id comes in, only the
 * 11-character id comes out.
 */
export const VideoSettingsSchema = z.object({
  url: z
    .string()
    .max(2048, YOUTUBE_MESSAGES.invalidUrl)
    .transform((url, ctx) => {
      const parsed = parseYouTubeVideo(url);
      if (parsed.error !== undefined) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.id;
    }),
});
