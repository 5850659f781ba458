import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { SQLITE_FILE_NAME } from '../../src/server/db/database.ts';
import { fastifyOf, type Target } from './admin-session.ts';
import { OUR_CLIENT_HEADERS, type TestApp } from './test-app.ts';

/** Uploading images over HTTP as an admin, as the upload widget does. */

export const IMAGE_UPLOAD_URL = '/api/admin/uploads/images';
const BOUNDARY = '----white-stroke-upload';
/** The content type of a body multipartParts made. */
export const MULTIPART_CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A part of a multipart body: a file when it has a filename, else a text field. */
export interface MultipartPart {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart body of these parts in order, as a browser's FormData sends it. */
export function multipartParts(parts: readonly MultipartPart[]): Buffer {
  return Buffer.concat([
    ...parts.flatMap(({ name, filename, type, data }) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"` +
          (filename === undefined ? '' : `; filename="${filename}"`) +
          (type === undefined ? '' : `\r\nContent-Type: ${type}`) +
          '\r\n\r\n',
      ),
      Buffer.from(data),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

/** A multipart body with one file part, as a browser's FormData sends it. */
export function multipartFile(
  data: Buffer,
  { field = 'file', filename = 'photo.jpg', type = 'image/jpeg' } = {},
): Buffer {
  return multipartParts([{ name: field, filename, type, data }]);
}

/**
 * POSTs a multipartFile body (or a stream of one) to the upload route with the session `token`
 * (none: no cookie).
 */
export function postImage(
  target: Target,
  token: string | undefined,
  body: Buffer | Readable,
  headers: Record<string, string> = OUR_CLIENT_HEADERS,
): Promise<LightMyRequestResponse> {
  return fastifyOf(target).inject({
    method: 'POST',
    url: IMAGE_UPLOAD_URL,
    headers: { ...headers, 'content-type': MULTIPART_CONTENT_TYPE },
    ...(token === undefined ? {} : { cookies: { ws_session: token } }),
    payload: body,
  });
}

/** A PNG of this size made here and uploaded (expects 201): the stored image as answered. */
export async function uploadGeneratedImage(
  target: Target,
  token: string,
  width: number,
  height: number,
): Promise<{ url: string; width: number; height: number; srcset: string }> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const response = await postImage(
    target,
    token,
    multipartFile(png, { filename: 'art.png', type: 'image/png' }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/**
 * Every file in the app's own DATA_DIR (stored files, their types, half-written temporary files),
 * relative and sorted; the SQLite database is left out. Other test files' folders never show.
 */
export function dataDirFiles(t: TestApp): string[] {
  const root = t.config.dataDir;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith(SQLITE_FILE_NAME))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}
