import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMAIL_TEMPLATES_PATH,
  EmailPreviewSchema,
  EmailTemplateInputSchema,
  EmailTemplateKindParamsSchema,
  EmailTemplateSchema,
} from '../../../shared/schemas/email-template.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { ADMIN_API_PREFIX, requireAdmin } from '../../plugins/admin-guard.ts';
import {
  listTemplates,
  previewTemplate,
  resetTemplate,
  saveTemplate,
} from './email-templates.service.ts';

const PLACEHOLDER_NOTE =
  'Placeholders are `{name}` and the like; each template takes its own (see `placeholders`), and any other is refused with a message naming it.';

/** Where the browser finds them, as a path in the admin scope. */
const TEMPLATES = EMAIL_TEMPLATES_PATH.slice(ADMIN_API_PREFIX.length);

/** Admin scope (/api/admin): the artist messages an admin may reword. */
export const emailTemplatesAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const one = `${TEMPLATES}/:kind`;

  api.get(
    TEMPLATES,
    {
      schema: {
        summary: 'The four editable messages, in their current wording',
        response: { 200: z.array(EmailTemplateSchema) },
      },
    },
    async () => listTemplates(db),
  );
  api.put(
    one,
    {
      schema: {
        summary: 'Saves the wording of one message; the next message of its kind uses it',
        description: PLACEHOLDER_NOTE,
        params: EmailTemplateKindParamsSchema,
        body: EmailTemplateInputSchema,
        response: { 200: EmailTemplateSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request) =>
      saveTemplate(db, request.params.kind, request.body, requireAdmin(request), clock.now()),
  );
  api.delete(
    one,
    {
      schema: {
        summary: 'Resets one message to the default wording',
        params: EmailTemplateKindParamsSchema,
        response: { 200: EmailTemplateSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request) => resetTemplate(db, request.params.kind, requireAdmin(request), clock.now()),
  );
  api.post(
    `${one}/preview`,
    {
      schema: {
        summary: 'The wording given, filled with a sample entry, as text and HTML; nothing saved',
        description: PLACEHOLDER_NOTE,
        params: EmailTemplateKindParamsSchema,
        body: EmailTemplateInputSchema,
        response: { 200: EmailPreviewSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request) => previewTemplate(deps, request.params.kind, request.body),
  );
};
