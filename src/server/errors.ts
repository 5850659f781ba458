import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '../shared/schemas/error.ts';

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

/** Fastify's own client errors, with messages that say what to fix. */
const FASTIFY_CLIENT_ERRORS: Record<string, [string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID_JSON', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['INVALID_JSON', 'The request body is empty; JSON was expected.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['BAD_REQUEST', 'The Content-Length header is wrong.'],
};

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value && typeof value === 'object') return Object.values(value).some(holdsNul);
  return false;
}

/**
 * PostgreSQL text cannot hold the NUL character and refuses the whole query: a NUL anywhere in a
 * request's path parameters, query string or body is refused here, before any handler reads it,
 * the same on both engines. No id, search or text of this site ever holds one.
 */
function refuseNulCharacters(app: FastifyInstance): void {
  const check = async (request: FastifyRequest) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new AppError(400, 'BAD_REQUEST', 'The request contains a NUL character.');
    }
  };
  app.addHook('onRoute', (route) => {
    route.preValidation = [route.preValidation ?? [], check].flat();
  });
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
          : ['BAD_REQUEST', error.message]);
      return reply.status(status).send(envelope(code, message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope('INTERNAL_ERROR', UNEXPECTED_ERROR_MESSAGE));
  });
}
