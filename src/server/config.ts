import path from 'node:path';
import { EnvSchemaChecked, parseMailFrom } from './config-env.ts';
import type { LogFormat } from './log-stream.ts';

export const DEFAULT_CLIENT_DIR = path.resolve(import.meta.dirname, '../../dist/client');

/** Razorpay, or the built-in test checkout when no keys are configured. */
export type PaymentsConfig =
  | {
      provider: 'razorpay';
      keyId: string;
      keySecret: string;
      webhookSecret: string;
      apiUrl: string;
    }
  | { provider: 'test' };

/** An S3-compatible bucket for uploaded files (instead of DATA_DIR/uploads). */
export interface S3Config {
  bucket: string;
  region: string;
  /** Another provider's address (MinIO, R2, ...); unset: AWS itself. */
  endpoint: string | undefined;
  /** Both or neither; neither: the AWS SDK's default credential chain. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/** Who the site's e-mail comes from. */
export interface MailFrom {
  /** Unset: the site title from the settings, as it is when the message is sent. */
  name: string | undefined;
  address: string;
}

/** The address used when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM_ADDRESS = 'no-reply@localhost';

export interface MailConfig {
  /** Unset: messages stay in the outbox, marked not sent, for an admin to read. */
  smtpUrl: string | undefined;
  from: MailFrom;
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /** Set (with demo content): the demo jurors juror1-juror3 sign in with it. */
  demoJurorPassword: string | undefined;
  logLevel: string;
  /** Unset: readable lines at a terminal, JSON lines anywhere else (log-stream.ts). */
  logFormat: LogFormat | undefined;
  /**
   * Whom X-Forwarded-For/-Proto/-Host are believed from: nobody (false), any peer (true), or the
   * proxies at these addresses and ranges (Fastify's trustProxy).
   */
  trustProxy: boolean | string[];
  /** Folder of the built browser app. */
  clientDir: string;
  /** Set: uploaded files live in this bucket; unset: under DATA_DIR. */
  s3: S3Config | undefined;
  mail: MailConfig;
  payments: PaymentsConfig;
  /** How long after the close an entry saved in time may still be paid for (default 1 hour). */
  paymentGraceMs: number;
  /** The site's address without a trailing slash, for links in e-mails. */
  publicUrl: string;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

const isTrue = (v: string) => v === 'true' || v === '1';

/** TRUST_PROXY as Fastify takes it: a boolean, or the list of the proxies' addresses. */
function trustProxyOf(value: string): boolean | string[] {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value.split(',').map((entry) => entry.trim());
}

/** Variables whose values may hold a secret: a bad one is named, never echoed. */
const SECRET_VARIABLES = new Set([
  'ADMIN_PASSWORD',
  'DEMO_JUROR_PASSWORD',
  'DATABASE_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
]);

/** Reads the configuration from an environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = EnvSchemaChecked.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      if (SECRET_VARIABLES.has(name) || present[name] === undefined) {
        return `${name}: ${issue.message}`;
      }
      return `${name}: ${issue.message} (got ${JSON.stringify(present[name])})`;
    });
    throw new ConfigError(problems);
  }
  const e = result.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    // Demo content helps a first look and the tests; a production site starts empty.
    seedDemo: e.SEED_DEMO === undefined ? e.NODE_ENV !== 'production' : isTrue(e.SEED_DEMO),
    demoJurorPassword: e.DEMO_JUROR_PASSWORD,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : DEFAULT_CLIENT_DIR,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM
        ? (parseMailFrom(e.MAIL_FROM) as MailFrom)
        : { name: undefined, address: DEFAULT_MAIL_FROM_ADDRESS },
    },
    // Unset outside production: this machine, as `npm run dev` and the tests serve it.
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    paymentGraceMs: e.PAYMENT_GRACE_MINUTES * 60_000,
    payments:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
        ? {
            provider: 'razorpay',
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: e.RAZORPAY_API_URL,
          }
        : { provider: 'test' },
  };
}
