import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config.ts';
import type { Deps, FeaturePlugin } from '../deps.ts';
import { answerNotFound } from '../errors.ts';
import { forbidStoring, guardAdminSession } from './admin-guard.ts';

/**
 * A scope for one signed-in role: its guard before every route, answers never stored, and its own
 * 404, so an unknown address without a session is a 401 like a known one.
 */
export function signedInScope(
  guard: onRequestAsyncHookHandler,
  plugins: readonly FeaturePlugin[],
  deps: Deps,
): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onSend', forbidStoring);
    scope.addHook('onRequest', guard);
    for (const plugin of plugins) await scope.register(plugin, { deps });
    scope.setNotFoundHandler(answerNotFound);
    // The file server's root wildcard would take an unknown GET before this scope's 404.
    scope.get('/*', { schema: { hide: true } }, answerNotFound);
  };
}

/** The API's description (/docs) lists every admin route: an admin's alone in production. */
export function apiDocsScope(config: Config, deps: Deps): FastifyPluginAsync {
  return async (docs) => {
    if (config.nodeEnv === 'production') {
      docs.addHook('onSend', forbidStoring);
      docs.addHook('onRequest', guardAdminSession(deps));
    }
    await docs.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  };
}
