import { beforeEach, describe, expect, it } from 'vitest';
import { makeCategoryRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { AdminCategorySchema } from '../../../shared/schemas/category.ts';
import {
  DEFAULT_FORM_FIELDS,
  type FormFieldInput,
  isAskedPerWork,
  isShownToJurors,
} from '../../../shared/schemas/form-field.ts';

/*
 * The settings of the new field types as the admin saves them: stored when they make sense, kept
 * only where the type uses them, refused with the path of what contradicts; categories stored
 * before read as they were.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const URL = '/api/admin/categories';
let token: string;

beforeEach(async () => {
  for (const table of ['submissions', 'competitions', 'subcategories', 'categories'] as const) {
    await db().deleteFrom(table).execute();
  }
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const withFields = (...fields: FormFieldInput[]) => ({
  name: 'Photography',
  subcategories: [],
  formFields: [...DEFAULT_FORM_FIELDS, ...fields],
});
const custom = (type: FormFieldInput['type'], extra: Partial<FormFieldInput> = {}) => ({
  label: `A ${type}`,
  type,
  required: false,
  enabled: true,
  ...extra,
});

describe(`field settings through ${URL} on ${TEST_ENGINE}`, () => {
  it('stores each type with its own settings and help text, dropping what its type does not use', async () => {
    const response = await asAdmin(
      t,
      token,
      'POST',
      URL,
      withFields(
        custom('longText', { maxLength: 800, helpText: ' Up to 800 characters. ', min: 3 }),
        custom('number', { min: 0, max: 12.5 }),
        custom('choice', { options: [' Oil ', 'Acrylic'] }),
        custom('choices', { options: ['Sea', 'Sky'], minChoices: 1, maxChoices: 2 }),
        custom('yesNo', { options: ['ignored'] }),
        custom('date', { earliest: '2020-01-01', latest: '2026-12-31' }),
        custom('document'),
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    const added = AdminCategorySchema.parse(response.json()).formFields.slice(7);
    expect(added.map(({ id: _id, shownToJurors: _s, ...rest }) => rest)).toEqual([
      { ...custom('longText'), maxLength: 800, helpText: 'Up to 800 characters.' },
      { ...custom('number'), min: 0, max: 12.5 },
      { ...custom('choice'), options: ['Oil', 'Acrylic'] },
      { ...custom('choices'), options: ['Sea', 'Sky'], minChoices: 1, maxChoices: 2 },
      custom('yesNo'),
      { ...custom('date'), earliest: '2020-01-01', latest: '2026-12-31' },
      custom('document'),
    ]);
    // A document (most often a CV) starts hidden from jurors and is asked once per entry.
    const document = added[6];
    expect(document && [isShownToJurors(document), isAskedPerWork(document)]).toEqual([
      false,
      false,
    ]);
    expect(added[0] && [isShownToJurors(added[0]), isAskedPerWork(added[0])]).toEqual([true, true]);
  });

  it('refuses settings that contradict each other or the type, naming each, storing nothing', async () => {
    const cases: [FormFieldInput, Record<string, string>][] = [
      [
        custom('number', { min: 10, max: 5 }),
        { 'formFields.7.max': 'The maximum must not be below the minimum' },
      ],
      [custom('choice'), { 'formFields.7.options': 'Add at least one option' }],
      [custom('choices', { options: [] }), { 'formFields.7.options': 'Add at least one option' }],
      [
        custom('choice', { options: ['Oil', 'oil'] }),
        { 'formFields.7.options.1': 'This option appears more than once' },
      ],
      [
        custom('choice', { options: ['Oil', '  '] }),
        { 'formFields.7.options.1': 'An option cannot be empty' },
      ],
      [
        custom('choices', { options: ['A', 'B'], minChoices: 2, maxChoices: 1 }),
        { 'formFields.7.maxChoices': 'The maximum must not be below the minimum' },
      ],
      [
        custom('longText', { maxLength: 20_001 }),
        { 'formFields.7.maxLength': 'The length limit must be a whole number from 1 to 20,000' },
      ],
      [
        custom('date', { earliest: '2026-02-30' }),
        { 'formFields.7.earliest': 'Enter a date as YYYY-MM-DD' },
      ],
      [
        custom('date', { earliest: '2026-05-01', latest: '2026-04-30' }),
        { 'formFields.7.latest': 'The latest date must not be before the earliest' },
      ],
      [
        custom('text', { helpText: 'x'.repeat(301) }),
        { 'formFields.7.helpText': 'Help text must be at most 300 characters' },
      ],
      [
        custom('choice', { options: Array.from({ length: 51 }, (_, i) => `Option ${i}`) }),
        { 'formFields.7.options': 'A field can have at most 50 options' },
      ],
    ];
    for (const [field, fields] of cases) {
      const response = await asAdmin(t, token, 'POST', URL, withFields(field));
      expect(response.statusCode, JSON.stringify(field)).toBe(400);
      expect(response.json().error.fields, JSON.stringify(field)).toEqual(fields);
    }
    expect(await db().selectFrom('categories').selectAll().execute()).toEqual([]);
  });

  it('reads a category stored before the new types unchanged', async () => {
    const stored = DEFAULT_FORM_FIELDS.map(({ perWork: _p, ...field }) => field);
    const row = makeCategoryRow({ form_fields: JSON.stringify(stored) });
    await db().insertInto('categories').values(row).execute();
    const response = await asAdmin(t, token, 'GET', `${URL}/${row.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().formFields).toEqual(stored);
  });
});
