import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/server/config.ts';

export interface TestS3Server {
  /** What S3_* would configure to use this server. */
  config: S3Config;
  /** The folder where the server keeps its buckets' objects. */
  directory: string;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API, signatures checked) on a free port of
 * 127.0.0.1, keeping its objects in a temporary folder, with one empty bucket.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'ws-s3-'));
  const bucket = 'white-stroke-test';
  const server = new S3rver({
    address: '127.0.0.1',
    // Port 0: the system hands out a free port as it binds, so no other process can take it first.
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver accepts only these and verifies each request's signature with them.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** An S3 error as AWS sends it: the HTTP status and the error document's code (none: no body). */
export interface S3ErrorAnswer {
  status: number;
  code?: string;
}

/**
 * An HTTP server that answers every request for a key with the S3 error `answers` gives for it,
 * as AWS words it, for the answers s3rver never gives: AWS's 403 AccessDenied for a missing key
 * when the caller may not list the bucket, or a bare 404 from another S3-compatible service.
 * Keys it has no answer for get NoSuchKey.
 */
export async function startS3ErrorServer(
  answers: Record<string, S3ErrorAnswer>,
): Promise<{ config: S3Config; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    // Path-style: /<bucket>/<key>
    const key = new URL(request.url ?? '/', 'http://s3').pathname.split('/').slice(2).join('/');
    const { status, code } = answers[key] ?? { status: 404, code: 'NoSuchKey' };
    if (code === undefined) {
      response.writeHead(status).end();
      return;
    }
    response
      .writeHead(status, { 'content-type': 'application/xml' })
      .end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code>` +
          `<Message>${code}</Message><RequestId>TEST</RequestId></Error>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    config: {
      bucket: 'white-stroke-test',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'TEST',
      secretAccessKey: 'TEST',
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
