import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../../config.ts';
import { hasErrorCode, StorageUnavailableError } from '../../../http/unreachable.ts';
import { uploadStream } from './s3-upload.ts';
import { assertValidKey, publicUrlOf, type Storage } from './storage.ts';

/** An unreachable endpoint fails the request soon instead of holding it open. */
const CONNECTION_TIMEOUT_MS = 5_000;

/**
 * Whether a GetObject failed because the key holds no object. AWS answers NoSuchKey (404) only
 * to a caller allowed s3:ListBucket; without that permission, a missing key is a 403
 * AccessDenied, since a 404 would tell the caller the key is absent. A least-privilege key
 * (GetObject and PutObject only) is the usual set-up, so that 403 is a missing file too. Any
 * other failure is real: a missing bucket (NoSuchBucket, also 404), wrong credentials
 * (InvalidAccessKeyId, SignatureDoesNotMatch, both 403), an unreachable server.
 */
export function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchKey' || error.name === 'NotFound') return true;
  return error.name === 'AccessDenied' && error.$metadata.httpStatusCode === 403;
}

/** The server's own failures (5xx, after the SDK's retries) and an unreachable server. */
function isUnavailable(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return (error.$metadata.httpStatusCode ?? 0) >= 500;
  }
  return hasErrorCode(error) || (error as Error | undefined)?.name === 'TimeoutError';
}

/** Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), one object per key. */
export function createS3Storage(config: S3Config): Storage {
  const client = new S3Client({
    region: config.region,
    // Other providers answer at their own address, usually without bucket subdomains.
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    // Without keys, the SDK's default chain (environment, shared files, instance role) applies.
    ...(config.accessKeyId && config.secretAccessKey
      ? {
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
        }
      : {}),
    // Since 3.729 the S3 client adds a CRC32 checksum to every upload and checks one on every
    // download; S3-compatible servers without that support refuse the header (Cloudflare R2 at the
    // time: https://github.com/aws/aws-sdk-js-v3/issues/6810). Only operations that require a
    // checksum send one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS },
  });
  const Bucket = config.bucket;
  /** Sends a command; a server that cannot answer now is a StorageUnavailableError. */
  const send: typeof client.send = (async (command: Parameters<typeof client.send>[0]) => {
    try {
      return await client.send(command);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      throw new StorageUnavailableError(
        `The S3 server did not answer: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }) as typeof client.send;

  async function get(key: string) {
    assertValidKey(key);
    try {
      const object = await send(new GetObjectCommand({ Bucket, Key: key }));
      return {
        // In Node the body is the HTTP response itself: streamed on, never buffered here.
        body: object.Body as Readable,
        contentType: object.ContentType ?? 'application/octet-stream',
        size: object.ContentLength ?? 0,
      };
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }

  return {
    async put(key, data, { contentType }) {
      assertValidKey(key);
      await send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
    },

    async putStream(key, body, { contentType }) {
      assertValidKey(key);
      await uploadStream(send, { Bucket, Key: key, ContentType: contentType }, body);
    },

    get,

    async stat(key) {
      assertValidKey(key);
      try {
        const head = await send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          contentType: head.ContentType ?? 'application/octet-stream',
          size: head.ContentLength ?? 0,
        };
      } catch (error) {
        // The answer to a HEAD has no body, so its error has no code: a 404 may be a missing
        // bucket and a 403 wrong credentials as well as a missing key. A GET's error says which
        // (isMissingObject); the rare file it finds after all is closed unread.
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : 0;
        if (status !== 403 && status !== 404) throw error;
        const file = await get(key);
        file?.body.destroy();
        return file && { contentType: file.contentType, size: file.size };
      }
    },

    async delete(key) {
      assertValidKey(key);
      await send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    publicUrl: publicUrlOf,

    async close() {
      client.destroy();
    },
  };
}
