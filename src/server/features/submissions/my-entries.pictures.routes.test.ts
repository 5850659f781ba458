import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { artistCookies, signInArtist } from '../../../../tests/setup/artist-session.ts';
import { artistNumbered } from '../../../../tests/setup/jury.ts';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { storedAnswersOf } from '../../../../tests/setup/stored-answers.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { MyEntries } from '../../../shared/schemas/artist.ts';
import { displayKeyOf, uploadKeyOf } from '../media/media.service.ts';

/*
 * "My entries" just after registering, on a busy server: the entry's picture jobs have not run,
 * so its photo and artwork exist only as sent. The artist is shown those (not a 404, which the
 * page drew as broken images), then the made copies once the jobs have run.
 */

// The jobs run when the test says: a background round would make the pictures first.
const t = useTestApp({ imageJobs: { background: false } });
const artist = artistNumbered(3);

async function storedBytes(key: string): Promise<Buffer> {
  const file = await t.app.deps.storage.get(key);
  expect(file, key).toBeDefined();
  return buffer(file!.body);
}

describe(`my entries' pictures while they are made (${TEST_ENGINE})`, () => {
  it('serves the pictures as sent until their jobs run, then the copies made', async () => {
    const { competition } = await addCompetition(t);
    const data = registrationData(competition.id, { ...artist });
    const registered = await postRegistration(t, registrationParts(data, await defaultFiles()), {
      waitForPictures: false,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { id } = registered.json<{ id: string }>();
    const { photo_key: photoKey } = await t.app.deps.db
      .selectFrom('submissions')
      .select('photo_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const artworkKey = (await storedAnswersOf(t.app.deps.db, id)).artworkUrl as string;
    expect(await t.app.deps.storage.get(photoKey)).toBeUndefined();

    const cookies = artistCookies(await signInArtist(t.app, artist.email));
    const listed = await t.app.inject({ method: 'GET', url: '/api/me/entries', cookies });
    expect(listed.statusCode, listed.body).toBe(200);
    const [entry] = listed.json<MyEntries>().entries;
    const photoUrl = entry!.photo!.url;
    const artworkUrl = entry!.works[0]!.files[0]!.url;
    const get = (url: string) => t.app.inject({ method: 'GET', url, cookies });

    for (const [url, key] of [
      [photoUrl, photoKey],
      [artworkUrl, artworkKey],
    ] as const) {
      const asSent = await get(url);
      expect(asSent.statusCode, `${url}: ${asSent.body}`).toBe(200);
      expect(asSent.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'cache-control': 'private, no-store',
      });
      expect(asSent.rawPayload.equals(await storedBytes(uploadKeyOf(key)))).toBe(true);
    }

    expect(await t.app.deps.imageJobs.runOnce()).toBe(2);
    const photo = await get(photoUrl);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(await storedBytes(photoKey))).toBe(true);
    const artwork = await get(artworkUrl);
    expect(artwork.statusCode).toBe(200);
    expect(artwork.headers['content-type']).toBe('image/webp');
    expect(artwork.rawPayload.equals(await storedBytes(displayKeyOf(artworkKey)))).toBe(true);
  });
});
