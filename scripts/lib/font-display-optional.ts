import type { Plugin } from 'vite';

/**
 * Makes every web font of the build `font-display: optional` (the @fontsource packages say
 * `swap`). With swap, text first drawn in the fallback font is drawn again when the web font
 * arrives, and a page of text (about, privacy, terms) moves under the reader: Lighthouse measured
 * a layout shift of 0.12 on /about. With optional, a font that is not there within the first
 * 100 ms is not used for that page view, so text never moves; the server preloads the site's
 * font (plugins/client.ts), so it is usually there in time, and cached for the next page.
 *
 * It also leaves the rupee sign (U+20B9) out of every web font's unicode-range. Only the
 * Latin Extended files draw it, and every fee on the site has one: a phone then downloaded 86 KB
 * of Inter's Latin Extended letters, beside the page and its hero picture, for that one sign.
 * The sign is drawn by the fallback font instead (every phone's system font has it); a name
 * with Latin Extended letters still loads that file.
 */
export function fontDisplayOptional(): Plugin {
  return {
    name: 'font-display-optional',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        file.source = optionalFontFaces(String(file.source));
      }
    },
  };
}

const RUPEE = 0x20b9;

/** The stylesheet with `font-display: optional` and no ₹ in any unicode-range. */
export function optionalFontFaces(css: string): string {
  return css
    .replace(/font-display:\s*swap/g, 'font-display:optional')
    .replace(/unicode-range:([^;}]*)/g, (_all, ranges: string) => {
      const kept = ranges.split(',').flatMap((range) => withoutCodePoint(range.trim(), RUPEE));
      // An empty range would make the face apply to every character: keep such a face as it was.
      return kept.length > 0 ? `unicode-range:${kept.join(',')}` : `unicode-range:${ranges}`;
    });
}

/** A unicode-range term (`U+20AD-20C0`, `U+20B9`, `U+1F??`) without `codePoint`, in 0 to 2 terms. */
function withoutCodePoint(term: string, codePoint: number): string[] {
  const match = /^U\+([0-9A-F]+)(?:-([0-9A-F]+))?$/i.exec(term);
  if (!match?.[1]) return [term];
  const start = Number.parseInt(match[1], 16);
  const end = match[2] ? Number.parseInt(match[2], 16) : start;
  if (codePoint < start || codePoint > end) return [term];
  const hex = (value: number) => value.toString(16).toUpperCase();
  const span = (from: number, to: number) =>
    from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`;
  return [
    ...(start < codePoint ? [span(start, codePoint - 1)] : []),
    ...(codePoint < end ? [span(codePoint + 1, end)] : []),
  ];
}
