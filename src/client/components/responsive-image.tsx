import { useState } from 'react';
import type { ResponsiveImage } from '../../shared/schemas/image.ts';

/** Shown when a picture is missing or fails to load (seed §2, competition detail). */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/**
 * A public picture at the size the screen needs (srcset), with its space reserved (width and
 * height), loaded lazily unless it is the first screen's main picture.
 */
export function ResponsiveImg({
  image,
  sizes,
  alt,
  className = '',
  priority = false,
}: {
  image: ResponsiveImage | null;
  sizes: string;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!image || failedUrl === image.url) {
    return (
      <img
        src={PLACEHOLDER_IMAGE}
        alt={alt}
        width={1600}
        height={900}
        data-placeholder="true"
        className={className}
      />
    );
  }
  return (
    <img
      src={image.url}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedUrl(image.url)}
      // A server-drawn image may fail before the page's script runs, its error event unheard.
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0) setFailedUrl(image.url);
      }}
      className={className}
    />
  );
}
