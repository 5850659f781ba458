import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isServerRenderedPath, pageRoutePatterns } from '../../shared/page-paths.ts';
import type { ResponsiveImage } from '../../shared/schemas/image.ts';
import type { PublicSettings } from '../../shared/schemas/settings.ts';
import type { FontFamily } from '../../shared/site-defaults.ts';
import { themeStyleSheet } from '../../shared/theme-css.ts';
import type { PageDescription } from '../features/pages/page-data.ts';
import {
  type CachedJson,
  cacheText,
  type ContentCache,
  sendCachedJson,
} from '../http/cached-json.ts';
import { answerNotFound } from '../errors.ts';
import { escapeHtml } from '../http/escape-html.ts';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
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

/** An absolute address for a shared link's picture; none when the Host header makes no URL. */
function absoluteUrl(url: string, origin: string): string | undefined {
  try {
    return new URL(url, origin).href;
  } catch {
    return undefined;
  }
}

/**
 * The built index.html with its stylesheets inlined: the first paint then waits for one response,
 * not two (the page is drawn by script, so CSS in a separate file only delays it). Returns the
 * CSP hashes that allow exactly those <style> blocks.
 */
export function readPageTemplate(
  clientDir: string,
): { template: string; styleHashes: string[] } | undefined {
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
  return { template, styleHashes };
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
    `<meta property="og:type" content="website">`,
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

/**
 * Serves the built browser app: hashed assets with immutable caching (pre-compressed copies when
 * the build made them), and the page itself, with settings filled in, for every client route.
 */
export async function registerClient(
  app: FastifyInstance,
  options: {
    clientDir: string;
    /** The built page, from readPageTemplate(); undefined when there is no build. */
    template: string | undefined;
    loadSettings: () => Promise<PublicSettings>;
    /**
     * The part of the query string that changes a page's first data ('' when none does). A page
     * is rendered and cached once per path and variant, so a variant must name something that
     * exists: never a value a visitor can make up by the million.
     */
    pageVariant?: (pathname: string, query: URLSearchParams) => Promise<string>;
    describePage: (
      pathname: string,
      settings: PublicSettings,
      variant: string,
    ) => Promise<PageDescription>;
    cache: ContentCache;
    /** The app built for the server; without it every page is drawn by script. */
    renderApp?: RenderApp | undefined;
    /** The page's Content-Security-Policy, allowing its own inline <style> blocks by hash. */
    securityPolicy: (pathname: string, styleHashes: string[]) => string;
    now: () => Date;
  },
): Promise<void> {
  const template = options.template;
  if (!template) {
    app.log.warn(`No browser build in ${options.clientDir}: run npm run build`);
  } else {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      prefix: '/',
      index: false,
      preCompressed: true,
      cacheControl: false,
      // The page is always rendered with settings, never served raw; the server's build of the
      // app (.ssr) is not a file for browsers.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.'),
      setHeaders: (reply, filePath) => {
        const inAssets = filePath.startsWith(path.join(options.clientDir, 'assets') + path.sep);
        reply.header('cache-control', inAssets ? IMMUTABLE_CACHE : 'public, max-age=3600');
      },
    });
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (!template) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The browser app has not been built yet: run npm run build.');
    }
    const [pathname = '/', search = ''] = request.url.split('?');
    const origin = `${request.protocol}://${request.host}`;
    const variant = (await options.pageVariant?.(pathname, new URLSearchParams(search))) ?? '';
    const render =
      options.renderApp && isServerRenderedPath(pathname) ? options.renderApp : undefined;
    // A drawn page shows what its query asks for (a filtered list): one the variant does not name
    // is drawn for this request alone, never cached under a key a visitor can vary at will.
    const perRequest = render !== undefined && search !== '' && variant === '';
    const renderNow = async () => {
      const settings = await options.loadSettings();
      const description = await options.describePage(pathname, settings, variant);
      const initialData = initialDataJson(settings, description.api, options.now());
      const url = perRequest ? `${pathname}?${search}` : `${pathname}${variant}`;
      const appHtml = render
        ? await render(url, JSON.parse(initialData), (error) =>
            request.log.error({ err: error, url }, 'The server could not draw the page'),
          )
        : '';
      const html = renderPage(
        template,
        {
          title: description.title ? `${description.title} | ${settings.title}` : settings.title,
          description: description.description ?? settings.description,
          image: description.image ? absoluteUrl(description.image.url, origin) : undefined,
          url: absoluteUrl(pathname, origin),
          robots: description.robots,
          preload: description.preload,
        },
        settings,
        initialData,
        appHtml,
      );
      return {
        status: description.status,
        body: cacheText(html, 'text/html; charset=utf-8'),
        securityPolicy: options.securityPolicy(pathname, [
          cspHash(themeStyleSheet(settings.theme)),
        ]),
      };
    };
    // Rendered once per address until content or settings change (the cache is emptied then).
    const page = perRequest
      ? await renderNow()
      : await options.cache.get(`html:${origin}${pathname}${variant}`, renderNow);
    reply.header('content-security-policy', page.securityPolicy);
    return sendCachedJson(request, reply, page.body, page.status);
  }

  // The app's own routes (seed §2) are answered directly; other paths reach the page through the
  // not-found handler after the file server has looked for a file of that name.
  for (const route of pageRoutePatterns()) {
    app.get(route, { schema: { hide: true } }, (request, reply) => sendPage(request, reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      // A missing file (an old hashed asset, say) is a 404, not the page.
      !pathname.startsWith('/assets/') &&
      !pathname.startsWith('/media/') &&
      // Where '/media/../private/x' lands once a proxy or client resolves the dots: never a page.
      !pathname.startsWith('/private/');
    if (isPage) return sendPage(request, reply);
    return answerNotFound(request, reply);
  });
}
