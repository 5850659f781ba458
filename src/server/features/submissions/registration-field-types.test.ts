import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import {
  addCompetition,
  clearRegistrations,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
  registrationState,
} from '../../../../tests/setup/registration.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { DEFAULT_FORM_FIELDS, type FormField } from '../../../shared/schemas/form-field.ts';
import type { ReviewItem } from '../../../shared/schemas/review.ts';

/*
 * The field types beyond text, image, video and link, through registration: each answer checked
 * against its field's settings, stored as its type, read back readably by the review and the CSV,
 * a document kept privately for admins; and an entry read with the form it was made with.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
let token: string;

beforeEach(async () => {
  await clearRegistrations(t);
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const FIELDS: FormField[] = [
  ...DEFAULT_FORM_FIELDS,
  field('statement', 'longText', 'Statement', { maxLength: 50 }),
  field('year', 'number', 'Year made', { min: 1900, max: 2026 }),
  field('tone', 'choice', 'Tone', { options: ['Warm', 'Cool'] }),
  field('themes', 'choices', 'Themes', { options: ['Sea', 'Sky', 'Land'], maxChoices: 2 }),
  field('framed', 'yesNo', 'Framed'),
  field('madeOn', 'date', 'Finished on', { earliest: '2020-01-01', latest: '2026-06-30' }),
  { ...field('cv', 'document', 'CV'), required: false },
];

function field(
  id: string,
  type: FormField['type'],
  label: string,
  settings: Partial<FormField> = {},
): FormField {
  return { id, type, label, required: true, enabled: true, ...settings };
}

const ANSWERS = {
  statement: 'Light on water.',
  year: 2024,
  tone: 'Warm',
  themes: ['Sea', 'Sky'],
  framed: false,
  madeOn: '2024-03-01',
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function setUp() {
  const { competition, category } = await addCompetition(
    t,
    {},
    { form_fields: JSON.stringify(FIELDS) },
  );
  const data = (answers: Record<string, unknown> = {}) =>
    registrationData(competition.id, {
      fieldValues: { ...registrationData(competition.id).fieldValues, ...ANSWERS, ...answers },
    });
  return { competition, category, data };
}

async function register(data: unknown, files: Record<string, Buffer> = {}) {
  return postRegistration(t, registrationParts(data, { ...(await defaultFiles()), ...files }));
}

/** Sends the data and expects `status` naming `fields`, with nothing written. */
async function expectRefused(
  data: unknown,
  fields: Record<string, string>,
  files: Record<string, Buffer> = {},
  status = 400,
) {
  const before = await registrationState(t);
  const response = await register(data, files);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.fields).toEqual(fields);
  expect(await registrationState(t)).toEqual(before);
}

const reviewOf = async (id: string) =>
  (await asAdmin(t, token, 'GET', `/api/admin/submissions/${id}/review`)).json() as ReviewItem;
const answersOf = (item: ReviewItem) => Object.fromEntries(item.fields.map((f) => [f.id, f.value]));

describe(`registration with every field type on ${TEST_ENGINE}`, () => {
  it('stores each answer as its type with the form it was made with, and shows it readably', async () => {
    const { data } = await setUp();
    const response = await register(data(), { 'fieldValues.cv': PDF });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as { id: string };
    const row = await db()
      .selectFrom('submissions')
      .select(['field_values', 'form_fields'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const work = await db()
      .selectFrom('entry_works')
      .select('field_values')
      .where('submission_id', '=', id)
      .executeTakeFirstOrThrow();
    // The document is asked once per entry; the rest, by default, of each work.
    const stored = JSON.parse(row.field_values) as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual(['cv']);
    expect(JSON.parse(work.field_values)).toMatchObject(ANSWERS);
    expect(stored.cv).toMatch(new RegExp(`^private/submissions/${id}/cv-[0-9a-f]{8}\\.pdf$`));
    expect(JSON.parse(row.form_fields ?? '[]')).toEqual(FIELDS.filter((f) => f.enabled));

    const answers = answersOf(await reviewOf(id));
    expect(answers).toMatchObject({
      statement: 'Light on water.',
      year: '2024',
      tone: 'Warm',
      themes: 'Sea, Sky',
      framed: 'No',
      madeOn: '1 March 2024',
    });
    const document = await asAdmin(t, token, 'GET', `/api/admin/submissions/${id}/download/cv`);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toMatch(/attachment;.*\.pdf/);
    expect(document.rawPayload.equals(PDF)).toBe(true);
    // No picture job touches a document.
    const jobs = await db().selectFrom('image_jobs').select('key').execute();
    expect(jobs.map((j) => j.key).some((key) => key.endsWith('.pdf'))).toBe(false);

    const csv = await asAdmin(t, token, 'GET', '/api/admin/submissions/export.csv');
    expect(csv.body).toContain('Sea, Sky');
    expect(csv.body).toContain('1 March 2024');
    expect(csv.body).toContain(`/api/admin/submissions/${id}/download/cv`);
  });

  it('refuses answers that do not fit their fields, each named, storing nothing', async () => {
    const { data } = await setUp();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ tone: 'Hot' }, { 'fieldValues.tone': 'Choose Tone from its options' }],
      [{ tone: 3 }, { 'fieldValues.tone': 'Choose Tone from its options' }],
      [{ year: 1800 }, { 'fieldValues.year': 'Year made must be at least 1900' }],
      [{ year: 2027.5 }, { 'fieldValues.year': 'Year made must be at most 2026' }],
      [{ year: 'soon' }, { 'fieldValues.year': 'Year made must be a number' }],
      [{ year: undefined }, { 'fieldValues.year': 'Year made is required' }],
      [
        { madeOn: '2023-02-30' },
        { 'fieldValues.madeOn': 'Finished on must be a date that exists, as YYYY-MM-DD' },
      ],
      [
        { madeOn: '2019-12-31' },
        { 'fieldValues.madeOn': 'Finished on must be on or after 1 January 2020' },
      ],
      [
        { madeOn: '2026-07-01' },
        { 'fieldValues.madeOn': 'Finished on must be on or before 30 June 2026' },
      ],
      [{ statement: 'x'.repeat(51) }, { 'fieldValues.statement': 'Must be at most 50 characters' }],
      [{ framed: 'yes' }, { 'fieldValues.framed': 'Answer Framed with Yes or No' }],
      [{ themes: ['Sea', 'Fire'] }, { 'fieldValues.themes': 'Choose Themes from its options' }],
      [{ themes: ['Sea', 'Sea'] }, { 'fieldValues.themes': 'Choose each option of Themes once' }],
      [{ themes: ['Sea', 'Sky', 'Land'] }, { 'fieldValues.themes': 'Choose at most 2 for Themes' }],
      [{ themes: 'Sea' }, { 'fieldValues.themes': 'Choose Themes from its options' }],
    ];
    for (const [answers, fields] of cases) await expectRefused(data(answers), fields);
  });

  it('refuses a document that is not a PDF (415) or over 10 MB (413), naming the field', async () => {
    const { data } = await setUp();
    const notPdf = { 'fieldValues.cv': Buffer.from('%PDF-1.4 but cut short, no end marker') };
    await expectRefused(data(), { 'fieldValues.cv': 'Choose a PDF document.' }, notPdf, 415);
    const picture = { 'fieldValues.cv': (await defaultFiles()).photo as Buffer };
    await expectRefused(data(), { 'fieldValues.cv': 'Choose a PDF document.' }, picture, 415);
    const large = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024), Buffer.from('%%EOF\n')]);
    await expectRefused(
      data(),
      { 'fieldValues.cv': 'File size must be less than 10MB.' },
      { 'fieldValues.cv': large },
      413,
    );
  });

  it('reads an entry with the options it was made with after the admin renames one', async () => {
    const { data, category } = await setUp();
    const response = await register(data({ tone: 'Warm' }));
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as { id: string };
    const renamed = FIELDS.map((f) => (f.id === 'tone' ? { ...f, options: ['Hot', 'Cool'] } : f));
    const saved = await asAdmin(t, token, 'PUT', `/api/admin/categories/${category.id}`, {
      name: category.name,
      subcategories: [],
      formFields: renamed,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(answersOf(await reviewOf(id)).tone).toBe('Warm');
    const entry = await asAdmin(t, token, 'GET', `/api/admin/submissions/${id}`);
    expect(entry.json().entry.details).toContainEqual(
      expect.objectContaining({ label: 'Tone', value: 'Warm' }),
    );
    // A new entry is checked against the options as they are now.
    await expectRefused(data({ tone: 'Warm' }), {
      'fieldValues.tone': 'Choose Tone from its options',
    });
    expect((await register(data({ tone: 'Hot' }))).statusCode).toBe(201);
  });
});
