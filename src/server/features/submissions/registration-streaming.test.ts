import { readdirSync } from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
  registrationState,
  unclaimedKeys,
} from '../../../../tests/setup/registration.ts';
import { startS3Server, type TestS3Server } from '../../../../tests/setup/s3-server.ts';
import { buildTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { IMAGE_TOO_LARGE } from '../../../shared/domain/image-upload.ts';
import { uploadKeyOf } from '../media/private-images.ts';

/*
 * Uploads stream to storage as they arrive: a part over the limit is refused by name and leaves
 * no object behind (a multipart upload to S3 is abandoned, a local temporary file removed), a
 * refused picture takes the files already stored with it, and a file longer than one S3 part is
 * stored whole, byte for byte.
 */

/** Every file under a folder, relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

const ARTWORK = 'fieldValues.artworkUrl';
/** A whole JPEG followed by `size` bytes of padding: read as the picture it starts with. */
const padded = (jpeg: Buffer, size: number) => Buffer.concat([jpeg, Buffer.alloc(size)]);

const BACKENDS = [
  { name: 'the local folder', s3: false },
  { name: 'an S3-compatible server', s3: true },
];

describe.each(BACKENDS)(`streamed uploads to $name, on ${TEST_ENGINE}`, ({ s3 }) => {
  let server: TestS3Server | undefined;
  let t: TestApp;
  /** What the storage holds: the bucket's folder, or DATA_DIR's uploads. */
  const stored = () =>
    server
      ? filesUnder(server.directory).filter((file) => file.includes('private'))
      : filesUnder(t.config.dataDir).filter((file) => file.startsWith('uploads/'));

  beforeAll(async () => {
    server = s3 ? await startS3Server() : undefined;
    t = await buildTestApp(server ? { s3: server.config } : {});
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('refuses a part over 10 MB with 413 naming it, and leaves no object', async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    const before = await registrationState(t);
    const storedBefore = stored();
    const big = padded(files[ARTWORK] as Buffer, 10 * 1024 * 1024);
    const response = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), { ...files, [ARTWORK]: big }),
    );
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual({
      error: {
        code: 'FILE_TOO_LARGE',
        message: IMAGE_TOO_LARGE,
        fields: { [ARTWORK]: IMAGE_TOO_LARGE },
      },
    });
    // The photo stored before it is gone too.
    expect(await registrationState(t)).toEqual(before);
    expect(stored()).toEqual(storedBefore);
  });

  it('removes the files already stored when a later part is refused', async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    const before = stored();
    const notAPicture = Buffer.from('<?php system($_GET["c"]); ?>'.repeat(4000));
    const response = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), { ...files, [ARTWORK]: notAPicture }),
    );
    expect(response.statusCode, response.body).toBe(415);
    expect(await unclaimedKeys(t.app.deps.db)).toEqual([]);
    expect(stored()).toEqual(before);
  });

  it('stores a file longer than one S3 part whole, as sent', async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    const artwork = padded(files[ARTWORK] as Buffer, 7 * 1024 * 1024);
    const response = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), { ...files, [ARTWORK]: artwork }),
      { waitForPictures: false },
    );
    expect(response.statusCode, response.body).toBe(201);
    const work = await t.app.deps.db
      .selectFrom('entry_works')
      .select('field_values')
      .where('submission_id', '=', (response.json() as { id: string }).id)
      .executeTakeFirstOrThrow();
    const key = (JSON.parse(work.field_values) as { artworkUrl: string }).artworkUrl;
    const file = await t.app.deps.storage.get(uploadKeyOf(key));
    expect(file && (await buffer(file.body)).equals(artwork)).toBe(true);
    expect(await unclaimedKeys(t.app.deps.db)).toEqual([]);
  });
});
