import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';

/*
 * A stream stored in a bucket without knowing its length beforehand (PutObject needs one): a
 * file smaller than one part is sent as a single PutObject; a larger one as a multipart upload,
 * one part in flight, so memory holds at most a part per upload, never the whole file.
 */

/** S3's smallest part but the last. */
export const PART_BYTES = 5 * 1024 * 1024;

type Send = S3Client['send'];

export async function uploadStream(
  send: Send,
  target: { Bucket: string; Key: string; ContentType: string },
  body: Readable,
): Promise<void> {
  const { Bucket, Key } = target;
  let uploadId: string | undefined;
  const parts: { ETag: string | undefined; PartNumber: number }[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const take = () => {
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    return data;
  };
  const sendPart = async () => {
    uploadId ??= (await send(new CreateMultipartUploadCommand(target))).UploadId;
    const PartNumber = parts.length + 1;
    const Body = take();
    const { ETag } = await send(
      new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body }),
    );
    parts.push({ ETag, PartNumber });
  };
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      // The stream waits while a part is sent: back-pressure reaches the artist's connection.
      if (pendingBytes >= PART_BYTES) await sendPart();
    }
    if (uploadId === undefined) {
      await send(new PutObjectCommand({ ...target, Body: take() }));
      return;
    }
    if (pendingBytes > 0) await sendPart();
    await send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (error) {
    body.destroy();
    // The parts sent so far are dropped; an abort that fails leaves them to the bucket's
    // lifecycle rule for incomplete uploads, never as an object under the key.
    if (uploadId !== undefined) {
      await send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(
        () => undefined,
      );
    }
    throw error;
  }
}
