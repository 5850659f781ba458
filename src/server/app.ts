import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { buildDeps, type Deps } from './deps.ts';
import { type Database, openDatabase } from './db/database.ts';
import { answerNotFound, installErrorHandling } from './errors.ts';
import {
  attachmentRenderersOf,
  pageDataOf,
  routesIn,
  type Scope,
  workersOf,
} from './features/feature.ts';
import { FEATURES } from './features/features.ts';
import type { OutboxWorkerOptions } from './features/mail/outbox-worker.ts';
import type { ImageJobsOptions } from './features/media/image-jobs.service.ts';
import { guardAdminSession, guardJurySession, refuseCrossSite } from './plugins/admin-guard.ts';
import { guardArtistSession } from './plugins/artist-guard.ts';
import { registerClient } from './plugins/client.ts';
import { loadAppRenderer, readPageTemplate } from './plugins/page-template.ts';
import { apiDocsScope, signedInScope } from './plugins/scopes.ts';
import { pageSecurityPolicy, registerSecurity } from './plugins/security.ts';
import { serverOptions } from './server-options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What the features were built with, for the scripts and tests that drive the app from outside
     * (initializeSite, a test reading the database). Features get it as their plugin's options.
     */
    deps: Deps;
  }
}

/**
 * Builds the whole application without listening: main.ts listens, tests call `app.inject()`.
 * Opens the database named by the configuration (the caller runs migrations: see initializeSite).
 * Each feature of features.ts adds its routes to the scopes it names, its workers and page data.
 */
export async function buildApp(
  config: Config,
  options: {
    database?: Database;
    /** Where pino's lines go instead of stdout as JSON (readable ones at a terminal). */
    logStream?: { write(line: string): void };
    /** The e-mail outbox worker's settings (tests turn its own rounds off). */
    outbox?: OutboxWorkerOptions;
    /** The picture worker's settings (tests that look at a picture being made turn it off). */
    imageJobs?: ImageJobsOptions;
    /** The server's clock (tests pass a manual one to move time instead of waiting). */
    clock?: Clock;
  } = {},
): Promise<FastifyInstance> {
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));

  const app = Fastify(serverOptions(config, options.logStream));
  const deps = await buildDeps(config, {
    database,
    log: app.log,
    clock: options.clock ?? systemClock,
    outbox: { ...options.outbox, attachments: attachmentRenderersOf(FEATURES) },
    ...(options.imageJobs ? { imageJobs: options.imageJobs } : {}),
  });
  app.decorate('deps', deps);
  const workers = workersOf(FEATURES, deps);
  app.addHook('onReady', async () => {
    for (const worker of workers) worker.start();
  });
  // Before the database closes (onClose): the message being sent and the picture being made are
  // recorded first.
  app.addHook('preClose', async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
  });
  app.addHook('onClose', async () => {
    await deps.changes.close();
    await database.close();
    await deps.storage.close();
    deps.imageWorker.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await app.register(cookie);
  const page = readPageTemplate(config.clientDir);
  const razorpayCheckout = config.payments.provider === 'razorpay';
  // Before every scope: the guards' refusals are answered from hooks and carry the headers too.
  await registerSecurity(app, { styleHashes: page?.styleHashes ?? [], razorpayCheckout });
  app.decorateRequest('admin', null);
  app.decorateRequest('juror', null);
  app.decorateRequest('artist', null);

  await app.register(swagger, {
    openapi: {
      info: { title: 'White Stroke API', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });

  const routes = (scope: Scope) => routesIn(FEATURES, scope, config);
  // Each scope's hooks guard every route in it, and its own 404 (an unknown /api/admin address
  // without a session is a 401, like a known one): nothing is guarded by matching URL strings.
  await app.register(
    async (api) => {
      api.addHook('onRequest', refuseCrossSite);
      for (const plugin of routes('public')) await api.register(plugin, { deps });
      await api.register(signedInScope(guardAdminSession(deps), routes('admin'), deps), {
        prefix: '/admin',
      });
      await api.register(signedInScope(guardJurySession(deps), routes('jury'), deps), {
        prefix: '/jury',
      });
      await api.register(signedInScope(guardArtistSession(deps), routes('artist'), deps), {
        prefix: '/me',
      });
      await api.register(apiDocsScope(config, deps));
      api.setNotFoundHandler(answerNotFound);
    },
    { prefix: '/api' },
  );

  // Each in its own scope at the root, outside /api's CSRF check: the provider signs instead.
  for (const plugin of routes('webhooks')) await app.register(plugin, { deps });
  // Outside /api: public files are fetched by pages, never sent to.
  for (const plugin of routes('root')) await app.register(plugin, { deps });

  await registerClient(app, {
    clientDir: config.clientDir,
    page,
    loadSettings: () => deps.settings.getPublicSettings(),
    ...pageDataOf(FEATURES, deps),
    cache: deps.contentCache,
    renderApp: page ? await loadAppRenderer(config.clientDir) : undefined,
    securityPolicy: (pathname, styleHashes) =>
      pageSecurityPolicy(
        pathname,
        {
          styleHashes: [...(page?.styleHashes ?? []), ...styleHashes],
          scriptHashes: page?.scriptHashes ?? [],
        },
        { razorpayCheckout },
      ),
    now: () => deps.clock.now(),
    publicUrl: config.publicUrl,
  });
  return app;
}
