import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageRoutePatterns } from '../../shared/page-paths.ts';
import { sendCachedJson } from '../http/cached-json.ts';
import { answerNotFound } from '../errors.ts';
import { createPageDrawer, type PageDrawerOptions } from './drawn-pages.ts';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built browser app: hashed assets with immutable caching (pre-compressed copies when
 * the build made them), and the page itself, drawn with settings and content, for every client
 * route.
 */
export async function registerClient(
  app: FastifyInstance,
  options: Omit<PageDrawerOptions, 'template' | 'drawnTemplate' | 'log'> & {
    clientDir: string;
    /** The built page and its drawn pages' form, from readPageTemplate(); none without a build. */
    page: { template: string; drawnTemplate: string } | undefined;
  },
): Promise<void> {
  const page = options.page;
  if (!page) {
    app.log.warn(`No browser build in ${options.clientDir}: run npm run build`);
  } else {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      prefix: '/',
      index: false,
      preCompressed: true,
      cacheControl: false,
      // The page is always drawn with settings, never served raw; the server's build of the
      // app (.ssr) is not a file for browsers.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.'),
      setHeaders: (reply, filePath) => {
        const inAssets = filePath.startsWith(path.join(options.clientDir, 'assets') + path.sep);
        reply.header('cache-control', inAssets ? IMMUTABLE_CACHE : 'public, max-age=3600');
      },
    });
  }
  const drawer = page ? createPageDrawer({ ...options, ...page, log: app.log }) : undefined;
  if (drawer) {
    // The shared pages are ready before the first visitor asks, and again after each change.
    app.addHook('onReady', () => {
      void drawer.drawAhead();
    });
    app.addHook('onClose', () => drawer.close());
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (!drawer) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The browser app has not been built yet: run npm run build.');
    }
    // At the first '?': a search may hold another ('/?q=a?b').
    const mark = request.url.indexOf('?');
    const pathname = mark === -1 ? request.url : request.url.slice(0, mark);
    const search = mark === -1 ? '' : request.url.slice(mark + 1);
    const drawn = await drawer.page(pathname, search, request.log);
    reply.header('content-security-policy', drawn.securityPolicy);
    if (drawn.location !== undefined) return reply.redirect(drawn.location, drawn.status);
    return sendCachedJson(request, reply, drawn.body, drawn.status);
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
