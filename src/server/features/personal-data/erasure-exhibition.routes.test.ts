import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { openExhibitionOfApproved } from '../../../../tests/setup/exhibitions.ts';
import { asArtist, signInArtist } from '../../../../tests/setup/artist-session.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { PublicExhibition } from '../../../shared/schemas/exhibition.ts';
import type { ErasureRequest } from '../../../shared/schemas/personal-data.ts';
import { makeDisplayCopies } from '../exhibitions/display-copies.ts';

/*
 * The exhibition's display copies carry the artist's name in their bytes (EXIF and XMP). Erasing
 * the artist deletes those files with the entry's own; the worker makes none again (the picture
 * is gone). A copy whose work's creator changed (consent now 'anonymous') is made again, the
 * name withheld, and the old files deleted.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;
let competitionId: string;
const erased = artistNumbered(1);
const veiling = artistNumbered(2);

const galleryOf = async () =>
  (
    await t.app.inject({ method: 'GET', url: `/api/exhibitions/${competitionId}` })
  ).json<PublicExhibition>();

const workTitled = async (title: string) =>
  (await galleryOf()).works.find((w) => w.title === title)!;

/** Every file of a shown copy: the JPEG and each WebP width. */
const keysOf = (image: { url: string; srcset: string }) =>
  [image.url, ...image.srcset.split(', ').map((part) => part.split(' ')[0]!)].map((url) =>
    url.replace(/^\/media\//, 'public/'),
  );

/** The file's bytes and what sharp reads of its EXIF and XMP, as one text to search. */
async function metadataOf(key: string): Promise<string> {
  const file = await t.app.deps.storage.get(key);
  expect(file, key).toBeTruthy();
  const bytes = await buffer(file!.body);
  const meta = await sharp(bytes).metadata();
  const xmp = meta.xmpAsString ?? meta.xmp?.toString('utf8') ?? '';
  return `${xmp}\n${meta.exif?.toString('latin1') ?? ''}\n${bytes.toString('latin1')}`;
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await addCompetition(t)).competition.id;
  await approvedEntry(t, admin, competitionId, erased, 'Harbour at Dusk');
  await approvedEntry(t, admin, competitionId, veiling, 'Quiet Field');
  await t.app.deps.imageJobs.runOnce();
  await openExhibitionOfApproved(t, admin, competitionId);
});

describe(`an exhibited artist's display copies (${TEST_ENGINE})`, () => {
  it('are deleted when the artist is erased, and not made again with the name', async () => {
    const before = await workTitled('Harbour at Dusk');
    const keys = keysOf(before.image!);
    const { reference } = await t.app.deps.db
      .selectFrom('submissions')
      .select('reference')
      .where('email', '=', erased.email)
      .executeTakeFirstOrThrow();
    for (const key of keys) expect(await metadataOf(key)).toContain(erased.fullName);
    const token = await signInArtist(t, erased.email);
    const asked = await asArtist(t, token, 'POST', '/api/me/erasure');
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json<ErasureRequest>().id;
    const done = await asAdmin(t, admin, 'POST', `/api/admin/erasure-requests/${id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    for (const key of keys) expect(await t.app.deps.storage.stat(key)).toBeUndefined();
    // The worker's next round: the picture went with the entry, so there is nothing to show.
    await makeDisplayCopies(t.app.deps, competitionId);
    const rows = await t.app.deps.db
      .selectFrom('exhibition_works as x')
      .innerJoin('submissions as s', 's.id', 'x.submission_id')
      .select('x.display_image')
      .where('s.reference', '=', reference)
      .execute();
    expect(rows).toEqual([{ display_image: null }]);
    // Withdrawn by the erasure, or shown with the name withheld: either way nameless.
    const after = (await galleryOf()).works.find((w) => w.workId === before.workId);
    expect(after?.artist ?? null).toBeNull();
    for (const key of after?.image ? keysOf(after.image) : []) {
      expect(await metadataOf(key)).not.toContain(erased.fullName);
    }
    const gallery = await t.app.inject({ method: 'GET', url: `/api/exhibitions/${competitionId}` });
    expect(gallery.body).not.toContain(erased.fullName);
  });

  it('are made again, the name withheld, when the artist withholds it', async () => {
    const before = (await workTitled('Quiet Field')).image!;
    for (const key of keysOf(before)) expect(await metadataOf(key)).toContain(veiling.fullName);
    await t.app.deps.db
      .updateTable('submissions')
      .set({ publication_consent: 'anonymous' })
      .where('email', '=', veiling.email)
      .execute();
    expect(await makeDisplayCopies(t.app.deps, competitionId)).toBe(1);
    const after = (await workTitled('Quiet Field')).image!;
    expect(after.url).not.toBe(before.url);
    for (const key of keysOf(after)) {
      const text = await metadataOf(key);
      expect(text).toContain('Name withheld');
      expect(text).not.toContain(veiling.fullName);
    }
    for (const key of keysOf(before)) expect(await t.app.deps.storage.stat(key)).toBeUndefined();
    // Made once: the copy now matches its work.
    expect(await makeDisplayCopies(t.app.deps, competitionId)).toBe(0);
  });
});
