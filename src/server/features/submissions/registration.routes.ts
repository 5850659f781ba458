import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '../../../shared/domain/image-upload.ts';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import { FORM_FIELDS_MAX } from '../../../shared/schemas/form-field.ts';
import { WORKS_MAX } from '../../../shared/schemas/works-range.ts';
import { RegistrationFormSchema } from '../../../shared/schemas/registration-form.ts';
import { RegistrationReceiptSchema } from '../../../shared/schemas/registration.ts';
import {
  DATA_PART,
  ENTRY_EXTENSION_HEADER,
  IDEMPOTENCY_KEY_HEADER,
} from '../../../shared/registration-request.ts';
import type { Deps, FeaturePlugin } from '../../deps.ts';
import { AppError, invalidField, refuseUnsafeValue } from '../../errors.ts';
import { discardUnclaimedFiles, UploadTooLargeError } from '../media/media.service.ts';
import { BodyReadError, type ReceivedFile, receiveFile } from './registration-uploads.ts';
import type { OpenedRegistration } from './registration.service.ts';
import { countRegistrationAttempt, countReusedKey } from './registration-limit.ts';
import { requireIdempotencyKey } from './registration-refusals.ts';
import { findRegistrationForm, openRegistration, registerEntry } from './registration.service.ts';

/** Far above the longest form (40 fields of 500 characters, a 5000-character description) for each of 10 works. */
const DATA_MAX_BYTES = 1024 * 1024;
/** A picture for every field of every work, and the photo. */
const FILES_MAX = FORM_FIELDS_MAX * WORKS_MAX + 1;

export const REGISTRATION_BODY_MESSAGES = {
  notMultipart: 'Send the registration as multipart/form-data.',
  dataFirst: 'Send the form\'s values as JSON in the first part, named "data".',
  dataNotJson: 'The "data" part must be a JSON object of the form\'s values.',
  dataTooLarge: 'The "data" part is too large.',
  notAFile: 'Only files may follow "data"; the form\'s values go in "data".',
  unknownFile: (part: string) => `The form has no file field "${part}".`,
  oneFile: 'Send one file for this field.',
  tooManyParts: 'The registration has more parts than its form.',
  broken: 'The registration was not received whole. Please send it again.',
} as const;
const B = REGISTRATION_BODY_MESSAGES;

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
    await scope.register(multipart, {
      limits: {
        fileSize: IMAGE_MAX_BYTES,
        fieldSize: DATA_MAX_BYTES,
        // `data`, and one more so that a stray text part is answered by name.
        fields: 2,
        files: FILES_MAX,
        parts: FILES_MAX + 2,
      },
    });
    registerSubmissionCreate(scope, deps);
  });
};

/** A failure to read the body, answered: multipart's own errors in this route's words. */
function refuseBody(error: unknown): never {
  throw bodyRefusal(error);
}

/** Fastify's multipart errors as the answers of this route; AppErrors pass through. */
function bodyRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const failure = error as { code?: string; part?: { fieldname?: string } };
  switch (failure.code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const part = failure.part?.fieldname ?? 'file';
      return new AppError(413, 'FILE_TOO_LARGE', IMAGE_TOO_LARGE, { [part]: IMAGE_TOO_LARGE });
    }
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(400, 'VALIDATION_ERROR', B.tooManyParts);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalidField(DATA_PART, B.dataNotJson);
    default:
      // A body cut short or malformed, a part named like an object's own property.
      return new AppError(400, 'VALIDATION_ERROR', B.broken);
  }
}

/** The first part: the form's values, a JSON object. */
async function readData(parts: AsyncIterator<Multipart>): Promise<Record<string, unknown>> {
  const { value: part, done } = await parts.next();
  if (done || part.type !== 'field' || part.fieldname !== DATA_PART) {
    throw invalidField(DATA_PART, B.dataFirst);
  }
  if (part.valueTruncated) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', B.dataTooLarge, { [DATA_PART]: B.dataTooLarge });
  }
  let value: unknown = part.value;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw invalidField(DATA_PART, B.dataNotJson);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidField(DATA_PART, B.dataNotJson);
  }
  // The JSON bodies' check (a NUL, nesting too deep) applies to this part as soon as it is read:
  // before any file is read or decoded, the same on both engines.
  refuseUnsafeValue(value);
  return value as Record<string, unknown>;
}

/** A part over the size limit, answered for its part as multipart's own limit is. */
function tooLarge(part: string): AppError {
  return new AppError(413, 'FILE_TOO_LARGE', IMAGE_TOO_LARGE, { [part]: IMAGE_TOO_LARGE });
}

/**
 * The file parts after `data`: only those the form takes (`photo`, `fieldValues.<image field>`),
 * each once, each streamed to storage as it arrives. An empty file part is a file not chosen, as a
 * browser's empty file input sends it. When one is refused or the body fails, the files stored
 * so far are removed.
 */
async function readFiles(
  deps: Deps,
  parts: AsyncIterator<Multipart>,
  opened: OpenedRegistration,
): Promise<ReceivedFile[]> {
  const files: ReceivedFile[] = [];
  const seen = new Set<string>();
  try {
    for (let next = await parts.next().catch(refuseBody); !next.done;) {
      const part = next.value;
      const name = part.fieldname;
      if (part.type !== 'file') throw invalidField(name, B.notAFile);
      if (!opened.fileParts.has(name)) throw invalidField(name, B.unknownFile(name));
      if (seen.has(name)) throw invalidField(name, B.oneFile);
      seen.add(name);
      const file = await receiveFile(deps, part, opened.submissionId, opened.fields).catch(
        (error: unknown) => {
          if (error instanceof UploadTooLargeError) throw tooLarge(name);
          if (error instanceof BodyReadError) refuseBody(error.source);
          throw error;
        },
      );
      if (file) files.push(file);
      next = await parts.next().catch(refuseBody);
    }
    return files;
  } catch (error) {
    await discardUnclaimedFiles(
      deps,
      files.map((file) => file.storedKey),
    );
    throw error;
  }
}

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
