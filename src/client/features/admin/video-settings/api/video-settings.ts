import { adminApiPaths, publicApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { PublicSettingsSchema } from '../../../../../shared/schemas/settings.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The Video Settings screen's calls. */

const VIDEO_PATH = adminApiPaths.video;
/** What a write answers: the id the site now shows ('' for none). */
const VideoAnswerSchema = PublicSettingsSchema.pick({ youtubeVideoId: true });

/** The site's settings as the public pages read them: the current video among them. */
export const publicSettingsQuery = queryOptions({
  queryKey: ['admin', 'public-settings'],
  queryFn: () => apiFetch(publicApiPaths.settings, {}, PublicSettingsSchema),
});

/** Saves the featured video; the server parses the text again by the same rules. */
export const saveVideo = (url: string) =>
  apiFetch(VIDEO_PATH, send('PUT', { url }), VideoAnswerSchema);

/** Takes the video off the home page. */
export const removeVideo = () => apiFetch(VIDEO_PATH, send('DELETE'), VideoAnswerSchema);
