import { mkdtempSync, rmSync } from 'node:fs';
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
