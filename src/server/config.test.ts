import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_URL_IN_PRODUCTION, TEST_CHECKOUT_IN_PRODUCTION } from './config-env.ts';
import { ConfigError, DEFAULT_CLIENT_DIR, loadConfig } from './config.ts';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      seedDemo: true,
      trustProxy: false,
      clientDir: DEFAULT_CLIENT_DIR,
    });
  });

  it('turns demo content off by default in production, and on again when asked', () => {
    const production = {
      NODE_ENV: 'production',
      PAYMENTS_TEST_MODE: 'true',
      PUBLIC_URL: 'https://whitestroke.example',
    };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('takes DEMO_JUROR_PASSWORD for the demo jurors, naming a bad one without echoing it', () => {
    expect(loadConfig({}).demoJurorPassword).toBeUndefined();
    expect(loadConfig({ DEMO_JUROR_PASSWORD: '' }).demoJurorPassword).toBeUndefined();
    expect(loadConfig({ DEMO_JUROR_PASSWORD: 'a demo juror password' }).demoJurorPassword).toBe(
      'a demo juror password',
    );
    expect(problemsOf({ DEMO_JUROR_PASSWORD: 'hunter2' })).toEqual([
      'DEMO_JUROR_PASSWORD: DEMO_JUROR_PASSWORD must be at least 12 characters',
    ]);
    const long = 'x'.repeat(257);
    const problems = problemsOf({ DEMO_JUROR_PASSWORD: long });
    expect(problems).toEqual([
      'DEMO_JUROR_PASSWORD: DEMO_JUROR_PASSWORD must be at most 256 characters',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('names every bad variable on its own line with the expected form', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      SEED_DEMO: 'maybe',
      ADMIN_PASSWORD: 'short',
      NODE_ENV: 'staging',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: PORT must be a whole number from 0 to 65535 (got "abc")',
        'DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL',
        'SEED_DEMO: SEED_DEMO must be true or false (got "maybe")',
        'ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 12 characters',
        'NODE_ENV: NODE_ENV must be development, production or test (got "staging")',
      ]),
    );
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).not.toContain('short');
  });

  it('takes TRUST_PROXY as true or false, or as the addresses of the proxies in front', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1,fd00::/8 ,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    const message =
      'TRUST_PROXY must be true, false, or the addresses of the proxies in front, comma-separated, such as 127.0.0.1 or 10.0.0.0/8';
    for (const bad of [
      'yes',
      '2',
      '10.0.0.0/33',
      '::1/129',
      '127.0.0.1,',
      'nginx',
      '1.2.3.4/8/1',
    ]) {
      expect(problemsOf({ TRUST_PROXY: bad })).toEqual([
        `TRUST_PROXY: ${message} (got ${JSON.stringify(bad)})`,
      ]);
    }
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual([
      'PORT: PORT must be a whole number from 0 to 65535 (got "70000")',
    ]);
  });

  it('keeps files under DATA_DIR unless S3_BUCKET names a bucket', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'white-stroke' }).s3).toEqual({
      bucket: 'white-stroke',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'AKID',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'media',
      region: 'auto',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    });
  });

  it('names each bad S3 variable, never echoing a key', () => {
    const problems = problemsOf({
      S3_BUCKET: 'My_Bucket',
      S3_ENDPOINT: 'minio:9000',
      S3_REGION: 'US East',
    });
    expect(problems).toEqual([
      'S3_ENDPOINT: S3_ENDPOINT must be an http:// or https:// URL, such as http://127.0.0.1:9000 (got "minio:9000")',
      'S3_BUCKET: S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens (got "My_Bucket")',
      'S3_REGION: S3_REGION must be a region name, such as us-east-1 (auto for R2) (got "US East")',
    ]);
    expect(problemsOf({ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'very-secret-value' })).toEqual([
      'S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is required with S3_SECRET_ACCESS_KEY',
    ]);
    expect(problemsOf({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKIDSECRET' })).toEqual([
      'S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID',
    ]);
  });

  it('refuses S3 settings without a bucket rather than ignore them', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
      'S3_BUCKET: S3_BUCKET is required when S3_ENDPOINT is set',
    ]);
    const problems = problemsOf({
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'hunter2-secret',
    });
    expect(problems).toEqual([
      'S3_BUCKET: S3_BUCKET is required when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('sends no e-mail without SMTP_URL, from the site title at no-reply@localhost', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: { name: undefined, address: 'no-reply@localhost' },
    });
  });

  it('takes an smtp:// or smtps:// SMTP_URL and MAIL_FROM with or without a name', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtps://mailer:p%40ss@mail.example.com:465',
        MAIL_FROM: 'White Stroke Art <hello@whitestroke.example>',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://mailer:p%40ss@mail.example.com:465',
      from: { name: 'White Stroke Art', address: 'hello@whitestroke.example' },
    });
    expect(loadConfig({ MAIL_FROM: 'hello@whitestroke.example' }).mail.from).toEqual({
      name: undefined,
      address: 'hello@whitestroke.example',
    });
    expect(loadConfig({ MAIL_FROM: '"Art Space" <a@b.example>' }).mail.from).toEqual({
      name: 'Art Space',
      address: 'a@b.example',
    });
  });

  it('names a bad SMTP_URL without echoing it, and a bad MAIL_FROM with its value', () => {
    const problems = problemsOf({
      SMTP_URL: 'http://mailer:hunter2-secret@mail.example.com',
      MAIL_FROM: 'White Stroke',
    });
    expect(problems).toEqual([
      'SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL with a host, such as smtp://user:password@mail.example.com:587',
      'MAIL_FROM: MAIL_FROM must be an e-mail address, or a name and an address such as White Stroke <no-reply@example.com> (got "White Stroke")',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problemsOf({ SMTP_URL: 'smtp://user:hunter2@' }).join('\n')).not.toContain('hunter2');
    expect(problemsOf({ SMTP_URL: 'mail.example.com:587' })).toHaveLength(1);
  });

  it('takes Razorpay when its three variables are set, and the test checkout otherwise', () => {
    expect(
      loadConfig({
        RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
        RAZORPAY_KEY_SECRET: 'key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      }).payments,
    ).toEqual({
      provider: 'razorpay',
      keyId: 'rzp_test_1DP5mmOlF5G5ag',
      keySecret: 'key-secret',
      webhookSecret: 'webhook-secret',
      apiUrl: 'https://api.razorpay.com',
    });
    expect(loadConfig({}).payments).toEqual({ provider: 'test' });
  });

  it('refuses half a Razorpay setup, naming what is missing and echoing no secret', () => {
    const problems = problemsOf({ RAZORPAY_KEY_SECRET: 'hunter2-secret' });
    expect(problems).toEqual([
      'RAZORPAY_KEY_ID: RAZORPAY_KEY_ID is required with RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET: RAZORPAY_WEBHOOK_SECRET is required with RAZORPAY_KEY_SECRET',
    ]);
    expect(problemsOf({ RAZORPAY_KEY_ID: 'key_123' })[0]).toBe(
      'RAZORPAY_KEY_ID: RAZORPAY_KEY_ID must be a Razorpay key id, such as rzp_test_1DP5mmOlF5G5ag (got "key_123")',
    );
  });

  it('will not take test payments in production unless PAYMENTS_TEST_MODE says so, in one line', () => {
    const site = { NODE_ENV: 'production', PUBLIC_URL: 'https://whitestroke.example' };
    expect(problemsOf(site)).toEqual([`RAZORPAY_KEY_ID: ${TEST_CHECKOUT_IN_PRODUCTION}`]);
    expect(TEST_CHECKOUT_IN_PRODUCTION).not.toContain('\n');
    expect(loadConfig({ ...site, PAYMENTS_TEST_MODE: 'true' }).payments).toEqual({
      provider: 'test',
    });
  });

  it("needs the site's address in production, for the links in e-mails", () => {
    expect(problemsOf({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' })).toEqual([
      `PUBLIC_URL: ${PUBLIC_URL_IN_PRODUCTION}`,
    ]);
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PUBLIC_URL: 'https://whitestroke.example/' }).publicUrl).toBe(
      'https://whitestroke.example',
    );
    for (const bad of [
      'whitestroke.example',
      'https://whitestroke.example/art',
      'ftp://x.example',
    ]) {
      expect(problemsOf({ PUBLIC_URL: bad })).toEqual([
        `PUBLIC_URL: PUBLIC_URL must be the site's address, such as https://whitestroke.example (got ${JSON.stringify(bad)})`,
      ]);
    }
  });
});
