/**
 * "The physical limit" of `npm run lighthouse`: a local HTTP proxy in front of the real
 * server that serves every page WITHOUT its scripts, so Lighthouse can measure what the same
 * markup, styles, fonts and images score with no JavaScript at all, next to our page.
 *
 * Every request goes to the real server unchanged. An HTML answer is asked for uncompressed,
 * loses every `<script>` but data blocks (`type="application/json"` or any other JSON type, which
 * a browser never runs), every `<link rel="modulepreload">` and `<link rel="preload" as="script">`,
 * and goes back compressed as the browser asked (br, else gzip): the copy travels about as many
 * bytes as ours, so the comparison is of the scripts, not of the compression. Other headers, the
 * Content-Security-Policy included, pass through.
 */
import http from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const SCRIPT = /<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi;
const JSON_TYPE = /\btype\s*=\s*["']?application\/([\w.+-]*\+)?json["'\s>]/i;
const SCRIPT_LINK =
  /<link\b(?=[^>]*\brel\s*=\s*["']?modulepreload\b|[^>]*\bas\s*=\s*["']?script\b)[^>]*>/gi;

/** The page's HTML with no script left to run or to fetch. */
export function stripScripts(html: string): string {
  return html
    .replace(SCRIPT, (whole, attributes: string) => (JSON_TYPE.test(`${attributes}>`) ? whole : ''))
    .replace(SCRIPT_LINK, '');
}

export interface NoScriptProxy {
  /** The proxy's origin, such as http://127.0.0.1:40123. */
  base: string;
  close: () => Promise<void>;
}

/** Headers that describe the body as the server sent it, which the rewrite changes. */
const BODY_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding', 'etag'];

function readAll(stream: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

async function compressLike(body: Buffer, acceptEncoding: string) {
  const accepted = acceptEncoding.split(',').map((entry) => entry.split(';')[0]?.trim());
  if (accepted.includes('br')) return { encoding: 'br', body: await brotli(body) };
  if (accepted.includes('gzip')) return { encoding: 'gzip', body: await gzip(body) };
  return { encoding: undefined, body };
}

/** Starts the proxy for `upstream` (http://host:port) on `port` of 127.0.0.1. */
export function startNoScriptProxy(upstream: string, port: number): Promise<NoScriptProxy> {
  const target = new URL(upstream);
  const server = http.createServer((request, response) => {
    const acceptEncoding = String(request.headers['accept-encoding'] ?? '');
    const headers = { ...request.headers, host: target.host };
    // Pages come uncompressed so they can be rewritten; other files as the browser asked.
    const wantsHtml = String(request.headers.accept ?? '').includes('text/html');
    if (wantsHtml) headers['accept-encoding'] = 'identity';
    const forwarded = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers,
      },
      (answer) => {
        const location = answer.headers.location;
        if (location?.startsWith(target.origin)) {
          answer.headers.location = location.replace(target.origin, `http://127.0.0.1:${port}`);
        }
        const isHtml = String(answer.headers['content-type'] ?? '').startsWith('text/html');
        const identity = (answer.headers['content-encoding'] ?? 'identity') === 'identity';
        if (!isHtml || !identity) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        void readAll(answer)
          .then(async (raw) => {
            const stripped = Buffer.from(stripScripts(raw.toString('utf8')));
            const out = await compressLike(stripped, acceptEncoding);
            const outHeaders = { ...answer.headers };
            for (const name of BODY_HEADERS) delete outHeaders[name];
            if (out.encoding) outHeaders['content-encoding'] = out.encoding;
            outHeaders['content-length'] = String(out.body.length);
            response.writeHead(answer.statusCode ?? 502, outHeaders);
            response.end(request.method === 'HEAD' ? undefined : out.body);
          })
          .catch((error: unknown) => {
            response.destroy(error as Error);
          });
      },
    );
    forwarded.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`no-script proxy: ${error.message}`);
    });
    request.pipe(forwarded);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        base: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
