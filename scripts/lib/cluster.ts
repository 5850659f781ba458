/**
 * The site as it runs on several machines, on this one: Debian's nginx answering HTTPS (a
 * self-signed certificate for 127.0.0.1 and localhost, made by openssl) in front of two app
 * servers, round robin, on a fresh PostgreSQL database and one S3-compatible server (s3rver).
 * nginx's site configuration is deploy/nginx.conf, the file the production guide shows, filled in
 * here. Everything lives in a throw-away folder; `stop()` stops it all and drops the database.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isClientBuildStale } from '../../src/server/client-build.ts';
import { startS3Server } from '../../tests/setup/s3-server.ts';
import { printedUrl } from '../../tests/setup/server-process.ts';
import {
  fillNginxTemplate,
  findNginx,
  makeCertificate,
  nginxMainConfig,
  READY_TIMEOUT_MS,
  stopNginx,
  waitForNginx,
} from './cluster-nginx.ts';
import { findFreePort } from './free-port.ts';
import {
  CLIENT_DIR,
  ROOT,
  type RunningServer,
  startServer,
  stopServer,
  waitUntilReady,
} from './server.ts';

export { fillNginxTemplate, NGINX_TEMPLATE } from './cluster-nginx.ts';

type Log = (message: string) => void;

export interface Cluster {
  /** The site's address through nginx: https://127.0.0.1:<port>. */
  url: string;
  /** nginx's plain HTTP address, which only redirects to `url`. */
  httpUrl: string;
  /** The app servers' HOST:PORT, as nginx's access log names them ($upstream_addr). */
  servers: string[];
  /** nginx's access log, one line per request with the server that answered it. */
  accessLog: string;
  /** The self-signed certificate nginx presents (PEM), for a client that checks it. */
  certificate: string;
  /** The first admin `admin`'s password. */
  adminPassword: string;
  /** What both servers share (DATABASE_URL, S3_*): a command that checks what they stored. */
  shared: Record<string, string>;
  stop(): Promise<void>;
}

/** A fresh database on the PostgreSQL server at `serverUrl`; `drop` removes it. */
async function createDatabase(serverUrl: string) {
  const name = `ws_cluster_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function ensureClientBuild(log: Log): void {
  if (!isClientBuildStale(CLIENT_DIR)) return;
  log('dist/client is missing or older than its sources: building the browser app first');
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.ts')], {
    cwd: ROOT,
    stdio: ['inherit', 2, 'inherit'],
  });
  if (build.status !== 0) throw new Error('The build failed: see its output above');
}

/** Starts one app server on a free port; resolves with it once /api/health answers. */
async function startAppServer(name: string, env: NodeJS.ProcessEnv, log: Log) {
  const server = startServer(name, path.join(ROOT, 'src/server/main.ts'), env, log);
  try {
    const url = await Promise.race([
      printedUrl(server.child, READY_TIMEOUT_MS),
      server.exited.then(() => {
        throw new Error(`${name} stopped at start: see its messages above`);
      }),
    ]);
    await waitUntilReady(server, `${url}/api/health`);
    return { server, address: new URL(url).host };
  } catch (error) {
    await stopServer(server);
    throw error;
  }
}

/**
 * Starts the cluster. The PostgreSQL server is DATABASE_URL's (default the local one), where a
 * database of its own is made; ADMIN_PASSWORD, when set, is the first admin's password.
 */
export async function startCluster(log: Log): Promise<Cluster> {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        log(`while stopping: ${(error as Error).message}`);
      }
    }
  };
  try {
    const nginxPath = findNginx();
    const folder = mkdtempSync(path.join(os.tmpdir(), 'ws-cluster-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    // nginx's workers run as `nobody` when it is started by root: they must reach the temp folders.
    if (process.getuid?.() === 0) chmodSync(folder, 0o711);
    mkdirSync(path.join(folder, 'nginx-temp'));

    const database = await createDatabase(
      process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    );
    cleanups.push(database.drop);
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const tls = makeCertificate(folder);
    ensureClientBuild(log);

    const [httpsPort, httpPort] = [await findFreePort(), await findFreePort()];
    const url = `https://127.0.0.1:${httpsPort}`;
    const adminPassword = process.env.ADMIN_PASSWORD || randomBytes(18).toString('base64url');
    const servers: RunningServer[] = [];
    cleanups.push(() => Promise.all(servers.map((server) => stopServer(server))));
    const shared = {
      DATABASE_URL: database.url,
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint ?? '',
      S3_REGION: s3.config.region,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey ?? '',
    };
    const addresses: string[] = [];
    // One after the other: the first makes the tables, the admin and the demo content.
    for (const n of [1, 2]) {
      const dataDir = path.join(folder, `server-${n}`);
      mkdirSync(dataDir);
      const started = await startAppServer(
        `app server ${n}`,
        {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: dataDir,
          CLIENT_DIR,
          ...shared,
          PUBLIC_URL: url,
          // nginx connects from here: X-Forwarded-* is believed from it alone.
          TRUST_PROXY: '127.0.0.1',
          ADMIN_PASSWORD: adminPassword,
          SEED_DEMO: 'true',
          // No Razorpay here: paid entries go through the built-in test checkout.
          PAYMENTS_TEST_MODE: 'true',
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        },
        log,
      );
      servers.push(started.server);
      addresses.push(started.address);
    }

    const accessLog = path.join(folder, 'access.log');
    const siteFile = path.join(folder, 'white-stroke.conf');
    writeFileSync(
      siteFile,
      fillNginxTemplate({
        SERVER_NAME: '127.0.0.1 localhost',
        PUBLIC_URL: url,
        HTTP_LISTEN: `127.0.0.1:${httpPort}`,
        HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
        CERTIFICATE: tls.certificate,
        CERTIFICATE_KEY: tls.key,
        APP_SERVER_1: addresses[0] as string,
        APP_SERVER_2: addresses[1] as string,
        ACCESS_LOG: accessLog,
        PAGE_CACHE: path.join(folder, 'nginx-page-cache'),
      }),
    );
    const mainConfig = path.join(folder, 'nginx.conf');
    writeFileSync(mainConfig, nginxMainConfig(folder, siteFile));
    const nginx = spawn(
      nginxPath,
      ['-p', folder, '-e', 'stderr', '-c', mainConfig, '-g', 'daemon off;'],
      // Its messages are progress, as the app servers' are: stderr.
      { stdio: ['ignore', 2, 2] },
    );
    nginx.on('error', (error) => log(`nginx: ${error.message}`));
    cleanups.push(() => stopNginx(nginx));
    const certificate = readFileSync(tls.certificate, 'utf8');
    await waitForNginx(nginx, `${url}/api/health`, certificate);

    return {
      url,
      httpUrl: `http://127.0.0.1:${httpPort}`,
      servers: addresses,
      accessLog,
      certificate,
      adminPassword,
      shared,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
