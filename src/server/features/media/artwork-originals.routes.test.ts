import sharp from 'sharp';
import { fromBufferPromise } from 'yauzl';
import { buffer } from 'node:stream/consumers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { addJuror, asJuror, setUpJudging } from '../../../../tests/setup/jury.ts';
import {
  addCompetition,
  clearRegistrations,
  jpegOf,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { storedAnswersOf } from '../../../../tests/setup/stored-answers.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { archivePath } from '../../../shared/schemas/archive.ts';
import type { JurorRound, RoundSummary, Work } from '../../../shared/schemas/jury.ts';
import { privateFileUrl } from './private-files.ts';
import { displayKeyOf, largeKeyOf } from './private-images.ts';

/*
 * Originals kept, over HTTP: an artwork sent at full size is kept as sent (upright, stripped, its
 * own format); the admin's downloads and the archive give that original; jurors get the display
 * copy and, to zoom in, the large JPEG (an entry kept before originals falls back to its file).
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});
beforeEach(() => clearRegistrations(t));

/** A PNG as a camera app writes it: 4000 × 3000 on the sensor, held upright, with GPS. */
const cameraPng = () =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#0f766e' } })
    .withExifMerge({
      IFD0: { Make: 'Test Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .png({ compressionLevel: 1 })
    .toBuffer();

/** Registers an entry with this artwork, approves it; answers its id and artwork key. */
async function enter(competitionId: string, artwork: Buffer) {
  const files = { photo: await jpegOf(600, 800, '#e11d48'), 'fieldValues.artworkUrl': artwork };
  const response = await postRegistration(
    t,
    registrationParts(registrationData(competitionId), files),
  );
  expect(response.statusCode, response.body).toBe(201);
  const { id } = response.json<{ id: string }>();
  await asAdmin(t, admin, 'PUT', `/api/admin/submissions/${id}/status`, { status: 'approved' });
  return { id, key: (await storedAnswersOf(t.app.deps.db, id)).artworkUrl as string };
}

const sizeOf = async (data: Buffer) => {
  const { format, width, height, exif } = await sharp(data).metadata();
  return { format, width, height, exif: exif !== undefined };
};

describe(`an artwork's original on ${TEST_ENGINE}`, () => {
  it('is kept at full size in its own format, and is what downloads and the archive give', async () => {
    const { competition } = await addCompetition(t);
    const { id, key } = await enter(competition.id, await cameraPng());
    expect(key).toMatch(/\/artworkurl-[0-9a-f]{8}\.png$/);
    const original = { format: 'png', width: 3000, height: 4000, exif: false };
    const file = await asAdmin(t, admin, 'GET', privateFileUrl(key));
    expect(await sizeOf(file.rawPayload)).toEqual(original);
    expect(file.rawPayload.includes(Buffer.from('Test Camera'))).toBe(false);
    // Beside it, the copies for screens.
    const large = await asAdmin(t, admin, 'GET', privateFileUrl(largeKeyOf(key)));
    expect(await sizeOf(large.rawPayload)).toEqual({
      ...original,
      format: 'jpeg',
      width: 1920,
      height: 2560,
    });
    const display = await asAdmin(t, admin, 'GET', privateFileUrl(displayKeyOf(key)));
    expect(await sizeOf(display.rawPayload)).toMatchObject({
      format: 'webp',
      width: 600,
      height: 800,
    });

    const download = await asAdmin(
      t,
      admin,
      'GET',
      `/api/admin/submissions/${id}/download/artworkUrl`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/_artwork-photo\.png"/);
    expect(download.rawPayload.equals(file.rawPayload)).toBe(true);

    const archive = await asAdmin(t, admin, 'GET', archivePath(competition.id, false));
    expect(archive.statusCode).toBe(200);
    const zip = await fromBufferPromise(archive.rawPayload, { lazyEntries: true });
    const packed: { name: string; bytes: Buffer }[] = [];
    for await (const entry of zip.eachEntry()) {
      packed.push({
        name: entry.fileName,
        bytes: await buffer(await zip.openReadStreamPromise(entry)),
      });
    }
    expect(packed).toHaveLength(1);
    expect(packed[0]!.name).toMatch(/_artwork-photo\.png$/);
    expect(packed[0]!.bytes.equals(file.rawPayload)).toBe(true);
  });

  it("jurors get the display copy and the large JPEG, never the original; an older entry's file stands in", async () => {
    const { competition } = await addCompetition(t);
    const { key } = await enter(competition.id, await cameraPng());
    const juror = await addJuror(t, 'juror.originals', 'Dee Mensah');
    await setUpJudging(t, admin, competition.id, [juror.id], 1);
    const rounds = `/api/admin/competitions/${competition.id}/rounds`;
    const roundId = (await asAdmin(t, admin, 'POST', rounds, {})).json<RoundSummary>().id;
    expect((await asAdmin(t, admin, 'POST', `${rounds}/${roundId}/open`)).statusCode).toBe(200);
    const [round] = (await asJuror(t, juror.token, 'GET', '/api/jury/rounds')).json<JurorRound[]>();
    const work = (
      await asJuror(t, juror.token, 'GET', `/api/jury/rounds/${roundId}/works/${round!.firstAlias}`)
    ).json<Work>();
    const url = work.images[0]!.url;
    const shown = await asJuror(t, juror.token, 'GET', url);
    expect(await sizeOf(shown.rawPayload)).toMatchObject({
      format: 'webp',
      width: 600,
      height: 800,
    });
    const zoomed = await asJuror(t, juror.token, 'GET', `${url}?size=full`);
    expect(zoomed.headers['content-disposition']).toMatch(/-full\.jpg"$/);
    expect(await sizeOf(zoomed.rawPayload)).toMatchObject({
      format: 'jpeg',
      width: 1920,
      height: 2560,
    });

    // An entry kept before originals were: its file is the JPEG of at most 2560 px, no copy.
    const kept = await jpegOf(2560, 1920);
    await t.app.deps.storage.delete(largeKeyOf(key));
    await t.app.deps.storage.put(key, kept, { contentType: 'image/jpeg' });
    const older = await asJuror(t, juror.token, 'GET', `${url}?size=full`);
    expect(older.statusCode).toBe(200);
    expect(older.rawPayload.equals(kept)).toBe(true);
  });
});
