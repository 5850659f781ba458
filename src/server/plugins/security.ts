import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { PAGE_PATHS } from '../../shared/page-paths.ts';
import { AppError } from '../errors.ts';
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

/**
 * What Razorpay's checkout needs beyond that (decision 012): its script, the window it opens in
 * a frame, the calls that window's page makes, and its images. Only on the pages that open it.
 */
export const RAZORPAY_CHECKOUT_SOURCES = {
  scriptSrc: ['https://checkout.razorpay.com'],
  frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  imgSrc: ['https://cdn.razorpay.com'],
} as const;

/**
 * The pages that may open Razorpay's checkout: the form, and 'Complete payment' on the receipt
 * and on the artist's entry page.
 */
export const CHECKOUT_PAGE_PATHS = [
  PAGE_PATHS.registerCompetition,
  PAGE_PATHS.registrationSuccess,
  PAGE_PATHS.entry,
] as const;

type Directives = typeof CONTENT_SECURITY_POLICY;

function withCheckout(directives: Directives): Record<string, readonly string[] | null> {
  const merged: Record<string, readonly string[] | null> = { ...directives };
  for (const [name, sources] of Object.entries(RAZORPAY_CHECKOUT_SOURCES)) {
    merged[name] = [...(directives[name as keyof Directives] ?? []), ...sources];
  }
  return merged;
}

function directivesFor(
  styleHashes: readonly string[],
  checkout: boolean,
  scriptHashes: readonly string[],
): Record<string, readonly string[] | null> {
  const base = checkout ? withCheckout(CONTENT_SECURITY_POLICY) : CONTENT_SECURITY_POLICY;
  return {
    ...base,
    // The page's inlined stylesheets and its script loader, allowed by their hashes and nothing
    // else inline.
    styleSrc: [...CONTENT_SECURITY_POLICY.styleSrc, ...styleHashes],
    scriptSrc: [...(base.scriptSrc ?? []), ...scriptHashes],
  };
}

const helmetOptions = (
  styleHashes: readonly string[],
  checkout: boolean,
  scriptHashes: readonly string[],
) => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: directivesFor(styleHashes, checkout, scriptHashes),
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
export function securityHeaders(
  styleHashes: readonly string[] = [],
  {
    razorpayCheckout = false,
    scriptHashes = [],
  }: { razorpayCheckout?: boolean; scriptHashes?: readonly string[] } = {},
): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(styleHashes, razorpayCheckout, scriptHashes))(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    () => undefined,
  );
  return headers;
}

/**
 * One page's Content-Security-Policy: the build's inlined stylesheets and the page's own inline
 * blocks by their hashes, and Razorpay's checkout on the pages that open it.
 */
export function pageSecurityPolicy(
  pathname: string,
  inline: { styleHashes: readonly string[]; scriptHashes: readonly string[] },
  { razorpayCheckout }: { razorpayCheckout: boolean },
): string {
  const checkout =
    razorpayCheckout && (CHECKOUT_PAGE_PATHS as readonly string[]).includes(pathname);
  return securityHeaders(inline.styleHashes, {
    razorpayCheckout: checkout,
    scriptHashes: inline.scriptHashes,
  })['content-security-policy'] as string;
}

export const NO_HOST_MESSAGE = 'The request has no Host header.';

export async function registerSecurity(
  app: FastifyInstance,
  options: { styleHashes?: readonly string[]; razorpayCheckout?: boolean } = {},
): Promise<void> {
  const headers = securityHeaders(options.styleHashes);
  // With Razorpay configured, its checkout's origins are allowed on the pages that open it.
  const checkoutHeaders = options.razorpayCheckout
    ? securityHeaders(options.styleHashes, { razorpayCheckout: true })
    : headers;
  const checkoutPages = new Set<string>(CHECKOUT_PAGE_PATHS);
  app.addHook('onRequest', (request, reply, done) => {
    const pathname = request.url.split('?')[0] ?? '';
    reply.headers(checkoutPages.has(pathname) ? checkoutHeaders : headers);
    done();
  });
  // Node's own refusal of a request without Host is a bare 400 (app.ts turns it off): refused
  // here instead, with the envelope and the headers above, before any other hook reads the host.
  app.addHook('onRequest', async (request) => {
    if (request.headers.host === undefined) {
      throw new AppError(400, 'BAD_REQUEST', NO_HOST_MESSAGE);
    }
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs far more CPU than it saves bytes on dynamic responses.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
