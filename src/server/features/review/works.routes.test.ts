import { buffer } from 'node:stream/consumers';
import { beforeEach, describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import {
  ADMIN_PASSWORD,
  asAdmin,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import {
  addCompetition,
  clearRegistrations,
  jpegOf,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { archivePath } from '../../../shared/schemas/archive.ts';
import type { ReviewItem } from '../../../shared/schemas/review.ts';

const t = useAdminTestApp();
let token: string;

beforeEach(async () => {
  await clearRegistrations(t);
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

/** An entry of two works, Rain and Sun, each with its own picture. */
async function registerTwoWorks() {
  const { competition } = await addCompetition(t, { max_works: 2 });
  const { fieldValues, ...data } = registrationData(competition.id);
  const works = ['Rain', 'Sun'].map((title) => ({
    fieldValues: { ...fieldValues, artworkTitle: title },
  }));
  const files = {
    photo: await jpegOf(300, 400, '#e11d48'),
    'works.0.artworkUrl': await jpegOf(500, 400, '#0f766e'),
    'works.1.artworkUrl': await jpegOf(400, 500, '#1d4ed8'),
  };
  const response = await postRegistration(
    t,
    registrationParts({ ...data, fieldValues: {}, works }, files),
  );
  expect(response.statusCode, response.body).toBe(201);
  return { competitionId: competition.id, id: response.json<{ id: string }>().id };
}

const get = (url: string) => asAdmin(t, token, 'GET', url);

describe(`an entry of several works in the review on ${TEST_ENGINE}`, () => {
  it("lists each work's answers on the entry, and downloads each work's picture", async () => {
    const { id } = await registerTwoWorks();
    const item = (await get(`/api/admin/submissions/${id}/review`)).json<ReviewItem>();
    expect(item.works?.map((w) => w.number)).toEqual([1, 2]);
    const titles = item.works?.map((w) => w.fields.find((f) => f.id === 'artworkTitle')?.value);
    expect(titles).toEqual(['Rain', 'Sun']);
    expect(item.works?.[1]?.fields.find((f) => f.id === 'artworkUrl')?.value).toMatch(
      /^\/api\/admin\/files\//,
    );
    const second = await get(`/api/admin/submissions/${id}/download/artworkUrl-2`);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-disposition']).toContain('work-2-artwork-photo');
  });

  it('exports a CSV row a work, the entry repeated, and zips every work named with its number', async () => {
    const { competitionId, id } = await registerTwoWorks();
    const csv = await get('/api/admin/submissions/export.csv');
    const [header, ...rows] = csv.body.slice(1).trim().split('\r\n');
    expect(header).toContain(
      'Entry fee (INR),Gross (INR),Discount (INR),Net (INR),Work,Artwork Title,Artwork Photo',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/,Aarav Sharma,.*,1,Rain,/);
    expect(rows[1]).toMatch(/,Aarav Sharma,.*,2,Sun,/);
    expect(rows[1]).toContain(`/api/admin/submissions/${id}/download/artworkUrl-2`);
    const zip = await get(archivePath(competitionId, false));
    expect(zip.statusCode).toBe(200);
    const archive = await fromBufferPromise(zip.rawPayload, { lazyEntries: true });
    const names: string[] = [];
    for await (const entry of archive.eachEntry()) {
      names.push(entry.fileName);
      await buffer(await archive.openReadStreamPromise(entry));
    }
    expect(names).toHaveLength(2);
    expect(names[0]).toContain('work-1-artwork-photo');
    expect(names[1]).toContain('work-2-artwork-photo');
  });
});
