/**
 * `sizes` attributes of the public images, shared because the server's preload hint must name
 * exactly what the page's <img> will pick, or the browser downloads the picture twice.
 */
export const IMAGE_SIZES = {
  hero: '100vw',
  detail: '(min-width: 1024px) 1024px, 100vw',
  card: '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw',
  prize: '(min-width: 1024px) 320px, 100vw',
} as const;
