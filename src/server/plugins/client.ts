import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicSettings } from '../../shared/schemas/settings.ts';
import { envelope } from '../errors.ts';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const HEAD_MARKER = '<!--app-head-->';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** JSON that is safe inside a <script> element: no '<' can close it early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export interface PageHead {
  title: string;
  description: string;
  image?: string;
}

/** Fills the page template's head with the page's title and meta tags and the first-screen data. */
export function renderPage(
  template: string,
  head: PageHead,
  settings: PublicSettings,
  initialData: Record<string, unknown>,
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
    `<meta name="theme-color" content="${escapeHtml(settings.theme.primaryColor)}">`,
  ];
  if (head.image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(head.image)}">`);
  }
  tags.push(
    `<script type="application/json" id="initial-data">${jsonForScript({ settings, ...initialData })}</script>`,
  );
  const html = template.replace(/<title>[^<]*<\/title>/, '').replace(HEAD_MARKER, tags.join(''));
  return settings.theme.darkMode ? html.replace('<html ', '<html class="dark" ') : html;
}

/**
 * Serves the built browser app: hashed assets with immutable caching (pre-compressed copies when
 * the build made them), and the page itself, with settings filled in, for every client route.
 */
export async function registerClient(
  app: FastifyInstance,
  options: { clientDir: string; loadSettings: () => Promise<PublicSettings> },
): Promise<void> {
  const indexFile = path.join(options.clientDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (!template) {
    app.log.warn(`No browser build in ${options.clientDir}: run npm run build`);
  } else {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      prefix: '/',
      index: false,
      preCompressed: true,
      cacheControl: false,
      // The page is always rendered with settings; never served raw.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply, filePath) => {
        const inAssets = filePath.startsWith(path.join(options.clientDir, 'assets') + path.sep);
        reply.header('cache-control', inAssets ? IMMUTABLE_CACHE : 'public, max-age=3600');
      },
    });
  }

  async function sendPage(reply: FastifyReply): Promise<FastifyReply> {
    if (!template) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The browser app has not been built yet: run npm run build.');
    }
    const settings = await options.loadSettings();
    const html = renderPage(
      template,
      { title: settings.title, description: settings.description },
      settings,
      {},
    );
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      // A missing file (an old hashed asset, say) is a 404, not the page.
      !pathname.startsWith('/assets/') &&
      !pathname.startsWith('/media/');
    if (isPage) return sendPage(reply);
    return reply
      .status(404)
      .send(envelope('NOT_FOUND', `No such resource: ${request.method} ${pathname}`));
  });
}
