import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import { RegistrationFormSchema } from '../../../shared/schemas/registration-form.ts';
import { RegistrationReceiptSchema } from '../../../shared/schemas/registration.ts';
import {
  ENTRY_EXTENSION_HEADER,
  IDEMPOTENCY_KEY_HEADER,
} from '../../../shared/registration-request.ts';
import type { Deps, FeaturePlugin } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import {
  readData,
  readFiles,
  refuseBody,
  REGISTRATION_BODY_MESSAGES as B,
  REGISTRATION_MULTIPART_LIMITS,
} from './registration-body.ts';
import { countRegistrationAttempt, countReusedKey } from './registration-limit.ts';
import { requireIdempotencyKey } from './registration-refusals.ts';
import { findRegistrationForm, openRegistration, registerEntry } from './registration.service.ts';

/**
 * Public scope (/api): the registration form of a competition, and registering for it. Each file
 * part streams to storage as it arrives (10 MB a file at most), listed as unclaimed until the
 * entry is saved, so memory never holds an upload and a refused one leaves nothing behind.
 */
export const registrationPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/competitions/:id/registration-form',
    {
      schema: {
        summary: "A competition and its registration form's fields",
        description:
          "The competition as `GET /api/competitions/:id` gives it, and the enabled fields of its category's registration form, in the category's order.",
        params: CompetitionIdParamsSchema,
        response: { 200: RegistrationFormSchema, 404: ErrorEnvelopeSchema },
      },
    },
    (request) => findRegistrationForm(deps, request.params.id),
  );

  // In a scope of its own: only multipart bodies are parsed here, and any other type is a 415.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(multipart, { limits: REGISTRATION_MULTIPART_LIMITS });
    registerSubmissionCreate(scope, deps);
  });
};

function registerSubmissionCreate(app: FastifyInstance, deps: Deps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/submissions',
    {
      schema: {
        summary: 'Registers an artist for an open competition',
        description: [
          "A `multipart/form-data` body of, in this order: the text part `data` (JSON of the form's values, without files), the file part `photo`, and one file part per image field of the form: `fieldValues.<fieldId>` for a field asked once per entry, `works.<n>.<fieldId>` for a field of the work `works[n]`.",
          "`data.fieldValues` holds the answers asked once per entry and `data.works` (`[{ fieldValues }]`, as many as the competition's `minWorks` to `maxWorks`) each work's. Without `works`, every answer is in `fieldValues` and every picture is `fieldValues.<fieldId>`: the entry's one work.",
          'Headers: `Idempotency-Key` (required; 8-100 of `[A-Za-z0-9_-]`, the same for every retry of one registration) and the CSRF header.',
          'The server sets the age category, entry type, fee, status and payment status itself. A repeat with the same key and body answers the first 201 again with `idempotent-replayed: true`; the same key with another body is a 409.',
          'At most 10 attempts per address in 10 minutes (429 with Retry-After), retries with one key included until its registration is saved.',
          'The pictures are made after the answer (decision 020), so a busy image queue never refuses a registration. 503 with Retry-After only while the database or the file storage cannot be reached: nothing is kept, and the same registration sent again with the same key is saved once.',
        ].join('\n\n'),
        consumes: ['multipart/form-data'],
        response: {
          201: RegistrationReceiptSchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          413: ErrorEnvelopeSchema,
          415: ErrorEnvelopeSchema,
          422: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
          503: ErrorEnvelopeSchema,
        },
      },
    },
    async (request: FastifyRequest, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', B.notMultipart);
      }
      const idempotencyKey = requireIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
      await countRegistrationAttempt(deps, request.ip, idempotencyKey);
      const parts = request.parts()[Symbol.asyncIterator]();
      const data = await readData(parts).catch(refuseBody);
      const extension = request.headers[ENTRY_EXTENSION_HEADER];
      const opened = await openRegistration(
        deps,
        idempotencyKey,
        data,
        typeof extension === 'string' && extension !== '' ? extension : undefined,
      );
      const files = await readFiles(deps, parts, opened);
      const outcome = await registerEntry(deps, opened, files).catch(async (error: unknown) => {
        if (error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED') {
          await countReusedKey(deps, request.ip, idempotencyKey);
        }
        throw error;
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      // Its life counts from the registration, so a replay answers the very same token.
      const registeredAt = new Date(outcome.receipt.createdAt);
      const entryToken = await deps.entryTokens.issue(outcome.receipt.id, registeredAt);
      return reply.status(201).send({ ...outcome.receipt, entryToken });
    },
  );
}
