import { useEffect, useId, useRef, useState } from 'react';

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. */
export const YOUTUBE_VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

/** The privacy-enhanced embed, playing at once (the visitor just asked for it). */
export function youtubeEmbedUrl(videoId: string): string | null {
  if (!YOUTUBE_VIDEO_ID_PATTERN.test(videoId)) return null;
  return `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`;
}

/**
 * The featured video behind a click: until then the page draws its own play button and asks
 * nothing of YouTube (no request, no cookie, no thumbnail), for privacy and speed.
 */
export function VideoFacade({ videoId }: { videoId: string }) {
  const headingId = useId();
  // Which video was started, so a different id shows its own facade again.
  const [playingId, setPlayingId] = useState<string | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const src = youtubeEmbedUrl(videoId);
  const playing = src !== null && playingId === videoId;

  // The button the visitor pressed is gone: keep their place by focusing what replaced it.
  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  if (src === null) return null;

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-4xl px-4 py-16">
      <h2 id={headingId} className="text-center text-3xl font-bold text-gray-900 dark:text-gray-50">
        Featured Video
      </h2>
      <div className="relative mt-8 aspect-video w-full overflow-hidden rounded-2xl bg-gray-950 shadow-lg">
        {playing ? (
          <iframe
            ref={frameRef}
            src={src}
            title="Featured video"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="absolute inset-0 h-full w-full border-0"
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlayingId(videoId)}
            className="group absolute inset-0 flex h-full w-full flex-col items-center justify-center gap-4 bg-gradient-to-br from-primary via-gray-900 to-gray-950 text-white focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-white"
          >
            <span className="flex h-20 w-20 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow-xl transition-transform group-hover:scale-110">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="ml-1 h-9 w-9"
                fill="currentColor"
              >
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
            <span className="text-lg font-semibold">Play video</span>
          </button>
        )}
      </div>
    </section>
  );
}
