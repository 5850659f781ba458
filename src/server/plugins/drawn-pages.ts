import type { FastifyBaseLogger } from 'fastify';
import { isServerRenderedPath } from '../../shared/page-paths.ts';
import type { PublicSettings } from '../../shared/schemas/settings.ts';
import { themeStyleSheet } from '../../shared/theme-css.ts';
import type { PageDescription } from '../features/pages/page-data.ts';
import { type CachedJson, cacheText, type ContentCache } from '../http/cached-json.ts';
import { cspHash, initialDataJson, type RenderApp, renderPage } from './page-template.ts';

/** A page ready to send: its HTML with compressed copies, and its own security policy. */
export interface DrawnPage {
  status: number;
  body: CachedJson;
  securityPolicy: string;
  /** Where a redirect sends the visitor, with `status`. */
  location?: string;
}

export interface PageDrawerOptions {
  /** The built page, from readPageTemplate(). */
  template: string;
  /** The same for a page the server draws: its script starts after the first paint. */
  drawnTemplate: string;
  loadSettings: () => Promise<PublicSettings>;
  /**
   * The part of the query string that changes the page ('' when none does), or undefined when
   * the page is drawn for this request alone (a search). A page is drawn and cached once per
   * path and variant, so a variant must name something that exists: never a value a visitor can
   * make up by the million. Without it, any query is drawn per request.
   */
  pageVariant?:
    ((pathname: string, query: URLSearchParams) => Promise<string | undefined>) | undefined;
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
  /**
   * The site's own address (PUBLIC_URL), for the page's shared-link addresses: never the
   * request's Host header, so one drawn page serves every visitor.
   */
  publicUrl: string;
  /** The pages every visitor shares (home, each competition, the texts): drawn ahead of need. */
  sharedPages?: (() => Promise<string[]>) | undefined;
  log: FastifyBaseLogger;
}

/** A shared page is drawn once per change: compressed well, and still fast (see cacheText). */
const PAGE_BROTLI_QUALITY = 6;
/**
 * A page drawn for one request is compressed once and sent once: quality 4 takes about two
 * thirds of 6's time (1.3 against 2.0 ms for the 100 KB home page) for 7% more bytes.
 */
const PER_REQUEST_BROTLI_QUALITY = 4;

/** Changes come in bursts (a form saves several rows): draw once the burst is over. */
const DRAW_AHEAD_AFTER_MS = 200;

/** An absolute address on the site for a shared link. */
function absoluteUrl(url: string, origin: string): string | undefined {
  try {
    return new URL(url, origin).href;
  } catch {
    return undefined;
  }
}

/**
 * Draws pages on the server (docs/decisions/018-server-rendering.md). Shared pages are drawn when
 * public content changes, with their brotli and gzip copies, and kept in the content cache until
 * the next change, so a visit costs what a static file does; so are the variants a query names
 * (a category filter); a page whose query names no variant (a search) is drawn for its request
 * alone.
 */
export function createPageDrawer(options: PageDrawerOptions) {
  const { template } = options;

  async function draw(
    pathname: string,
    variant: string,
    url: string,
    log: FastifyBaseLogger,
    brotliQuality = PAGE_BROTLI_QUALITY,
  ) {
    const render =
      options.renderApp && isServerRenderedPath(pathname) ? options.renderApp : undefined;
    const settings = await options.loadSettings();
    const description = await options.describePage(pathname, settings, variant);
    if (description.redirect !== undefined) {
      return {
        status: description.status,
        location: description.redirect,
        body: cacheText('', 'text/plain; charset=utf-8'),
        securityPolicy: options.securityPolicy(pathname, []),
      };
    }
    const initialData = initialDataJson(settings, description.api, options.now());
    const appHtml = render
      ? await render(url, JSON.parse(initialData), (error) =>
          log.error({ err: error, url }, 'The server could not draw the page'),
        )
      : '';
    const html = renderPage(
      render ? options.drawnTemplate : template,
      {
        title: description.title ? `${description.title} | ${settings.title}` : settings.title,
        description: description.description ?? settings.description,
        image: description.image
          ? absoluteUrl(description.image.url, options.publicUrl)
          : undefined,
        url: absoluteUrl(pathname, options.publicUrl),
        robots: description.robots,
        preload: description.preload,
        ogType: description.ogType,
        jsonLd: description.jsonLd?.((path) => absoluteUrl(path, options.publicUrl) ?? path),
      },
      settings,
      initialData,
      appHtml,
    );
    return {
      status: description.status,
      body: cacheText(html, 'text/html; charset=utf-8', brotliQuality),
      securityPolicy: options.securityPolicy(pathname, [cspHash(themeStyleSheet(settings.theme))]),
    };
  }

  /** The page at `pathname?search`, from the cache when every visitor gets the same one. */
  async function page(
    pathname: string,
    search: string,
    log: FastifyBaseLogger,
  ): Promise<DrawnPage> {
    const variant = options.pageVariant
      ? await options.pageVariant(pathname, new URLSearchParams(search))
      : search === ''
        ? ''
        : undefined;
    if (variant === undefined) {
      return draw(pathname, '', `${pathname}?${search}`, log, PER_REQUEST_BROTLI_QUALITY);
    }
    return options.cache.get(`html:${pathname}${variant}`, () =>
      draw(pathname, variant, `${pathname}${variant}`, log),
    );
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function drawAhead(): Promise<void> {
    // Without the server's build a page is a template filled in, too cheap to draw ahead.
    if (!options.renderApp) return;
    const paths = (await options.sharedPages?.()) ?? [];
    for (const pathname of paths) {
      const drawn = await page(pathname, '', options.log);
      drawn.body.compressed('br');
      drawn.body.compressed('gzip');
    }
  }

  /** Draws ahead after any drawing in progress; a failure is logged and the next one tries. */
  function queueDrawAhead(): Promise<void> {
    running = running
      .then(drawAhead)
      .catch((error: unknown) =>
        options.log.warn({ err: error }, 'Drawing the shared pages ahead failed'),
      );
    return running;
  }

  const unsubscribe = options.renderApp
    ? options.cache.onInvalidate(() => {
        if (timer) return;
        timer = setTimeout(() => {
          timer = undefined;
          void queueDrawAhead();
        }, DRAW_AHEAD_AFTER_MS);
      })
    : () => {};

  return {
    page,
    /** Draws the shared pages now (at start; after each change this happens by itself). */
    drawAhead: queueDrawAhead,
    /** Stops drawing ahead and waits for a drawing in progress. */
    async close(): Promise<void> {
      unsubscribe();
      clearTimeout(timer);
      await running;
    },
  };
}
