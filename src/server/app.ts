import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type onRequestAsyncHookHandler,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { buildDeps, type Deps, type FeaturePlugin } from './deps.ts';
import { type Database, openDatabase } from './db/database.ts';
import {
  answerClientError,
  answerNotFound,
  envelope,
  installErrorHandling,
  UNEXPECTED_ERROR_MESSAGE,
} from './errors.ts';
import { publicMediaRoutes } from './features/media/public-media.routes.ts';
import { createUnclaimedFilesSweeper } from './features/media/unclaimed-files.service.ts';
import type { OutboxWorkerOptions } from './features/mail/outbox-worker.ts';
import type { ImageJobsOptions } from './features/media/image-jobs.service.ts';
import { describePage, pageVariant, sharedPagePaths } from './features/pages/page-data.ts';
import { razorpayWebhookRoutes } from './features/payments/razorpay-webhook.routes.ts';
import { createReconciliationJob } from './features/payments/reconciliation.ts';
import { ADMIN_API, JURY_API, PUBLIC_API } from './feature-routes.ts';
import { runWhileAppRuns } from './jobs/periodic-job.ts';
import { registerClient } from './plugins/client.ts';
import { loadAppRenderer, readPageTemplate } from './plugins/page-template.ts';
import {
  forbidStoring,
  guardAdminSession,
  guardJurySession,
  refuseCrossSite,
} from './plugins/admin-guard.ts';
import { pageSecurityPolicy, registerSecurity, securityHeaders } from './plugins/security.ts';

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
 * A scope for one signed-in role: its guard before every route, answers never stored, and its own
 * 404, so an unknown address without a session is a 401 like a known one.
 */
function signedInScope(
  guard: onRequestAsyncHookHandler,
  features: FeaturePlugin[],
  deps: Deps,
): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onSend', forbidStoring);
    scope.addHook('onRequest', guard);
    for (const feature of features) await scope.register(feature, { deps });
    scope.setNotFoundHandler(answerNotFound);
    // The file server's root wildcard would take an unknown GET before this scope's 404.
    scope.get('/*', { schema: { hide: true } }, answerNotFound);
  };
}

/** What a log line says about a request: method and path only, no query string, address or headers. */
function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: request.url.split('?')[0] };
}

/** For the router's own refusals, which no hook sees. */
const ERROR_HEADERS = securityHeaders();

/**
 * Builds the whole application without listening: main.ts listens, tests call `app.inject()`.
 * Opens the database named by the configuration (the caller runs migrations: see initializeSite).
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

  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      // Belt and braces: nothing that identifies a session or a person reaches the logs.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request without Host is refused by plugins/security.ts, with the envelope, not by Node.
    http: { requireHostHeader: false },
    // Idle keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    // Node's refusals of a malformed request carry the API's envelope too.
    clientErrorHandler: answerClientError,
    // The router refuses a path that is not valid percent-encoding ('/api/competitions/%') before
    // any handler runs; such a path names nothing here, so it gets the API's 404 envelope rather
    // than Fastify's own error shape.
    frameworkErrors: (error, request, reply) => {
      // Answered before any hook runs: the security headers are set here instead.
      (reply as FastifyReply).headers({ ...ERROR_HEADERS, 'cache-control': 'no-store' });
      const badAddress =
        error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // A person following a broken link to a page goes home, as the app does with any unknown
      // page; an API caller gets the envelope.
      if (badAddress && request.method === 'GET' && !request.url.startsWith('/api/')) {
        (reply as FastifyReply).redirect('/', 302);
        return;
      }
      (reply as FastifyReply)
        .status(badAddress ? 404 : 500)
        .send(
          badAddress
            ? envelope('NOT_FOUND', 'No such resource: the address is not valid.')
            : envelope('INTERNAL_ERROR', UNEXPECTED_ERROR_MESSAGE),
        );
    },
  });
  const deps = await buildDeps(config, {
    database,
    log: app.log,
    clock: options.clock ?? systemClock,
    ...(options.outbox ? { outbox: options.outbox } : {}),
    ...(options.imageJobs ? { imageJobs: options.imageJobs } : {}),
  });
  app.decorate('deps', deps);
  app.addHook('onReady', async () => {
    deps.outbox.start();
    deps.imageJobs.start();
  });
  // Before the database closes (onClose): the message being sent and the picture being made are
  // recorded first.
  app.addHook('preClose', async () => {
    await Promise.all([deps.outbox.stop(), deps.imageJobs.stop()]);
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
  // Before every scope: the guards' refusals are answered from hooks and carry the headers too.
  await registerSecurity(app, {
    styleHashes: page?.styleHashes ?? [],
    razorpayCheckout: config.payments.provider === 'razorpay',
  });
  app.decorateRequest('admin', null);
  app.decorateRequest('juror', null);

  await app.register(swagger, {
    openapi: {
      info: { title: 'White Stroke API', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });

  // Each scope's hooks guard every route in it, and its own 404 (an unknown /api/admin address
  // without a session is a 401, like a known one): nothing is guarded by matching URL strings.
  await app.register(
    async (api) => {
      api.addHook('onRequest', refuseCrossSite);
      for (const feature of PUBLIC_API) await api.register(feature, { deps });
      await api.register(signedInScope(guardAdminSession(deps), ADMIN_API, deps), {
        prefix: '/admin',
      });
      await api.register(signedInScope(guardJurySession(deps), JURY_API, deps), {
        prefix: '/jury',
      });
      // The API's description lists every admin route: an admin's alone in production.
      await api.register(async (docs) => {
        if (config.nodeEnv === 'production') {
          docs.addHook('onSend', forbidStoring);
          docs.addHook('onRequest', guardAdminSession(deps));
        }
        await docs.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
      });
      api.setNotFoundHandler(answerNotFound);
    },
    { prefix: '/api' },
  );

  runWhileAppRuns(app, createReconciliationJob(deps));
  // Its own scope at the root, outside /api's CSRF check: Razorpay signs what it sends instead.
  if (config.payments.provider === 'razorpay') await app.register(razorpayWebhookRoutes, { deps });
  runWhileAppRuns(app, createUnclaimedFilesSweeper(deps));

  // Outside /api: public files are fetched by pages, never sent to.
  await app.register(publicMediaRoutes, { deps });

  await registerClient(app, {
    clientDir: config.clientDir,
    page,
    loadSettings: () => deps.settings.getPublicSettings(),
    pageVariant: (pathname, query) => pageVariant(deps, pathname, query),
    describePage: (pathname, settings, variant) => describePage(deps, pathname, settings, variant),
    cache: deps.contentCache,
    renderApp: page ? await loadAppRenderer(config.clientDir) : undefined,
    securityPolicy: (pathname, styleHashes) =>
      pageSecurityPolicy(
        pathname,
        {
          styleHashes: [...(page?.styleHashes ?? []), ...styleHashes],
          scriptHashes: page?.scriptHashes ?? [],
        },
        {
          razorpayCheckout: config.payments.provider === 'razorpay',
        },
      ),
    now: () => deps.clock.now(),
    publicUrl: config.publicUrl,
    sharedPages: () => sharedPagePaths(deps),
  });
  return app;
}
