import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  type UnsubscribeQuery,
  UnsubscribeQuerySchema,
} from '../../../shared/schemas/reminders.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { confirmPage, donePage, invalidLinkPage } from './unsubscribe-page.ts';
import { UNSUBSCRIBE_PATH } from './unsubscribe-links.ts';
import { unsubscribe, unsubscribeLinkIsValid } from './unsubscribe.ts';

/*
 * Root scope: the link in each reminder. GET shows a page asking to confirm (a link scanner that
 * opens it stops nothing); POST stops reminders to the address: the page's button, or a mail
 * reader's one-click unsubscribe (RFC 8058), which sends no CSRF header, so it is not under /api.
 * The signed link is the proof.
 */
export const unsubscribeRootRoutes: FeaturePlugin = async (app, { deps }) => {
  // RFC 8058's body is `List-Unsubscribe=One-Click`, form-urlencoded or multipart (its own
  // example); the link alone decides, so whatever the type, the body is not read.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, {}),
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // A bad link's page, or the error envelope for a query that is not a link of ours at all.
  const html = { 200: z.string(), 400: z.union([z.string(), ErrorEnvelopeSchema]) };

  /** The link's page: `answer`'s for a link of ours, else the bad link's (a 400). */
  async function linkPage(
    { address, token }: UnsubscribeQuery,
    reply: FastifyReply,
    answer: (address: string) => string | Promise<string>,
  ): Promise<string> {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!(await unsubscribeLinkIsValid(deps, address, token))) {
      reply.code(400);
      return invalidLinkPage();
    }
    return answer(address);
  }

  typed.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        summary: 'The page that asks to confirm no more reminders',
        querystring: UnsubscribeQuerySchema,
        response: html,
      },
    },
    async (request, reply) => reply.send(await linkPage(request.query, reply, confirmPage)),
  );

  typed.post(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        summary: 'No more reminders to the address (one click)',
        querystring: UnsubscribeQuerySchema,
        response: html,
      },
    },
    async (request, reply) =>
      reply.send(
        await linkPage(request.query, reply, async (address) => {
          await unsubscribe(deps, address);
          return donePage(address);
        }),
      ),
  );
};
