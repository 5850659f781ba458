import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResponsiveImage } from '../../shared/schemas/image.ts';
import type { PublicSettings } from '../../shared/schemas/settings.ts';
import type { FontFamily } from '../../shared/site-defaults.ts';
import { themeStyleSheet } from '../../shared/theme-css.ts';
import type { CachedJson } from '../http/cached-json.ts';
import { escapeHtml } from '../http/escape-html.ts';

/*
 * The page as the build wrote it (index.html), and how one page is filled in: its head, its first
 * data and what the server drew of it.
 */

const HEAD_MARKER = '<!--app-head-->';
const ROOT_ELEMENT = '<div id="root"></div>';

/** The server build of the app's `renderApp` (src/client/entry-server.tsx). */
export type RenderApp = (
  url: string,
  initial: unknown,
  onError: (error: unknown) => void,
) => Promise<string>;

/** The CSP hash source of an inline block's exact text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The app built for the server (scripts/build.ts writes it into the client folder's `.ssr`, so a
 * CLIENT_DIR always holds a matching pair); undefined without one: pages are then drawn by script.
 */
export async function loadAppRenderer(clientDir: string): Promise<RenderApp | undefined> {
  const file = path.join(clientDir, '.ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderApp?: RenderApp };
  return module.renderApp;
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the picture a shared link shows. */
  image?: string | undefined;
  /** The page's own absolute address, for a shared link (og:url). */
  url?: string | undefined;
  /** e.g. 'noindex': a page search engines should leave out. */
  robots?: string | undefined;
  preload?: { image: ResponsiveImage; sizes: string } | undefined;
  /** Open Graph's type; 'website' when not given. */
  ogType?: string | undefined;
  /** schema.org data, each written as a JSON-LD script (data, never run). */
  jsonLd?: readonly object[] | undefined;
}

/**
 * The first-screen data as one JSON text. Cached API answers are spliced in as they are, already
 * serialized; '<' is escaped so nothing inside can close the script element early.
 */
export function initialDataJson(
  settings: PublicSettings,
  api: Record<string, CachedJson | object>,
  renderedAt?: Date,
): string {
  const entries = Object.entries(api).map(
    ([key, value]) =>
      `${JSON.stringify(key)}:${isCachedJson(value) ? value.json : JSON.stringify(value)}`,
  );
  const at = renderedAt ? `,"renderedAt":${renderedAt.getTime()}` : '';
  return `{"settings":${JSON.stringify(settings)},"api":{${entries.join(',')}}${at}}`.replace(
    /</g,
    '\\u003c',
  );
}

function isCachedJson(value: CachedJson | object): value is CachedJson {
  return typeof (value as CachedJson).json === 'string' && 'etag' in value;
}

function preloadTag({ image, sizes }: { image: ResponsiveImage; sizes: string }): string {
  const srcset = image.srcset
    ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(sizes)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image.url)}"${srcset} fetchpriority="high">`;
}

/** The file (by its name before the build's hash) holding the Latin letters of each site font. */
const LATIN_FONT_FILES: Record<FontFamily, string> = {
  inter: 'inter-latin-wght-normal',
  playfair: 'playfair-display-latin-wght-normal',
};

/**
 * A preload of the site font's Latin file, as the page's inlined stylesheet names it. The build
 * makes every web font `font-display: optional` (text never moves when a font arrives late:
 * scripts/lib/font-display-optional.ts), so the font must be asked for with the page, not once
 * the script has drawn text, to be there in time.
 */
function fontPreloadTag(template: string, family: FontFamily): string | undefined {
  const file = new RegExp(`/assets/${LATIN_FONT_FILES[family]}-[\\w-]+\\.woff2`).exec(template);
  return file
    ? `<link rel="preload" as="font" type="font/woff2" href="${escapeHtml(file[0])}" crossorigin>`
    : undefined;
}

/**
 * The built index.html with its stylesheets inlined: the first paint then waits for one response,
 * not two (the page is drawn by script, so CSS in a separate file only delays it). Returns the
 * CSP hashes that allow exactly those <style> blocks.
 */
export function readPageTemplate(
  clientDir: string,
):
  | { template: string; drawnTemplate: string; styleHashes: string[]; scriptHashes: string[] }
  | undefined {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const styleHashes: string[] = [];
  const template = readFileSync(indexFile, 'utf8').replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (link, file: string) => {
      const cssFile = path.join(clientDir, file);
      if (!existsSync(cssFile)) return link;
      // '</style' cannot occur in CSS that Vite wrote; guard anyway rather than break the page.
      const css = readFileSync(cssFile, 'utf8');
      if (css.includes('</')) return link;
      styleHashes.push(cspHash(css));
      return `<style>${css}</style>`;
    },
  );
  const drawn = startAfterFirstPaint(template);
  return {
    template,
    drawnTemplate: drawn.template,
    styleHashes,
    scriptHashes: drawn.loader ? [cspHash(drawn.loader)] : [],
  };
}

const MODULE_PRELOAD = /<link rel="modulepreload"(?: crossorigin)? href="(\/assets\/[^"]+\.js)">/g;

/**
 * The template for a page the server drew: its script starts after the page's first paint. A
 * module script already downloaded runs before the browser paints, and hydrating first would
 * hold a drawn page back on a slow phone; so the entry and its imports are fetched by a small
 * inline module (allowed by its hash) once the page has been painted, or at once in a hidden tab.
 */
export function startAfterFirstPaint(template: string): { template: string; loader?: string } {
  const entry =
    /<script type="module"(?: crossorigin)? src="(\/assets\/[^"]+\.js)"><\/script>/.exec(template);
  if (!entry) return { template };
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((link) => link[1]);
  // The browser reports its first paint to a PerformanceObserver (timers would not do: a test's
  // fake clock holds them); the load event stands in where paint timing is missing. It waits for
  // the first *contentful* paint: 'first-paint' (the background) comes first while the text waits
  // out its font's short block period, and scripts fetched then delay the text on a slow phone.
  const loader =
    `const d=document;let s;const go=()=>{if(s)return;s=1;` +
    `for(const h of ${JSON.stringify(preloads)}){` +
    `const l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;` +
    `d.head.append(l)}import(${JSON.stringify(entry[1])})};` +
    `if(d.hidden)go();else{try{new PerformanceObserver(l=>{for(const e of l.getEntries())` +
    `if(e.name==="first-contentful-paint")go()}).observe({type:"paint",buffered:true})}` +
    `catch{}addEventListener("load",go)}`;
  return {
    template: template
      .replace(entry[0], '')
      .replace(MODULE_PRELOAD, '')
      .replace('</body>', () => `<script type="module">${loader}</script></body>`),
    loader,
  };
}

/**
 * Fills the page template: the head with the page's title, meta tags, the site's colours and the
 * first-screen data; the root element with the page the server drew (`appHtml`), if any.
 */
export function renderPage(
  template: string,
  head: PageHead,
  settings: PublicSettings,
  initialData: string,
  appHtml = '',
): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<meta property="og:type" content="${escapeHtml(head.ogType ?? 'website')}">`,
    `<meta property="og:site_name" content="${escapeHtml(settings.title)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="theme-color" content="${escapeHtml(settings.theme.primaryColor)}">`,
  ];
  if (head.url) tags.push(`<meta property="og:url" content="${escapeHtml(head.url)}">`);
  if (head.robots) tags.push(`<meta name="robots" content="${escapeHtml(head.robots)}">`);
  if (head.image) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(head.image)}">`,
      `<meta name="twitter:image" content="${escapeHtml(head.image)}">`,
    );
  }
  const font = fontPreloadTag(template, settings.theme.fontFamily);
  if (font) tags.push(font);
  if (head.preload) tags.push(preloadTag(head.preload));
  for (const data of head.jsonLd ?? []) {
    // '<' escaped: nothing in the data can close the script element early.
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    tags.push(`<script type="application/ld+json">${json}</script>`);
  }
  tags.push(
    `<style>${themeStyleSheet(settings.theme)}</style>`,
    `<script type="application/json" id="initial-data">${initialData}</script>`,
  );
  const html = template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(HEAD_MARKER, () => tags.join(''))
    .replace(ROOT_ELEMENT, () => `<div id="root">${appHtml}</div>`);
  // (A function, so '$&' or "$'" in a title or the data is inserted as it is, not as a pattern.)
  return settings.theme.darkMode ? html.replace('<html ', '<html class="dark" ') : html;
}
