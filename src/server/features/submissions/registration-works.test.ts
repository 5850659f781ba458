import { beforeEach, describe, expect, it } from 'vitest';
import {
  addCompetition,
  clearRegistrations,
  defaultFiles,
  jpegOf,
  postRegistration,
  registrationData,
  registrationParts,
  registrationState,
} from '../../../../tests/setup/registration.ts';
import { storedWorksOf } from '../../../../tests/setup/stored-answers.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { DEFAULT_FORM_FIELDS, type FormField } from '../../../shared/schemas/form-field.ts';

const t = useTestApp();
const db = () => t.app.deps.db;

beforeEach(() => clearRegistrations(t));

/** A statement the entry answers once, beside the default fields each work answers. */
const STATEMENT: FormField = {
  id: 'statement',
  label: 'Artist statement',
  type: 'text',
  required: true,
  enabled: true,
  perWork: false,
};
const WITH_STATEMENT = { form_fields: JSON.stringify([...DEFAULT_FORM_FIELDS, STATEMENT]) };

describe(`POST /api/submissions on ${TEST_ENGINE}: an entry and its work`, () => {
  it("keeps the answers asked once on the entry and the work's answers on its one work", async () => {
    const { competition } = await addCompetition(t, {}, WITH_STATEMENT);
    const data = registrationData(competition.id);
    data.fieldValues = { ...data.fieldValues, statement: 'I paint the rain.' } as never;
    const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ id: string }>().id;
    const entry = await db()
      .selectFrom('submissions')
      .select('field_values')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.field_values)).toEqual({ statement: 'I paint the rain.' });
    expect(await storedWorksOf(db(), id)).toEqual([
      {
        artworkTitle: 'Rain on the Ghats',
        artworkUrl: expect.stringMatching(new RegExp(`^private/submissions/${id}/artworkurl-`)),
        medium: 'Watercolour',
        size: 'A3',
        description: 'Clouds over the Sahyadri.',
      },
    ]);
    const works = await db()
      .selectFrom('entry_works')
      .select(['submission_id', 'position'])
      .execute();
    expect(works).toEqual([{ submission_id: id, position: 1 }]);
  });
});

/** Data with these works (each its answers), and no work answers in `fieldValues`. */
function withWorks(competitionId: string, titles: string[], extra: Record<string, unknown> = {}) {
  const { fieldValues, ...data } = registrationData(competitionId);
  return {
    ...data,
    fieldValues: {},
    works: titles.map((title) => ({ fieldValues: { ...fieldValues, artworkTitle: title } })),
    ...extra,
  };
}

/** The photo and an artwork for each of `count` works. */
async function worksFiles(count: number) {
  const files: Record<string, Buffer> = { photo: (await defaultFiles()).photo as Buffer };
  for (let n = 0; n < count; n += 1) files[`works.${n}.artworkUrl`] = await jpegOf(900, 600);
  return files;
}

describe(`POST /api/submissions on ${TEST_ENGINE}: several works`, () => {
  it('saves each work with its answers and its own picture, in the order sent', async () => {
    const { competition } = await addCompetition(t, { min_works: 1, max_works: 3 });
    const data = withWorks(competition.id, ['Rain', 'Sun', 'Fog']);
    const response = await postRegistration(t, registrationParts(data, await worksFiles(3)));
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ id: string }>().id;
    const works = await storedWorksOf(db(), id);
    expect(works.map((w) => w.artworkTitle)).toEqual(['Rain', 'Sun', 'Fog']);
    const pictures = works.map((w) => w.artworkUrl);
    expect(new Set(pictures).size).toBe(3);
    for (const key of pictures) expect(key).toMatch(new RegExp(`^private/submissions/${id}/`));
    const [mail] = await db().selectFrom('email_outbox').select('body_text').execute();
    expect(mail?.body_text).toContain('- Work 2: Artwork Title: Sun');
  });

  it("shows the artist's entry page its works by number and title; one work lists none", async () => {
    const { competition } = await addCompetition(t, { min_works: 1, max_works: 3 });
    const view = async (files: number, titles: string[]) => {
      const data = withWorks(competition.id, titles);
      const saved = await postRegistration(t, registrationParts(data, await worksFiles(files)));
      expect(saved.statusCode, saved.body).toBe(201);
      const { entryToken } = saved.json<{ entryToken: string }>();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/entries/view',
        headers: OUR_CLIENT_HEADERS,
        payload: { entryToken },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ works?: unknown }>();
    };
    expect((await view(3, ['Rain', 'Sun', 'Fog'])).works).toEqual([
      { number: 1, title: 'Rain' },
      { number: 2, title: 'Sun' },
      { number: 3, title: 'Fog' },
    ]);
    expect(await view(1, ['Rain'])).not.toHaveProperty('works');
  });

  it('refuses fewer or more works than the competition takes, naming works, keeping nothing', async () => {
    const { competition } = await addCompetition(t, { min_works: 2, max_works: 3 });
    const message = 'An entry must hold from 2 to 3 works';
    for (const titles of [['Rain'], ['Rain', 'Sun', 'Fog', 'Dew']]) {
      const before = await registrationState(t);
      const data = withWorks(competition.id, titles);
      const files = await worksFiles(Math.min(titles.length, 3));
      const response = await postRegistration(t, registrationParts(data, files));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields).toEqual({ works: message });
      expect(await registrationState(t)).toEqual(before);
    }
  });

  it("refuses a picture for a work that was not sent, and names a work's own missing answer", async () => {
    const { competition } = await addCompetition(t, { max_works: 3 });
    const before = await registrationState(t);
    const two = withWorks(competition.id, ['Rain', 'Sun']);
    const stray = await postRegistration(t, registrationParts(two, await worksFiles(3)));
    expect(stray.statusCode, stray.body).toBe(400);
    expect(stray.json().error.fields).toEqual({
      'works.2.artworkUrl': 'The form has no file field "works.2.artworkUrl".',
    });
    const untitled = withWorks(competition.id, ['Rain', '']);
    const missing = await postRegistration(t, registrationParts(untitled, await worksFiles(2)));
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().error.fields).toEqual({
      'works.1.fieldValues.artworkTitle': 'Artwork Title is required',
    });
    const noPicture = await worksFiles(2);
    delete noPicture['works.0.artworkUrl'];
    const unpictured = await postRegistration(t, registrationParts(two, noPicture));
    expect(unpictured.json().error.fields).toEqual({
      'works.0.fieldValues.artworkUrl': 'Artwork Photo is required',
    });
    const refused = {
      ...(await worksFiles(2)),
      'works.1.artworkUrl': Buffer.from('not a picture'),
    };
    const bad = await postRegistration(t, registrationParts(two, refused));
    expect(bad.statusCode, bad.body).toBe(415);
    expect(Object.keys(bad.json().error.fields)).toEqual(['works.1.fieldValues.artworkUrl']);
    expect(await registrationState(t)).toEqual(before);
  });
});
