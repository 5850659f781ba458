import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import { UnsubscribeQuerySchema } from '../../../shared/schemas/reminders.ts';
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
  // RFC 8058's body is `List-Unsubscribe=One-Click`; the link alone decides, so it is not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // A bad link's page, or the error envelope for a query that is not a link of ours at all.
  const html = { 200: z.string(), 400: z.union([z.string(), ErrorEnvelopeSchema]) };

  typed.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        summary: 'The page that asks to confirm no more reminders',
        querystring: UnsubscribeQuerySchema,
        response: html,
      },
    },
    async (request, reply) => {
      const { address, token } = request.query;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!(await unsubscribeLinkIsValid(deps, address, token))) {
        return reply.code(400).send(invalidLinkPage());
      }
      return reply.send(confirmPage(address));
    },
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
    async (request, reply) => {
      const { address, token } = request.query;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!(await unsubscribeLinkIsValid(deps, address, token))) {
        return reply.code(400).send(invalidLinkPage());
      }
      await unsubscribe(deps, address);
      return reply.send(donePage(address));
    },
  );
};
