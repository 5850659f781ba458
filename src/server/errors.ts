import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { UNAVAILABLE_MESSAGE } from '../shared/messages.ts';
import type { ErrorEnvelope } from '../shared/schemas/error.ts';
import { isDatabaseUnavailable } from './db/database.ts';
import { StorageUnavailableError } from './http/unreachable.ts';

/** When a client may try again after the database or the storage was unavailable (seconds). */
const UNAVAILABLE_RETRY_AFTER_S = 5;

/** The one error type of the API: a stable code, an HTTP status, a message a person can read. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** Response headers the error calls for, such as Retry-After on a 429. */
  headers: Record<string, string> = {};

  constructor(statusCode: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }
}

/** No live session, or its account was removed a moment ago. */
export function signInRequired(): AppError {
  return new AppError(401, 'UNAUTHENTICATED', 'Please sign in.');
}

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

/** Seed §8: 'Permission denied'. */
export const PERMISSION_MESSAGE = 'You do not have permission to perform this action.';

/** The message of a 400 whose `fields` say what is wrong with each field. */
export const FIELDS_INVALID_MESSAGE = 'Some fields are not valid.';

/** A 404 for a record that does not exist (or no longer does), in the feature's own words. */
export function notFound(message: string): AppError {
  return new AppError(404, 'NOT_FOUND', message);
}

/** A 400 with a message for each field that is wrong, as a schema failure answers. */
export function invalidFields(fields: Record<string, string>): AppError {
  return new AppError(400, 'VALIDATION_ERROR', FIELDS_INVALID_MESSAGE, fields);
}

/** A 400 about one field whose message is also the error's (the form shows either). */
export function invalidField(field: string, message: string): AppError {
  return new AppError(400, 'VALIDATION_ERROR', message, { [field]: message });
}

export function envelope(
  code: string,
  message: string,
  fields?: Record<string, string>,
): ErrorEnvelope {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** 404 NOT_FOUND for an address no route answers, naming the method and path (no query). */
export function answerNotFound(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/';
  return reply
    .status(404)
    .send(envelope('NOT_FOUND', `No such resource: ${request.method} ${pathname}`));
}

/** Fastify's own client errors, with messages that say what to fix. */
const FASTIFY_CLIENT_ERRORS: Record<string, [string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID_JSON', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['INVALID_JSON', 'The request body is empty; JSON was expected.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['BAD_REQUEST', 'The Content-Length header is wrong.'],
};

/** The code of another 4xx by its status (the file server's 412 and 416, say): never mislabelled. */
const CLIENT_ERROR_CODES: Record<number, string> = {
  401: 'UNAUTHENTICATED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
};

/** Deeper than any payload of this site (a form's field values are 3 levels down). */
export const REQUEST_DEPTH_MAX = 32;

/**
 * Refuses a NUL in any string of a parsed request value, or nesting deeper than
 * REQUEST_DEPTH_MAX. Walked with a stack, not recursion: `[` × 100,000 is valid JSON that a
 * recursive walk (and every schema after it) would overflow the call stack on.
 */
export function refuseUnsafeValue(value: unknown): void {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) {
        throw new AppError(400, 'BAD_REQUEST', 'The request contains a NUL character.');
      }
    } else if (item && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      // (A raw body's bytes, the webhook's, are its route's to read.)
      if (depth >= REQUEST_DEPTH_MAX) {
        throw new AppError(400, 'BAD_REQUEST', 'The request is nested too deeply.');
      }
      for (const child of Object.values(item)) pending.push([child, depth + 1]);
    }
  }
}

/**
 * PostgreSQL text cannot hold the NUL character and refuses the whole query: a NUL anywhere in a
 * request's path parameters, query string or body is refused here, before any handler reads it,
 * the same on both engines. No id, search or text of this site ever holds one.
 */
function refuseNulCharacters(app: FastifyInstance): void {
  const check = async (request: FastifyRequest) => {
    for (const part of [request.params, request.query, request.body]) refuseUnsafeValue(part);
  };
  app.addHook('onRoute', (route) => {
    route.preValidation = [route.preValidation ?? [], check].flat();
  });
}

/** Node's own refusals, made before any request exists: status, code and message. */
function clientErrorOf(error: ConnectionError): [number, string, string] {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return [431, 'HEADERS_TOO_LARGE', 'The request headers are too large.'];
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.'];
  }
  return [400, 'BAD_REQUEST', 'The request is not valid HTTP.'];
}

/**
 * Fastify's `clientErrorHandler`: a bad request line, bad chunking or headers over Node's limit
 * are answered on the socket with the envelope (Fastify's default writes a JSON of its own
 * shape), then the connection is closed, as Node does.
 */
export function answerClientError(
  this: FastifyInstance,
  error: ConnectionError,
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = clientErrorOf(error);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(envelope(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * Installs the error handler: every failure leaves as `{ error: { code, message, fields? } }`;
 * a 5xx never reveals internals. (The JSON 404 for unknown `/api/*` is the not-found handler in
 * plugins/client.ts, which also serves the page for client routes.)
 */
export function installErrorHandling(app: FastifyInstance): void {
  refuseNulCharacters(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .headers(error.headers)
        .status(error.statusCode)
        .send(envelope(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        // instancePath is like "/title" or "/theme/primaryColor"; empty for the whole payload.
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          error.validationContext ||
          'body';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      return reply.status(400).send(envelope('VALIDATION_ERROR', FIELDS_INVALID_MESSAGE, fields));
    }
    // Fastify's 'SyntaxError' for a broken JSON body carries the status but a different code.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
      const [code, message] =
        known ??
        (error instanceof SyntaxError
          ? ['INVALID_JSON', 'The request body is not valid JSON.']
          : status === 403
            ? // The file server's refusal of a path such as '/..%5cx': seed §8's permission error.
              ['PERMISSION_ERROR', PERMISSION_MESSAGE]
            : [CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST', error.message]);
      return reply.status(status).send(envelope(code, message));
    }
    // The storage or the database is down, restarting, or its disk will not take a write: the
    // request changed nothing that stays, and may be tried again shortly.
    const unavailable =
      error instanceof StorageUnavailableError
        ? 'STORAGE_UNAVAILABLE'
        : isDatabaseUnavailable(error)
          ? 'DATABASE_UNAVAILABLE'
          : undefined;
    if (unavailable) {
      request.log.error({ err: error }, `request failed: ${unavailable}`);
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
        .send(envelope(unavailable, UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope('INTERNAL_ERROR', UNEXPECTED_ERROR_MESSAGE));
  });
}
