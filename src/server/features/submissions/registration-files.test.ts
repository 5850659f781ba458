import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import {
  addCompetition,
  defaultFiles,
  jpegOf,
  postRegistration,
  registrationData,
  registrationParts,
  registrationState,
} from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { displayKeyOf, largeKeyOf } from '../media/private-images.ts';
import { privateFileUrl } from '../media/private-files.ts';
import { sweepUnclaimedFiles } from '../media/unclaimed-files.ts';
import { storedAnswersOf } from '../../../../tests/setup/stored-answers.ts';

const t = useTestApp();
const db = () => t.app.deps.db;

beforeEach(async () => {
  for (const table of ['email_outbox', 'submissions', 'reference_counters'] as const) {
    await db().deleteFrom(table).execute();
  }
});

/** The stored files of the only submission, as an admin fetches them. */
async function storedImages() {
  const row = await db()
    .selectFrom('submissions')
    .select(['id', 'photo_key'])
    .executeTakeFirstOrThrow();
  const artwork = (await storedAnswersOf(db(), row.id)).artworkUrl as string;
  const token = await signIn(t, 'admin', ADMIN_PASSWORD);
  const fetch = async (key: string) => {
    const response = await asAdmin(t, token, 'GET', privateFileUrl(key));
    expect(response.statusCode, key).toBe(200);
    return response.rawPayload;
  };
  return {
    photo: await fetch(row.photo_key),
    artwork: await fetch(artwork),
    large: await fetch(largeKeyOf(artwork)),
    display: await fetch(displayKeyOf(artwork)),
  };
}

async function register(files: Record<string, Buffer>) {
  const { competition } = await addCompetition(t);
  const response = await postRegistration(
    t,
    registrationParts(registrationData(competition.id), files),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response;
}

describe(`POST /api/submissions on ${TEST_ENGINE}: the images`, () => {
  it('turns a sideways phone photo upright and strips its metadata, GPS included', async () => {
    const sideways = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#e11d48' },
    })
      .jpeg()
      .withExifMerge({
        IFD0: { Make: 'Test Camera', Model: 'Phone 12' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1' },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Person</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
      )
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(sideways).metadata();
    expect({ orientation: before.orientation, exif: !!before.exif, xmp: !!before.xmp }).toEqual({
      orientation: 6,
      exif: true,
      xmp: true,
    });
    await register({ photo: sideways, 'fieldValues.artworkUrl': sideways });
    for (const [name, data] of Object.entries(await storedImages())) {
      const metadata = await sharp(data).metadata();
      expect(metadata.exif, name).toBeUndefined();
      expect(metadata.xmp, name).toBeUndefined();
      // The artwork's original keeps its colour profile (for print); nothing else does.
      expect(metadata.icc, name).toEqual(name === 'artwork' ? before.icc : undefined);
      expect(metadata.orientation ?? 1, name).toBe(1);
      // Upright: taller than wide, as the phone was held.
      expect(metadata.height, name).toBeGreaterThan(metadata.width ?? 0);
      for (const secret of ['Test Camera', 'Phone 12', 'Secret Person']) {
        expect(data.includes(Buffer.from(secret)), `${name}: ${secret}`).toBe(false);
      }
    }
  });

  it('keeps the photo at most 800 px (JPEG), the artwork as sent (its own format) with a 2560 px JPEG and an 800 px WebP copy', async () => {
    await register({
      photo: await jpegOf(3000, 2000),
      'fieldValues.artworkUrl': await sharp({
        create: { width: 4000, height: 3000, channels: 3, background: '#0f766e' },
      })
        .png()
        .toBuffer(),
    });
    const { photo, artwork, large, display } = await storedImages();
    const sizes = async (data: Buffer) => {
      const { format, width, height } = await sharp(data).metadata();
      return { format, width, height };
    };
    expect(await sizes(photo)).toEqual({ format: 'jpeg', width: 800, height: 533 });
    expect(await sizes(artwork)).toEqual({ format: 'png', width: 4000, height: 3000 });
    expect(await sizes(large)).toEqual({ format: 'jpeg', width: 2560, height: 1920 });
    expect(await sizes(display)).toEqual({ format: 'webp', width: 800, height: 600 });
  });

  it('never enlarges a small picture', async () => {
    await register({
      photo: await jpegOf(300, 200),
      'fieldValues.artworkUrl': await jpegOf(640, 480),
    });
    const { photo, artwork, large, display } = await storedImages();
    expect((await sharp(photo).metadata()).width).toBe(300);
    expect((await sharp(artwork).metadata()).width).toBe(640);
    expect((await sharp(large).metadata()).width).toBe(640);
    expect((await sharp(display).metadata()).width).toBe(640);
  });

  it('re-encodes a polyglot: a script after the image data does not survive', async () => {
    const jpeg = await jpegOf(300, 300);
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert(document.cookie)</script>')]);
    await register({ photo: polyglot, 'fieldValues.artworkUrl': polyglot });
    for (const data of Object.values(await storedImages())) {
      expect(data.includes(Buffer.from('<script>'))).toBe(false);
    }
  });
});

describe(`POST /api/submissions on ${TEST_ENGINE}: nothing left behind`, () => {
  /** Makes every insert into submissions fail, as a database refusing the write would. */
  async function refuseSubmissionRows(): Promise<() => Promise<void>> {
    if (TEST_ENGINE === 'postgres') {
      await sql`create function refuse_submission() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`.execute(
        db(),
      );
      await sql`create trigger refuse_submission before insert on submissions for each row execute function refuse_submission()`.execute(
        db(),
      );
      return async () => {
        await sql`drop trigger refuse_submission on submissions`.execute(db());
        await sql`drop function refuse_submission()`.execute(db());
      };
    }
    await sql`create trigger refuse_submission before insert on submissions begin select raise(abort, 'refused by the test'); end`.execute(
      db(),
    );
    return async () => {
      await sql`drop trigger refuse_submission`.execute(db());
    };
  }

  it('removes the files written when the submission row cannot be saved, and queues no e-mail', async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    const before = await registrationState(t);
    const allow = await refuseSubmissionRows();
    try {
      const response = await postRegistration(
        t,
        registrationParts(registrationData(competition.id), files),
      );
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe('INTERNAL_ERROR');
    } finally {
      await allow();
    }
    expect(await registrationState(t)).toEqual(before);
    // Nor does the sweeper, an hour later, find anything of it.
    expect(await sweepUnclaimedFiles(t.app.deps, new Date(Date.now() + 2 * 60 * 60 * 1000))).toBe(
      0,
    );
    // The same registration, sent again with a working database, is saved.
    const again = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), files),
    );
    expect(again.statusCode, again.body).toBe(201);
  });
});
