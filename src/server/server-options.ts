import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { answerClientError, envelope, UNEXPECTED_ERROR_MESSAGE } from './errors.ts';
import { securityHeaders } from './plugins/security.ts';

/** What a log line says about a request: method and path only, no query string, address or headers. */
function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: request.url.split('?')[0] };
}

/** For the router's own refusals, which no hook sees. */
const ERROR_HEADERS = securityHeaders();

/** Fastify's own settings for the app: its logs, limits, and the refusals no hook sees. */
export function serverOptions(
  config: Config,
  logStream: { write(line: string): void } | undefined,
): FastifyHttpOptions<Server> {
  return {
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      // Belt and braces: nothing that identifies a session or a person reaches the logs.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...(logStream ? { stream: logStream } : {}),
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
  };
}
