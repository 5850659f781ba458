import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditActions,
  signIn,
  useAdminTestApp,
} from '../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../tests/setup/test-database.ts';
import { addDays, todayIn } from '../shared/domain/competition-status.ts';
import { DEFAULT_FORM_FIELDS } from '../shared/schemas/form-field.ts';

/*
 * A title or a name holds no line break (CR, LF, Unicode line separators). The
 * shared schemas refuse one inside, naming the field, and nothing is written; the descriptions
 * stay multi-line. (The registration form's fields: registration-bad-input.test.ts.)
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;

const rowsWritten = async () => ({
  competitions: (await db().selectFrom('competitions').select('id').execute()).length,
  categories: (await db().selectFrom('categories').select('id').execute()).length,
  banners: (await db().selectFrom('banners').select('id').execute()).length,
  audit: (await auditActions(db())).filter((action) => action !== 'auth.sign-in'),
});

const BREAKS = [
  'Monsoon\nColours',
  'Monsoon\r\nColours',
  'Monsoon\rColours',
  'Monsoon\u2028Colours',
];

describe(`one-line admin fields on ${TEST_ENGINE}`, () => {
  it('refuses a line break inside a title or a name with 400, naming the field, writing nothing', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const today = todayIn('Asia/Kolkata');
    const before = await rowsWritten();
    const cases: [string, (text: string) => Record<string, unknown>, string, string][] = [
      [
        '/api/admin/competitions',
        (title) => ({
          title,
          description: 'Paint the rains.\nAny medium.',
          categoryId: '00000000-0000-4000-8000-000000000000',
          startDate: today,
          endDate: addDays(today, 10),
          entryType: 'free',
        }),
        'title',
        'Title must be on one line',
      ],
      ['/api/admin/categories', (name) => ({ name }), 'name', 'Name must be on one line'],
      [
        '/api/admin/categories',
        (name) => ({ name: 'Painting', subcategories: [{ name: 'Oil' }, { name }] }),
        'subcategories.1.name',
        'Subcategory names must be on one line',
      ],
      [
        '/api/admin/categories',
        (label) => ({
          name: 'Painting',
          formFields: [
            ...DEFAULT_FORM_FIELDS,
            { label, type: 'text', required: false, enabled: true },
          ],
        }),
        `formFields.${DEFAULT_FORM_FIELDS.length}.label`,
        'Label must be on one line',
      ],
      [
        '/api/admin/banners',
        (title) => ({ title, description: 'Paint the monsoon.', imageUrl: '/media/a.jpg' }),
        'title',
        'Title must be on one line',
      ],
    ];
    for (const [url, body, field, message] of cases) {
      for (const text of BREAKS) {
        const response = await asAdmin(t, token, 'POST', url, body(text));
        const label = `${url} ${field} ${JSON.stringify(text)}`;
        expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
        expect(response.json(), label).toEqual({
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Some fields are not valid.',
            fields: { [field]: message },
          },
        });
      }
    }
    expect(await rowsWritten()).toEqual(before);
  });

  it("refuses a line break inside the site's title or phone, changing nothing", async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const url = '/api/admin/site-settings';
    const form = (await asAdmin(t, token, 'GET', url)).json() as Record<string, unknown>;
    const before = await rowsWritten();
    const cases = [
      ['title', 'Title must be on one line'],
      ['contactPhone', 'Phone must be on one line'],
    ] as const;
    for (const [field, message] of cases) {
      for (const text of BREAKS) {
        const response = await asAdmin(t, token, 'PUT', url, { ...form, [field]: text });
        expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
        expect(response.json().error.fields, field).toEqual({ [field]: message });
      }
    }
    expect((await asAdmin(t, token, 'GET', url)).json()).toEqual(form);
    expect(await rowsWritten()).toEqual(before);
    // The address and the page texts stay multi-line.
    const saved = await asAdmin(t, token, 'PUT', url, {
      ...form,
      contactAddress: '12 MG Road\nPune',
      aboutPage: '# About\n\nWe paint.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ contactAddress: '12 MG Road\nPune' });
  });

  it('trims a line break typed at either end, and keeps a description on several lines', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const response = await asAdmin(t, token, 'POST', '/api/admin/categories', {
      name: '\nPainting\r\n',
      subcategories: [{ name: 'Oil\n' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Painting', subcategories: [{ name: 'Oil' }] });
    const category = response.json().id as string;
    const today = todayIn('Asia/Kolkata');
    const competition = await asAdmin(t, token, 'POST', '/api/admin/competitions', {
      title: 'Monsoon Colours',
      description: 'Paint the rains.\n\nAny medium.',
      categoryId: category,
      startDate: today,
      endDate: addDays(today, 10),
      entryType: 'free',
    });
    expect(competition.statusCode, competition.body).toBe(201);
    expect(competition.json().description).toBe('Paint the rains.\n\nAny medium.');
  });
});
