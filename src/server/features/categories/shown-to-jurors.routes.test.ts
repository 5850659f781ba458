import { beforeEach, describe, expect, it } from 'vitest';
import { makeCategoryRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { AdminCategorySchema, type AdminCategory } from '../../../shared/schemas/category.ts';
import { DEFAULT_FORM_FIELDS } from '../../../shared/schemas/form-field.ts';

/*
 * "Shown to jurors" on a category's form fields: on for text, image and video fields and off for
 * links unless the admin says otherwise, read as that default for fields stored before the flag,
 * kept when a caller leaves it out, and checked like every other part of the form.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const URL = '/api/admin/categories';
let token: string;

beforeEach(async () => {
  for (const table of ['submissions', 'competitions', 'subcategories', 'categories'] as const) {
    await db().deleteFrom(table).execute();
  }
  t.app.deps.contentCache.invalidate();
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const shownOf = (category: AdminCategory) =>
  Object.fromEntries(category.formFields.map((f) => [f.label, f.shownToJurors]));

async function storedFields(id: string): Promise<Record<string, unknown>[]> {
  const row = await db()
    .selectFrom('categories')
    .select('form_fields')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.form_fields) as Record<string, unknown>[];
}

async function save(method: 'POST' | 'PUT', url: string, body: unknown) {
  const response = await asAdmin(t, token, method, url, body);
  expect(response.statusCode, response.body).toBe(method === 'POST' ? 201 : 200);
  return AdminCategorySchema.parse(response.json());
}

describe(`form fields shown to jurors on ${TEST_ENGINE}`, () => {
  it('a new category shows text, image and video fields to jurors and hides links', async () => {
    const category = await save('POST', URL, { name: 'Sculpture' });
    expect(shownOf(category)).toEqual({
      'Artwork Title': true,
      'Artwork Photo': true,
      Medium: true,
      Size: true,
      Description: true,
      'YouTube Video Link': true,
      'Additional Link': false,
    });
    // The seven defaults are otherwise as they were.
    expect(category.formFields.map(({ shownToJurors: _, ...f }) => f)).toEqual(
      DEFAULT_FORM_FIELDS.map(({ shownToJurors: _, ...f }) => f),
    );
    const custom = await save('PUT', `${URL}/${category.id}`, {
      name: 'Sculpture',
      formFields: [
        ...category.formFields,
        { label: 'Website', type: 'link', required: false, enabled: true },
        { label: 'Studio notes', type: 'text', required: false, enabled: true },
      ],
    });
    expect(shownOf(custom)).toMatchObject({ Website: false, 'Studio notes': true });
  });

  it('reads a category stored before the choice with the defaults, and stores them when saved', async () => {
    const legacy = [
      ...DEFAULT_FORM_FIELDS.map(({ shownToJurors: _, ...f }) => f),
      {
        id: 'custom_0a1b2c3d4e5f',
        label: 'Portfolio',
        type: 'link',
        required: false,
        enabled: true,
      },
    ];
    const row = makeCategoryRow({ name: 'Old', form_fields: JSON.stringify(legacy) });
    await db().insertInto('categories').values(row).execute();
    const read = AdminCategorySchema.parse(
      (await asAdmin(t, token, 'GET', `${URL}/${row.id}`)).json(),
    );
    // Stored without the flag, answered without it: the reader takes the type's default.
    expect(read.formFields.every((f) => f.shownToJurors === undefined)).toBe(true);
    const saved = await save('PUT', `${URL}/${row.id}`, { name: 'Old', formFields: legacy });
    expect(shownOf(saved)).toMatchObject({
      Portfolio: false,
      Medium: true,
      'Additional Link': false,
    });
    expect((await storedFields(row.id)).map((f) => f.shownToJurors)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('the admin turns a field off and a link on; a save that leaves the flag out keeps them', async () => {
    const category = await save('POST', URL, { name: 'Sculpture' });
    const flipped = category.formFields.map((f) =>
      f.id === 'description' || f.id === 'link' ? { ...f, shownToJurors: !f.shownToJurors } : f,
    );
    const edited = await save('PUT', `${URL}/${category.id}`, {
      name: 'Sculpture',
      formFields: flipped,
    });
    expect(shownOf(edited)).toMatchObject({ Description: false, 'Additional Link': true });
    const unaware = await save('PUT', `${URL}/${category.id}`, {
      name: 'Sculpture',
      formFields: flipped.map(({ shownToJurors: _, ...f }) => f),
    });
    expect(shownOf(unaware)).toEqual(shownOf(edited));
    const audits = await auditRowsOf(db(), 'category.update');
    expect(audits).toHaveLength(2);
  });

  it('refuses a flag that is not true or false, naming the field and storing nothing', async () => {
    const category = await save('POST', URL, { name: 'Sculpture' });
    const before = await storedFields(category.id);
    for (const value of ['yes', 1, null]) {
      const response = await asAdmin(t, token, 'PUT', `${URL}/${category.id}`, {
        name: 'Renamed',
        formFields: category.formFields.map((f, i) =>
          i === 2 ? { ...f, shownToJurors: value } : f,
        ),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { 'formFields.2.shownToJurors': 'Choose whether jurors see this field' },
      });
    }
    expect(await storedFields(category.id)).toEqual(before);
    const name = await db()
      .selectFrom('categories')
      .select('name')
      .where('id', '=', category.id)
      .executeTakeFirstOrThrow();
    expect(name.name).toBe('Sculpture');
  });
});
