import { describe, expect, it } from 'vitest';
import { artistCookies, signInArtist } from '../../../../tests/setup/artist-session.ts';
import { type Artist, artistNumbered } from '../../../../tests/setup/jury.ts';
import {
  addCompetition,
  postRegistration,
  worksRegistrationParts,
} from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { MyEntries } from '../../../shared/schemas/artist.ts';
import { DEFAULT_FORM_FIELDS } from '../../../shared/schemas/form-field.ts';

/*
 * "My entries" of an entry of several works: each work with its own files, the entry's own
 * document (asked once) listed with the first, each served to its artist alone.
 */

const t = useTestApp();

const get = (url: string, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, cookies });

const FORM = [
  ...DEFAULT_FORM_FIELDS,
  { id: 'cv', type: 'document', label: 'CV', required: true, enabled: true },
];

/** Registers `artist`'s works of these titles, with their CV: answers the entry's id. */
async function register(competitionId: string, artist: Artist, titles: string[], cv: Buffer) {
  const parts = await worksRegistrationParts(competitionId, titles, { ...artist });
  parts.push({ name: 'fieldValues.cv', filename: 'cv.pdf', type: 'application/pdf', data: cv });
  const registered = await postRegistration(t, parts);
  expect(registered.statusCode, registered.body).toBe(201);
  return registered.json<{ id: string }>().id;
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\ntrailer <<>>\n%%EOF\n`);

describe(`an entry of several works among my entries (${TEST_ENGINE})`, () => {
  it('lists each work with its files, the entry’s own document with the first, all served', async () => {
    const { competition } = await addCompetition(
      t,
      { max_works: 3 },
      { form_fields: JSON.stringify(FORM) },
    );
    const sculptor = artistNumbered(4);
    const cv = pdf('CV of a sculptor');
    const id = await register(competition.id, sculptor, ['Tide', 'Dune'], cv);
    const stranger = artistNumbered(5);
    await register(competition.id, stranger, ['Reef'], pdf('CV of a stranger'));

    const theirs = artistCookies(await signInArtist(t.app, sculptor.email));
    const [entry] = (await get('/api/me/entries', theirs)).json<MyEntries>().entries;
    const file = (place: string, label: string, kind: string) => ({
      id: `${id}.${place}`,
      label,
      kind,
      url: `/api/me/files/${id}.${place}`,
    });
    expect(entry?.works).toEqual([
      {
        number: 1,
        title: 'Tide',
        files: [file('cv', 'CV', 'document'), file('artworkUrl', 'Artwork Photo', 'image')],
      },
      { number: 2, title: 'Dune', files: [file('artworkUrl-2', 'Artwork Photo', 'image')] },
    ]);
    const document = await get(`/api/me/files/${id}.cv`, theirs);
    expect(document.statusCode, document.body).toBe(200);
    expect(document.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment',
    });
    expect(document.rawPayload.equals(cv)).toBe(true);
    const second = await get(`/api/me/files/${id}.artworkUrl-2`, theirs);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers['content-type']).toBe('image/webp');

    const strangers = artistCookies(await signInArtist(t.app, stranger.email));
    expect((await get(`/api/me/files/${id}.cv`, strangers)).statusCode).toBe(404);
  });
});
