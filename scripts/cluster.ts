/**
 * `npm run cluster`: the site as it runs on several machines, on this one (scripts/lib/cluster.ts):
 * nginx answering HTTPS with a self-signed certificate, round robin over two app servers, on a
 * fresh PostgreSQL database (DATABASE_URL's server, default the local one) and one S3-compatible
 * server, with demo content. It prints the address and the admin's password, and runs until
 * Ctrl-C or SIGTERM, then stops everything and drops the database.
 *
 * With a command after it (`node scripts/cluster.ts playwright test -c
 * playwright.cluster.config.ts`, as `npm run test:cluster` does), it runs the command against the
 * cluster instead, with CLUSTER_URL, CLUSTER_HTTP_URL (nginx's plain HTTP, which redirects),
 * CLUSTER_ACCESS_LOG, CLUSTER_SERVERS (comma-separated HOST:PORT) and CLUSTER_ADMIN_PASSWORD in its
 * environment, with the servers' DATABASE_URL and S3_* (`node scripts/cluster.ts node
 * scripts/load.ts` checks what they stored), and exits with the command's code.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { type Cluster, startCluster } from './lib/cluster.ts';
import { ROOT } from './lib/server.ts';

const log = (message: string) => process.stderr.write(`[cluster] ${message}\n`);

function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

/** Runs the command with the cluster's addresses; resolves with its exit code. */
function runCommand(command: string[], cluster: Cluster): Promise<number> {
  return new Promise((resolve) => {
    const [file, ...args] = command as [string, ...string[]];
    const child = spawn(file, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        ...cluster.shared,
        CLUSTER_URL: cluster.url,
        CLUSTER_HTTP_URL: cluster.httpUrl,
        CLUSTER_ACCESS_LOG: cluster.accessLog,
        CLUSTER_SERVERS: cluster.servers.join(','),
        CLUSTER_ADMIN_PASSWORD: cluster.adminPassword,
      },
    });
    // Ctrl-C reaches the command through the terminal: wait for it. A SIGTERM sent to this
    // process alone is passed on.
    const ignore = () => {};
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', ignore);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      log(`could not run ${file}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', ignore);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
    });
  });
}

const command = process.argv.slice(2);
let cluster: Cluster;
try {
  log('starting PostgreSQL database, S3 server, two app servers and nginx…');
  cluster = await startCluster(log);
} catch (error) {
  log(`could not start: ${(error as Error).message}`);
  process.exit(1);
}

let exitCode = 0;
if (command.length > 0) {
  exitCode = await runCommand(command, cluster);
} else {
  console.log(
    [
      `White Stroke runs at ${cluster.url} (a self-signed certificate: the browser warns once)`,
      `  nginx, round robin over ${cluster.servers.join(' and ')}; plain HTTP ${cluster.httpUrl} redirects`,
      `  sign in at ${cluster.url}/admin as admin, password ${cluster.adminPassword}`,
      `  nginx's access log, with the server of each request: ${cluster.accessLog}`,
      'Ctrl-C stops everything and drops the database.',
    ].join('\n'),
  );
  const signal = await waitForSignal();
  log(`${signal} received: stopping`);
}
await cluster.stop();
process.exit(exitCode);
