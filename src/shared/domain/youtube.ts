/** Seed §5 "YouTube video": the messages, word for word. */
export const YOUTUBE_MESSAGES = {
  required: 'URL is required',
  invalidUrl: 'Invalid URL format',
  protocol: 'URL must start with http:// or https://',
  notYouTube: 'Invalid YouTube URL or video ID',
} as const;

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
// The seed's hosts with or without www; m.youtube.com too, the address phones share.
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);

export type YouTubeParse = { id: string; error?: undefined } | { id?: undefined; error: string };

/**
 * A video id from what an admin pastes: a bare 11-character id, or a link of the form
 * youtube.com/watch?v=ID, youtube.com/embed/ID or youtu.be/ID. Only the id is ever saved.
 */
export function parseYouTubeVideo(input: string): YouTubeParse {
  const text = input.trim();
  if (!text) return { error: YOUTUBE_MESSAGES.required };
  if (VIDEO_ID.test(text)) return { id: text };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: YOUTUBE_MESSAGES.invalidUrl };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { error: YOUTUBE_MESSAGES.protocol };
  }
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (YOUTUBE_HOSTS.has(host) && segments.length === 1 && segments[0] === 'watch') {
    id = url.searchParams.get('v');
  } else if (YOUTUBE_HOSTS.has(host) && segments.length === 2 && segments[0] === 'embed') {
    id = segments[1];
  } else if (SHORT_HOSTS.has(host) && segments.length === 1) {
    id = segments[0];
  }
  return id && VIDEO_ID.test(id) ? { id } : { error: YOUTUBE_MESSAGES.notYouTube };
}
