import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { MAP_EMBED_ORIGINS, YOUTUBE_EMBED_ORIGIN } from '../../shared/site-defaults.ts';

/**
 * Strict Content-Security-Policy: scripts, styles, fonts and data only from this origin. The page
 * carries its first data as a JSON script block, which is not executed and so needs no exception.
 * Later features add the few outside origins they need (video embed, map, payment checkout) here.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  // The video plays from YouTube's privacy-enhanced domain; the contact page embeds a map.
  frameSrc: [YOUTUBE_EMBED_ORIGIN, ...MAP_EMBED_ORIGINS],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

const helmetOptions = (styleHashes: readonly string[]) => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      ...CONTENT_SECURITY_POLICY,
      // The page's inlined stylesheet, allowed by its hash and nothing else inline.
      styleSrc: [...CONTENT_SECURITY_POLICY.styleSrc, ...styleHashes],
    },
  },
  // Images and fonts are same-origin; nothing here needs cross-origin isolation.
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
});

/**
 * helmet's headers, worked out once. They are the same for every response (no nonces), and
 * @fastify/helmet rebuilt helmet's whole middleware on every request, a large share of the cost
 * of a cached API answer.
 */
export function securityHeaders(styleHashes: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(styleHashes))(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    () => undefined,
  );
  return headers;
}

export async function registerSecurity(
  app: FastifyInstance,
  options: { styleHashes?: readonly string[] } = {},
): Promise<void> {
  const headers = securityHeaders(options.styleHashes);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs far more CPU than it saves bytes on dynamic responses.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
