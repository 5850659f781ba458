/**
 * nginx for the cluster (scripts/lib/cluster.ts): finding it, a self-signed certificate, its
 * configuration (deploy/nginx.conf filled in, and nginx's own part), waiting until it answers
 * and stopping it.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { ROOT } from './server.ts';

export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx.conf');

/** How long the cluster waits for an app server or nginx to answer at start. */
export const READY_TIMEOUT_MS = 60_000;
const NGINX_STOP_GRACE_MS = 10_000;

/** `nginx` from PATH, or Debian's /usr/sbin/nginx (not on a normal user's PATH). */
export function findNginx(): string {
  const found = spawnSync('nginx', ['-v'], { stdio: 'ignore' });
  if (found.error === undefined) return 'nginx';
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  throw new Error("No nginx: install Debian's nginx (apt-get install nginx), as .ci/run does");
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid for two days. */
export function makeCertificate(folder: string): { certificate: string; key: string } {
  const certificate = path.join(folder, 'certificate.pem');
  const key = path.join(folder, 'certificate-key.pem');
  const made = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', key, '-out', certificate, '-days', '2', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    ],
    { encoding: 'utf8' },
  );
  if (made.error || made.status !== 0) {
    throw new Error(
      `openssl could not make a certificate (apt-get install openssl): ${made.error?.message ?? made.stderr}`,
    );
  }
  return { certificate, key };
}

/** deploy/nginx.conf with every placeholder filled in; refuses to leave one. */
export function fillNginxTemplate(values: Record<string, string>): string {
  let text = readFileSync(NGINX_TEMPLATE, 'utf8');
  for (const [name, value] of Object.entries(values)) text = text.replaceAll(`{{${name}}}`, value);
  // Only the lines nginx reads: the comments name the placeholders too.
  const left = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .match(/\{\{[A-Z0-9_]+\}\}/g);
  if (left) throw new Error(`${NGINX_TEMPLATE}: no value for ${[...new Set(left)].join(', ')}`);
  return text;
}

/** nginx's own part: everything in `folder`, so it needs no path of the system's nginx. */
export function nginxMainConfig(folder: string, siteFile: string): string {
  const temp = (name: string) => path.join(folder, 'nginx-temp', name);
  return [
    // One worker per core, as Debian's own nginx.conf: one worker alone took every TLS handshake.
    'worker_processes auto;',
    // The cluster's nginx shares two cores with both servers, PostgreSQL and the load's client; a
    // front door on a machine of its own never waits for them. Ignored when not run as root.
    'worker_priority -5;',
    `pid ${path.join(folder, 'nginx.pid')};`,
    'error_log stderr warn;',
    // Each request through it holds two connections, the visitor's and the server's.
    'events { worker_connections 1024; }',
    'http {',
    `    client_body_temp_path ${temp('client-body')};`,
    `    proxy_temp_path ${temp('proxy')};`,
    `    fastcgi_temp_path ${temp('fastcgi')};`,
    `    uwsgi_temp_path ${temp('uwsgi')};`,
    `    scgi_temp_path ${temp('scgi')};`,
    `    include ${siteFile};`,
    '}',
    '',
  ].join('\n');
}

/** The status `url` answers, checking nginx's certificate against `ca`; 0 when no answer. */
function statusOver(url: string, ca: string): Promise<number> {
  return new Promise((resolve) => {
    const request = https.get(url, { ca, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

export async function waitForNginx(nginx: ChildProcess, url: string, ca: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (nginx.exitCode !== null || nginx.signalCode !== null) {
      throw new Error('nginx stopped at start: see its messages above');
    }
    if ((await statusOver(url, ca)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nginx did not answer 200 on ${url} within ${READY_TIMEOUT_MS / 1000} s`);
}

/** Stops nginx the graceful way (SIGQUIT: requests in flight finish), SIGKILL after a grace. */
export async function stopNginx(nginx: ChildProcess): Promise<void> {
  if (nginx.exitCode !== null || nginx.signalCode !== null) return;
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  nginx.kill('SIGQUIT');
  const timer = setTimeout(() => nginx.kill('SIGKILL'), NGINX_STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
