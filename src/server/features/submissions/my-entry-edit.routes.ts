import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type MyEntry, MyEntrySchema } from '../../../shared/schemas/artist.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import type { Deps, FeaturePlugin } from '../../deps.ts';
import { invalidField, notFound, refuseUnsafeValue } from '../../errors.ts';
import { requireArtist } from '../../plugins/artist-guard.ts';
import { isRecordId } from '../../db/record-id.ts';
import { listMyEntries } from './my-entries.service.ts';
import { EDIT_REFUSALS } from './my-entry-edit-answers.ts';
import { changeMyEntry, MY_ENTRY_NOT_FOUND, openMyEntryChange } from './my-entry-edit.ts';
import { withdrawMyEntry } from './my-withdrawal.ts';
import {
  readData,
  readFiles,
  refuseBody,
  REGISTRATION_MULTIPART_LIMITS,
} from './registration-body.ts';

const EntryParamsSchema = z.object({ id: z.string().max(64) });

const ERRORS = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  413: ErrorEnvelopeSchema,
  415: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
  503: ErrorEnvelopeSchema,
};

/** The entry as "My entries" shows it, after the change. */
async function myEntryAfter(deps: Deps, email: string, id: string): Promise<MyEntry> {
  const { entries } = await listMyEntries(deps, email);
  const entry = entries.find((found) => found.id === id);
  if (!entry) throw notFound(MY_ENTRY_NOT_FOUND);
  return entry;
}

/**
 * Artist scope (/api/me): the signed-in artist corrects or withdraws one of their own entries.
 * Another's entry is a 404, never a 403: whether it exists is not theirs to know.
 */
export const myEntryChangesRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/entries/:id/withdraw',
    {
      schema: {
        summary: 'Withdraws one of the signed-in artist’s entries, until the close',
        description: [
          'Any of their entries not yet withdrawn, reviewed or paid, until its competition closes (409 after). A received fee is refunded only when the site setting `refundOnArtistWithdrawal` is on.',
          'Answers the entry as My entries shows it. Withdrawing again answers 200 with the same entry, as the first did: one withdrawal, at most one refund, even for two requests at once.',
        ].join('\n\n'),
        params: EntryParamsSchema,
        response: { 200: MyEntrySchema, ...ERRORS },
      },
    },
    async (request) => {
      const { email } = requireArtist(request);
      await withdrawMyEntry(deps, email, request.params.id);
      return myEntryAfter(deps, email, request.params.id);
    },
  );

  // Its own scope: a change with a new picture is multipart, as a registration is.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: REGISTRATION_MULTIPART_LIMITS });
    registerEntryChange(scope, deps);
  });
};

/** The change's values: the JSON body, or a multipart body's `data` part (its files follow). */
async function readChange(request: FastifyRequest) {
  if (!request.isMultipart()) {
    const body: unknown = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body) || body === null) {
      throw invalidField('form', EDIT_REFUSALS.answers);
    }
    refuseUnsafeValue(body);
    return { data: body as Record<string, unknown>, parts: undefined };
  }
  const parts = request.parts()[Symbol.asyncIterator]();
  return { data: await readData(parts).catch(refuseBody), parts };
}

function registerEntryChange(app: FastifyInstance, deps: Deps): void {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/entries/:id',
    {
      schema: {
        summary: 'Corrects one of the signed-in artist’s entries, until the close',
        description: [
          'JSON, or `multipart/form-data` with the JSON as the first part `data` and a new picture for an image field as `fieldValues.<fieldId>` or `works.<n>.<fieldId>`, checked from its bytes as registration checks it.',
          'The JSON may hold `fullName`, `age`, `gender`, `phone`, `address`, `pincode`, `guardianName`, `guardianConsent`, `fieldValues` (answers by field id, null to clear one) and `works` (`[{ fieldValues }]`, by position; null leaves a work as it is). The e-mail cannot be changed.',
          'The whole entry as changed is checked with the registration form it was made with: 400 naming the fields, nothing written. 409 once closed or withdrawn. A change to an entry already approved or rejected is shown to the admin as "Changed after review". Answers the entry as My entries shows it.',
        ].join('\n\n'),
        params: EntryParamsSchema,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: MyEntrySchema, ...ERRORS },
      },
    },
    async (request) => {
      const { email } = requireArtist(request);
      if (!isRecordId(request.params.id)) throw notFound(MY_ENTRY_NOT_FOUND);
      const opened = await openMyEntryChange(deps, email, request.params.id);
      const { data, parts } = await readChange(request);
      const files = parts ? await readFiles(deps, parts, opened) : [];
      await changeMyEntry(deps, opened, data, files);
      return myEntryAfter(deps, email, request.params.id);
    },
  );
}
