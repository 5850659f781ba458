import path from 'node:path';
import { z } from 'zod';

export const DEFAULT_CLIENT_DIR = path.resolve(import.meta.dirname, '../../dist/client');

const bool = (name: string) =>
  z.enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` });

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
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: bool('TRUST_PROXY').default('false'),
  CLIENT_DIR: z.string().min(1, 'CLIENT_DIR must be a folder path').optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Folder of the built browser app. */
  clientDir: string;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

const isTrue = (v: string) => v === 'true' || v === '1';

/** Variables whose values may hold a secret: a bad one is named, never echoed. */
const SECRET_VARIABLES = new Set(['ADMIN_PASSWORD', 'DATABASE_URL']);

/** Reads the configuration from an environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      if (SECRET_VARIABLES.has(name)) return `${name}: ${issue.message}`;
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
    logLevel: e.LOG_LEVEL,
    trustProxy: isTrue(e.TRUST_PROXY),
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : DEFAULT_CLIENT_DIR,
  };
}
