import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { openExhibitionOfApproved } from '../../../../tests/setup/exhibitions.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { PublicExhibition } from '../../../shared/schemas/exhibition.ts';
import { forgetUnshownCopies } from './display-copies.ts';

/*
 * A display copy's files carry the artist's name, and its address was public: when the admin
 * deletes the entry, or no longer approves it, the display copies' job deletes them (as it does
 * when the artist refuses publication); the gallery stops showing the work within the public
 * content's lifetime.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;
let competitionId: string;
const entries = new Map<string, string>();

const galleryOf = async () =>
  (
    await t.app.inject({ method: 'GET', url: `/api/exhibitions/${competitionId}` })
  ).json<PublicExhibition>();

/** The storage keys of a shown copy: its JPEG and each WebP width. */
const keysOf = (image: { url: string; srcset: string }) =>
  [image.url, ...image.srcset.split(', ').map((part) => part.split(' ')[0]!)].map((url) =>
    url.replace(/^\/media\//, 'public/'),
  );

async function storedKeys(keys: readonly string[]) {
  const found = await Promise.all(keys.map((key) => t.app.deps.storage.stat(key)));
  return keys.filter((_, i) => found[i] !== undefined);
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await addCompetition(t)).competition.id;
  for (const [n, title] of ['Deleted', 'Rejected', 'Kept'].entries())
    entries.set(title, await approvedEntry(t, admin, competitionId, artistNumbered(n + 1), title));
  await t.app.deps.imageJobs.runOnce();
  await openExhibitionOfApproved(t, admin, competitionId);
});

describe(`display copies no one may see (${TEST_ENGINE})`, () => {
  it('are deleted once their entry is deleted or rejected; the others stay', async () => {
    const keys = new Map(
      (await galleryOf()).works.map((work) => [work.title, keysOf(work.image!)] as const),
    );
    expect([...keys.keys()].sort()).toEqual(['Deleted', 'Kept', 'Rejected']);
    const deleted = await asAdmin(
      t,
      admin,
      'DELETE',
      `/api/admin/submissions/${entries.get('Deleted')}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    const rejected = await asAdmin(
      t,
      admin,
      'PUT',
      `/api/admin/submissions/${entries.get('Rejected')}/status`,
      { status: 'rejected' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    // The kept gallery follows an entry's review within the public content's lifetime.
    t.app.deps.contentCache.invalidate();
    expect((await galleryOf()).works.map((w) => w.title)).toEqual(['Kept']);

    // The job's round (it may also run by itself meanwhile: the files are what counts).
    await forgetUnshownCopies(t.app.deps);
    await expect.poll(() => storedKeys(keys.get('Deleted')!), { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => storedKeys(keys.get('Rejected')!), { timeout: 10_000 }).toEqual([]);
    expect(await storedKeys(keys.get('Kept')!)).toEqual(keys.get('Kept'));
    expect(await forgetUnshownCopies(t.app.deps)).toBe(0);
  });
});
