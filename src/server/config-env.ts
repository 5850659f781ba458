import { isIP } from 'node:net';
import { z } from 'zod';
import { isEmailAddress } from '../shared/domain/email-address.ts';
import { LOG_FORMATS } from './log-stream.ts';

/*
 * The environment the server reads, as one zod schema: each variable's form and the message a bad
 * value gets, then the rules between variables. config.ts turns what it reads into the Config.
 */

const bool = (name: string) =>
  z.enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` });

const TRUST_PROXY_MESSAGE =
  'TRUST_PROXY must be true, false, or the addresses of the proxies in front, comma-separated, such as 127.0.0.1 or 10.0.0.0/8';

const SMTP_URL_MESSAGE =
  'SMTP_URL must be an smtp:// or smtps:// URL with a host, such as smtp://user:password@mail.example.com:587';
const MAIL_FROM_MESSAGE =
  'MAIL_FROM must be an e-mail address, or a name and an address such as White Stroke <no-reply@example.com>';

/**
 * Every environment variable the server reads, with the form each must take. `.env.example` and
 * the README's table list the same names; keep the three in step.
 */
const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'NODE_ENV must be development, production or test',
    })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'PORT must be a whole number from 0 to 65535' })
    .int('PORT must be a whole number from 0 to 65535')
    .min(0, 'PORT must be a whole number from 0 to 65535')
    .max(65535, 'PORT must be a whole number from 0 to 65535')
    .default(3000),
  HOST: z
    .string()
    .min(1, 'HOST must be an address to listen on, such as 0.0.0.0')
    .default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'DATA_DIR must be a folder path').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(12, 'ADMIN_PASSWORD must be at least 12 characters')
    .max(256, 'ADMIN_PASSWORD must be at most 256 characters')
    .optional(),
  SEED_DEMO: bool('SEED_DEMO').optional(),
  DEMO_JUROR_PASSWORD: z
    .string()
    .min(12, 'DEMO_JUROR_PASSWORD must be at least 12 characters')
    .max(256, 'DEMO_JUROR_PASSWORD must be at most 256 characters')
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: 'LOG_FORMAT must be json or text' }).optional(),
  TRUST_PROXY: z.string().refine(isTrustProxy, TRUST_PROXY_MESSAGE).default('false'),
  CLIENT_DIR: z.string().min(1, 'CLIENT_DIR must be a folder path').optional(),
  S3_ENDPOINT: z
    .string()
    .refine(
      isHttpUrl,
      'S3_ENDPOINT must be an http:// or https:// URL, such as http://127.0.0.1:9000',
    )
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'S3_REGION must be a region name, such as us-east-1 (auto for R2)')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_URL: z.string().refine(isSmtpUrl, SMTP_URL_MESSAGE).optional(),
  MAIL_FROM: z
    .string()
    .refine((value) => parseMailFrom(value) !== undefined, MAIL_FROM_MESSAGE)
    .optional(),
  RAZORPAY_KEY_ID: z
    .string()
    .regex(
      /^rzp_(test|live)_[A-Za-z0-9]+$/,
      'RAZORPAY_KEY_ID must be a Razorpay key id, such as rzp_test_1DP5mmOlF5G5ag',
    )
    .optional(),
  /** How long an entry saved before the close may still be paid for after it (decision 021). */
  PAYMENT_GRACE_MINUTES: z.coerce
    .number({ error: 'PAYMENT_GRACE_MINUTES must be a whole number of minutes from 0 to 10080' })
    .int('PAYMENT_GRACE_MINUTES must be a whole number of minutes from 0 to 10080')
    .min(0, 'PAYMENT_GRACE_MINUTES must be a whole number of minutes from 0 to 10080')
    .max(10080, 'PAYMENT_GRACE_MINUTES must be a whole number of minutes from 0 to 10080')
    .default(60),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: z
    .string()
    .refine(isHttpUrl, 'RAZORPAY_API_URL must be an http:// or https:// URL')
    .default('https://api.razorpay.com'),
  PAYMENTS_TEST_MODE: bool('PAYMENTS_TEST_MODE').optional(),
  PUBLIC_URL: z
    .string()
    .refine(
      (value) => isHttpUrl(value) && new URL(value).pathname === '/' && !/[?#]/.test(value),
      "PUBLIC_URL must be the site's address, such as https://whitestroke.example",
    )
    .optional(),
});

/** The names proxy-addr (Fastify's trustProxy) gives to address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * true/false (1/0), or the proxies' addresses: then X-Forwarded-* is believed only from them, and
 * a client that reaches a server directly cannot claim another address or HTTPS.
 */
function isTrustProxy(value: string): boolean {
  if (['true', 'false', '1', '0'].includes(value)) return true;
  return value.split(',').every((entry) => isProxyAddress(entry.trim()));
}

/** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), with a host. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The one address rule; the operator's own sender may be at a one-label host (localhost). */
const isSenderAddress = (value: string) => isEmailAddress(value, { singleLabelDomain: true });

/** 'no-reply@example.com' or 'White Stroke <no-reply@example.com>'; undefined when neither. */
export function parseMailFrom(
  value: string,
): { name: string | undefined; address: string } | undefined {
  const trimmed = value.trim();
  if (isSenderAddress(trimmed)) return { name: undefined, address: trimmed };
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(trimmed);
  if (!named || !isSenderAddress(named[2] ?? '')) return undefined;
  const name = (named[1] ?? '').replace(/^"(.*)"$/, '$1').trim();
  return { name: name === '' ? undefined : name, address: named[2] as string };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The environment as a whole: each variable's form, then what they mean together. Half an S3
 * setup is a mistake to report at start, not a bucket to guess.
 */
export const EnvSchemaChecked = EnvSchema.superRefine((env, context) => {
  const others = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const given = others.filter((name) => env[name] !== undefined);
  if (!env.S3_BUCKET && given.length > 0) {
    context.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: `S3_BUCKET is required when ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set`,
    });
  }
  // One key without the other would silently fall back to the default chain: refuse it.
  const pairs = [
    ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID'],
  ] as const;
  for (const [name, partner] of pairs) {
    if (env[name] === undefined && env[partner] !== undefined) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `${name} is required with ${partner}`,
      });
    }
  }
  // Razorpay needs all three: the keys for the API and the checkout, the webhook secret to
  // believe its events. Without any, payments go through the built-in test checkout.
  const razorpay = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
  const set = razorpay.filter((name) => env[name] !== undefined);
  if (set.length > 0) {
    for (const name of razorpay.filter((n) => env[n] === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `${name} is required with ${set.join(', ')}`,
      });
    }
  } else if (
    env.NODE_ENV === 'production' &&
    env.PAYMENTS_TEST_MODE !== 'true' &&
    env.PAYMENTS_TEST_MODE !== '1'
  ) {
    context.addIssue({
      code: 'custom',
      path: ['RAZORPAY_KEY_ID'],
      message: TEST_CHECKOUT_IN_PRODUCTION,
    });
  }
  if (env.NODE_ENV === 'production' && env.PUBLIC_URL === undefined) {
    context.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: PUBLIC_URL_IN_PRODUCTION });
  }
});

/** The links in e-mails lead here: a production site must say where it is. */
export const PUBLIC_URL_IN_PRODUCTION =
  'PUBLIC_URL is required in production: the address artists open the links in e-mails at, such as https://whitestroke.example';

/** The one line a production server without Razorpay keys stops with. */
export const TEST_CHECKOUT_IN_PRODUCTION =
  'Razorpay is not configured (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET): set them, or set PAYMENTS_TEST_MODE=true to take test payments only';
