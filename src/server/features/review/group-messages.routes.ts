import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  GROUP_MESSAGE_MAX_RECIPIENTS,
  GroupMessageDraftSchema,
  GroupMessagePreviewSchema,
  GroupMessageResultSchema,
  GroupMessageSendSchema,
} from '../../../shared/schemas/group-message.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { previewGroupMessage, sendGroupMessage } from './group-messages.service.ts';

const ERRORS = { 400: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };
const GROUP = `The entries the review lists with these filters, newest first; 409 NO_RECIPIENTS when none, TOO_MANY_RECIPIENTS above ${GROUP_MESSAGE_MAX_RECIPIENTS}.`;

/** Admin scope (/api/admin): a message to the entries of a review view, previewed, then sent. */
export const groupMessagesAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/submissions/messages/preview',
    {
      schema: {
        summary:
          'How many entries a message to a view goes to, and the first one as its artist reads it',
        description: `${GROUP} Nothing is written.`,
        body: GroupMessageDraftSchema,
        response: { 200: GroupMessagePreviewSchema, ...ERRORS },
      },
    },
    async (request) => {
      requireAdmin(request);
      return previewGroupMessage(deps, request.body);
    },
  );
  api.post(
    '/submissions/messages',
    {
      schema: {
        summary: 'Queues one message per entry of a view, audited',
        description: `${GROUP} A requestId sent before answers that send (repeated) and queues nothing.`,
        body: GroupMessageSendSchema,
        response: { 200: GroupMessageResultSchema, ...ERRORS },
      },
    },
    async (request) => sendGroupMessage(deps, request.body, requireAdmin(request)),
  );
};
