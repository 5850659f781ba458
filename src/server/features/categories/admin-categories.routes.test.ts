import type { HTTPMethods } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeCategoryRow,
  makeCompetitionRow,
  makeSubcategoryRow,
  makeSubmissionRow,
} from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  expectCsrfHeaderRequired,
  expectSessionRequired,
  type RouteCall,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { AdminCategorySchema, type CategoryInput } from '../../../shared/schemas/category.ts';
import {
  DEFAULT_FORM_FIELDS,
  type FormField,
  type FormFieldInput,
} from '../../../shared/schemas/form-field.ts';

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

const call = (method: HTTPMethods, url: string, payload?: unknown) =>
  asAdmin(t, token, method, url, payload);

async function create(body: CategoryInput) {
  const response = await call('POST', URL, body);
  expect(response.statusCode, response.body).toBe(201);
  return AdminCategorySchema.parse(response.json());
}

/** What the database holds, in a form a test can compare whole. */
async function stored() {
  const categories = await db().selectFrom('categories').select(['id', 'name']).execute();
  const subcategories = await db()
    .selectFrom('subcategories')
    .select(['id', 'category_id', 'name', 'position'])
    .orderBy('position')
    .execute();
  return { categories, subcategories };
}

/** The audit log's rows about categories (signing in writes one too). */
const categoryAudits = () => auditRowsOf(db(), 'category.');

const publicCategories = async () =>
  (await t.app.inject('/api/categories')).json<{ name: string; subcategories: unknown[] }[]>();

/** The default fields as sent back by the form, with `changes` applied to the one with `id`. */
function defaultsWith(id?: string, changes: Partial<FormField> = {}): FormField[] {
  return DEFAULT_FORM_FIELDS.map((f) => (f.id === id ? { ...f, ...changes } : { ...f }));
}

/** 'Sculpture' with the default fields and a custom one, 'Frame', made over HTTP. */
async function createWithCustomField() {
  const created = await create({
    name: 'Sculpture',
    formFields: [
      ...DEFAULT_FORM_FIELDS,
      { label: 'Frame', type: 'text', required: false, enabled: true },
    ],
  });
  return { created, frame: created.formFields[7] as FormField };
}

/** A category with subcategories and a competition in one of them, put straight in the table. */
async function seedUsedCategory() {
  const category = makeCategoryRow({ name: 'Painting' });
  await db().insertInto('categories').values(category).execute();
  const oil = makeSubcategoryRow(category.id, { name: 'Oil', position: 0 });
  const ink = makeSubcategoryRow(category.id, { name: 'Ink', position: 1 });
  await db().insertInto('subcategories').values([oil, ink]).execute();
  const competition = makeCompetitionRow(category.id, { subcategory_id: oil.id });
  await db().insertInto('competitions').values(competition).execute();
  return { category, oil, ink, competition };
}

describe(`admin category routes on ${TEST_ENGINE}: access`, () => {
  const routes = (id: string, body: unknown): RouteCall[] => [
    ['GET', URL],
    ['GET', `${URL}/${id}`],
    ['POST', URL, body],
    ['PUT', `${URL}/${id}`, body],
    ['DELETE', `${URL}/${id}`],
  ];

  it('answers 401 without a session, for every route', async () => {
    await expectSessionRequired(t, routes('some-id', { name: 'X' }));
    expect((await stored()).categories).toEqual([]);
  });

  it('answers 403 to a write without the CSRF header, storing nothing', async () => {
    const { category } = await seedUsedCategory();
    const writes = routes(category.id, { name: 'Changed' }).filter(([m]) => m !== 'GET');
    await expectCsrfHeaderRequired(t, token, writes);
    expect((await stored()).categories).toEqual([{ id: category.id, name: 'Painting' }]);
    expect(await categoryAudits()).toEqual([]);
  });
});

describe(`POST ${URL} on ${TEST_ENGINE}`, () => {
  it('adds a category with the seven default fields, five enabled, and its subcategories in order', async () => {
    const category = await create({
      name: '  Sculpture ',
      subcategories: [{ name: 'Clay' }, { name: '  ' }, { name: ' Stone ' }, { name: '' }],
    });
    expect(category).toMatchObject({
      name: 'Sculpture',
      competitionCount: 0,
      subcategories: [
        { name: 'Clay', entryCount: 0 },
        { name: 'Stone', entryCount: 0 },
      ],
    });
    expect(category.formFields).toEqual(DEFAULT_FORM_FIELDS);
    expect(category.formFields.filter((f) => f.enabled)).toHaveLength(5);
    expect(category.createdAt).toBe(category.updatedAt);

    const got = await call('GET', `${URL}/${category.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(category);
    expect(await publicCategories()).toEqual([
      {
        id: category.id,
        name: 'Sculpture',
        subcategories: category.subcategories.map(({ id, name }) => ({ id, name })),
      },
    ]);
    const [audit] = await categoryAudits();
    expect(audit).toMatchObject({
      action: 'category.create',
      actor: 'admin',
      entity_id: category.id,
    });
    expect(JSON.parse(audit?.details ?? '')).toEqual({
      name: 'Sculpture',
      subcategories: ['Clay', 'Stone'],
    });
  });

  it('gives a custom field a new id and saves a disabled field as not required', async () => {
    const fields: FormFieldInput[] = [
      ...defaultsWith('medium', { enabled: false, required: true }),
      { label: 'Frame colour', type: 'text', required: true, enabled: true },
      { label: 'Process video', type: 'video', required: true, enabled: false },
    ];
    const category = await create({ name: 'Sculpture', formFields: fields });
    const custom = category.formFields.slice(7);
    expect(custom).toEqual([
      {
        id: expect.stringMatching(/^custom_[0-9a-f]{12}$/),
        label: 'Frame colour',
        type: 'text',
        required: true,
        enabled: true,
        shownToJurors: true,
      },
      {
        id: expect.stringMatching(/^custom_[0-9a-f]{12}$/),
        label: 'Process video',
        type: 'video',
        required: false,
        enabled: false,
        shownToJurors: true,
      },
    ]);
    expect(custom[0]?.id).not.toBe(custom[1]?.id);
    expect(category.formFields.find((f) => f.id === 'medium')).toMatchObject({
      enabled: false,
      required: false,
    });
  });

  it('refuses bad input field by field, storing nothing', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { name: 'Name is required' }],
      [{ name: '   ' }, { name: 'Name is required' }],
      [{ name: 'x'.repeat(121) }, { name: 'Name must be at most 120 characters' }],
      [
        { name: 'Sculpture', subcategories: [{ name: 'Clay' }, { name: ' clay ' }] },
        { 'subcategories.1.name': 'Another subcategory already has this name' },
      ],
      [
        { name: 'Sculpture', subcategories: [{ name: 'y'.repeat(121) }] },
        { 'subcategories.0.name': 'Subcategory names must be at most 120 characters' },
      ],
      [
        { name: 'Sculpture', formFields: defaultsWith('size', { label: '  ' }) },
        { 'formFields.3.label': 'Label is required' },
      ],
      [
        { name: 'Sculpture', formFields: defaultsWith('size', { label: 'medium' }) },
        { 'formFields.3.label': 'Another field already has this label' },
      ],
      [
        { name: 'Sculpture', formFields: defaultsWith('size', { type: 'image' }) },
        { 'formFields.3.type': 'The type of a default field cannot be changed' },
      ],
      [
        { name: 'Sculpture', formFields: DEFAULT_FORM_FIELDS.slice(1) },
        { formFields: 'The default fields cannot be removed; turn them off instead.' },
      ],
      [
        {
          name: 'Sculpture',
          formFields: [
            ...DEFAULT_FORM_FIELDS,
            { label: 'Audio', type: 'audio', required: false, enabled: true },
          ],
        },
        { 'formFields.7.type': 'Choose a type for this field' },
      ],
      [
        { name: 'Sculpture', formFields: [...DEFAULT_FORM_FIELDS, DEFAULT_FORM_FIELDS[0]] },
        {
          'formFields.7.id': 'This field appears more than once',
          'formFields.7.label': 'Another field already has this label',
        },
      ],
      [
        {
          name: 'Sculpture',
          formFields: [
            ...DEFAULT_FORM_FIELDS,
            { id: 'custom_abc', label: 'Mine', type: 'text', required: false, enabled: true },
          ],
        },
        { 'formFields.7.id': 'A form field was removed meanwhile. Reload the page and try again.' },
      ],
      [
        {
          name: 'Sculpture',
          subcategories: Array.from({ length: 101 }, (_, i) => ({ name: `S${i}` })),
        },
        { subcategories: 'A category can have at most 100 subcategories' },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await call('POST', URL, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      expect(response.json().error.fields, JSON.stringify(body).slice(0, 80)).toEqual(fields);
    }
    expect(await stored()).toEqual({ categories: [], subcategories: [] });
    expect(await categoryAudits()).toEqual([]);
  });
});

describe(`GET ${URL} on ${TEST_ENGINE}`, () => {
  it('lists every category newest first, with entries per subcategory and competitions per category', async () => {
    const { category, oil, ink } = await seedUsedCategory();
    await db()
      .insertInto('submissions')
      .values([
        makeSubmissionRow({ category_id: category.id, subcategory_id: oil.id }),
        makeSubmissionRow({ category_id: category.id, subcategory_id: oil.id }),
        makeSubmissionRow({ category_id: category.id, subcategory_id: null }),
      ])
      .execute();
    const newer = await create({ name: 'Sculpture', subcategories: [{ name: 'Clay' }] });
    const response = await call('GET', URL);
    expect(response.statusCode).toBe(200);
    const list = AdminCategorySchema.array().parse(response.json());
    expect(list.map((c) => c.name)).toEqual(['Sculpture', 'Painting']);
    expect(list[0]).toEqual(newer);
    expect(list[1]).toMatchObject({
      id: category.id,
      competitionCount: 1,
      subcategories: [
        { id: oil.id, name: 'Oil', entryCount: 2 },
        { id: ink.id, name: 'Ink', entryCount: 0 },
      ],
    });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await call('GET', `${URL}/no-such-category`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Category not found' },
    });
  });

  it('answers 404 for any id that is not a UUID, on GET, PUT and DELETE alike', async () => {
    const ids = ['x', encodeURIComponent("' OR '1'='1"), 'a'.repeat(100), '__proto__'];
    for (const id of ids) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await call(
          method,
          `${URL}/${id}`,
          method === 'PUT' ? { name: 'X' } : undefined,
        );
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({
          error: { code: 'NOT_FOUND', message: 'Category not found' },
        });
      }
    }
  });
});

describe(`PUT ${URL}/:id on ${TEST_ENGINE}`, () => {
  it('renames, keeps subcategory ids, takes the order sent, adds and removes rows', async () => {
    const created = await create({
      name: 'Sculpture',
      subcategories: [{ name: 'Clay' }, { name: 'Stone' }, { name: 'Wood' }],
    });
    const [clay, stone, wood] = created.subcategories;
    await db()
      .insertInto('submissions')
      .values(makeSubmissionRow({ category_id: created.id, subcategory_id: stone?.id ?? null }))
      .execute();
    const response = await call('PUT', `${URL}/${created.id}`, {
      name: 'Sculpture & Installation',
      subcategories: [
        { id: stone?.id, name: 'Stone carving' },
        { name: 'Metal' },
        { name: '' },
        { id: clay?.id, name: 'Clay' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = AdminCategorySchema.parse(response.json());
    expect(updated.name).toBe('Sculpture & Installation');
    expect(updated.subcategories).toEqual([
      { id: stone?.id, name: 'Stone carving', entryCount: 1 },
      { id: expect.any(String), name: 'Metal', entryCount: 0 },
      { id: clay?.id, name: 'Clay', entryCount: 0 },
    ]);
    expect(updated.formFields).toEqual(created.formFields);
    expect(updated.createdAt).toBe(created.createdAt);
    expect(updated.updatedAt >= created.updatedAt).toBe(true);
    expect((await stored()).subcategories.map((s) => s.id)).not.toContain(wood?.id);
    expect((await publicCategories())[0]).toMatchObject({
      name: 'Sculpture & Installation',
      subcategories: [{ name: 'Stone carving' }, { name: 'Metal' }, { name: 'Clay' }],
    });
    const audit = (await categoryAudits()).find((r) => r.action === 'category.update');
    expect(audit?.entity_id).toBe(created.id);
    expect(JSON.parse(audit?.details ?? '')).toEqual({
      name: 'Sculpture & Installation',
      previousName: 'Sculpture',
      subcategories: ['Stone carving', 'Metal', 'Clay'],
      removedSubcategories: ['Wood'],
    });
  });

  it('keeps field ids, gives a new custom field a fresh one, and removes a custom field', async () => {
    const { created, frame } = await createWithCustomField();
    const edited = [
      ...defaultsWith('artworkTitle', { label: 'Title of the work' }),
      { ...frame, label: 'Frame and mount', required: true },
      { label: 'Studio link', type: 'link', required: false, enabled: true },
    ];
    const response = await call('PUT', `${URL}/${created.id}`, {
      name: 'Sculpture',
      formFields: edited,
    });
    expect(response.statusCode, response.body).toBe(200);
    const fields = AdminCategorySchema.parse(response.json()).formFields;
    expect(fields[0]).toMatchObject({ id: 'artworkTitle', label: 'Title of the work' });
    expect(fields[7]).toEqual({ ...frame, label: 'Frame and mount', required: true });
    expect(fields[8]).toMatchObject({ label: 'Studio link', type: 'link' });
    expect(fields[8]?.id).toMatch(/^custom_/);
    expect(fields[8]?.id).not.toBe(frame.id);

    // Removing the custom field: it is gone; the defaults stay.
    const removed = await call('PUT', `${URL}/${created.id}`, {
      name: 'Sculpture',
      formFields: fields.filter((f) => f.id !== frame.id),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().formFields.map((f: FormField) => f.id)).toEqual([
      ...DEFAULT_FORM_FIELDS.map((f) => f.id),
      fields[8]?.id,
    ]);
    // Sent without formFields: the fields stay as they are.
    const unchanged = await call('PUT', `${URL}/${created.id}`, { name: 'Sculpture' });
    expect(unchanged.json().formFields).toEqual(removed.json().formFields);
  });

  it('refuses to change the type of a custom field, or to adopt an id the category does not have', async () => {
    const { created, frame } = await createWithCustomField();
    const before = await stored();
    for (const [custom, fields] of [
      [
        { ...frame, type: 'image' },
        { 'formFields.7.type': 'The type of an existing field cannot be changed' },
      ],
      [
        { ...frame, id: 'custom_000000000000' },
        { 'formFields.7.id': 'A form field was removed meanwhile. Reload the page and try again.' },
      ],
    ] as const) {
      const response = await call('PUT', `${URL}/${created.id}`, {
        name: 'Renamed',
        formFields: [...DEFAULT_FORM_FIELDS, custom],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: Object.values(fields)[0],
        fields,
      });
    }
    expect(await stored()).toEqual(before);
    expect((await call('GET', `${URL}/${created.id}`)).json()).toEqual(created);
  });

  it('refuses to remove a subcategory a competition uses, changing nothing', async () => {
    const { category, oil, ink } = await seedUsedCategory();
    const before = await stored();
    const response = await call('PUT', `${URL}/${category.id}`, {
      name: 'Renamed',
      subcategories: [{ id: ink.id, name: 'Ink' }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'SUBCATEGORY_IN_USE',
        message:
          "The subcategory 'Oil' is used by 1 competition. Move it to another subcategory first, or keep this one.",
      },
    });
    // A blank name for it is a removal too.
    const blank = await call('PUT', `${URL}/${category.id}`, {
      name: 'Renamed',
      subcategories: [
        { id: oil.id, name: ' ' },
        { id: ink.id, name: 'Ink' },
      ],
    });
    expect(blank.statusCode).toBe(409);
    await db()
      .insertInto('competitions')
      .values(makeCompetitionRow(category.id, { subcategory_id: oil.id }))
      .execute();
    const two = await call('PUT', `${URL}/${category.id}`, { name: 'Renamed', subcategories: [] });
    expect(two.json().error.message).toBe(
      "The subcategory 'Oil' is used by 2 competitions. Move them to another subcategory first, or keep this one.",
    );
    expect(await stored()).toEqual(before);
    expect(await categoryAudits()).toEqual([]);

    // Removing the unused one and renaming the used one is fine.
    const ok = await call('PUT', `${URL}/${category.id}`, {
      name: 'Painting',
      subcategories: [{ id: oil.id, name: 'Oil paint' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const competitions = await db().selectFrom('competitions').select('subcategory_id').execute();
    expect(competitions.map((c) => c.subcategory_id)).toEqual([oil.id, oil.id]);
  });

  it('refuses a subcategory id of another category, or the same row twice', async () => {
    const { category, oil } = await seedUsedCategory();
    const other = await create({ name: 'Sculpture', subcategories: [{ name: 'Clay' }] });
    const before = await stored();
    const foreign = await call('PUT', `${URL}/${other.id}`, {
      name: 'Sculpture',
      subcategories: [
        { id: other.subcategories[0]?.id, name: 'Clay' },
        { id: oil.id, name: 'Oil' },
      ],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({
      subcategories: 'A subcategory was removed meanwhile. Reload the page and try again.',
    });
    const twice = await call('PUT', `${URL}/${category.id}`, {
      name: 'Painting',
      subcategories: [
        { id: oil.id, name: 'Oil' },
        { id: oil.id, name: 'Oil 2' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({
      'subcategories.1.id': 'This subcategory appears more than once',
    });
    expect(await stored()).toEqual(before);
  });

  it('answers 404 for an unknown category and 400 for a bad body', async () => {
    const missing = await call('PUT', `${URL}/no-such-category`, { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Category not found');
    const { category } = await seedUsedCategory();
    const bad = await call('PUT', `${URL}/${category.id}`, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ name: 'Name is required' });
    expect((await stored()).categories).toEqual([{ id: category.id, name: 'Painting' }]);
  });

  it('shows the new name on the public competitions at once', async () => {
    const { category, oil } = await seedUsedCategory();
    const before = (await t.app.inject('/api/competitions')).json();
    expect(before[0].category.name).toBe('Painting');
    const response = await call('PUT', `${URL}/${category.id}`, {
      name: 'Fine Art',
      subcategories: [{ id: oil.id, name: 'Oil' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = (await t.app.inject('/api/competitions')).json();
    expect(after[0].category.name).toBe('Fine Art');
  });
});

describe(`DELETE ${URL}/:id on ${TEST_ENGINE}`, () => {
  it('refuses to delete a category competitions use, naming how many', async () => {
    const { category } = await seedUsedCategory();
    const before = await stored();
    const one = await call('DELETE', `${URL}/${category.id}`);
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({
      error: {
        code: 'CATEGORY_IN_USE',
        message:
          'This category is used by 1 competition. Delete it or move it to another category first.',
      },
    });
    await db().insertInto('competitions').values(makeCompetitionRow(category.id)).execute();
    const two = await call('DELETE', `${URL}/${category.id}`);
    expect(two.json().error.message).toBe(
      'This category is used by 2 competitions. Delete them or move them to another category first.',
    );
    expect(await stored()).toEqual(before);
    expect(await categoryAudits()).toEqual([]);
  });

  it('deletes an unused category with its subcategories, audited, gone from the public list', async () => {
    const created = await create({ name: 'Sculpture', subcategories: [{ name: 'Clay' }] });
    expect(await publicCategories()).toHaveLength(1);
    const response = await call('DELETE', `${URL}/${created.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await stored()).toEqual({ categories: [], subcategories: [] });
    expect(await publicCategories()).toEqual([]);
    const audit = (await categoryAudits()).find((r) => r.action === 'category.delete');
    expect(audit).toMatchObject({ entity_id: created.id, actor: 'admin' });
    expect(JSON.parse(audit?.details ?? '')).toEqual({ name: 'Sculpture' });

    const again = await call('DELETE', `${URL}/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Category not found');
  });
});

/*
 * The "in use" checks against a competition added at the same moment. On PostgreSQL the checks
 * lock the category and its subcategories, and a new competition share-locks the ones it names,
 * so one request waits for the other: either the removal sees the competition and is refused, or
 * the competition finds its category gone. Without the first locks both go through (the
 * subcategory vanishes from under the new competition) or the category's delete fails with a
 * 500; without the share lock the competition's insert does. Each fails within a few rounds.
 * SQLite runs one write transaction at a time.
 */
describe(`removing what a competition being added uses, at the same moment, on ${TEST_ENGINE}`, () => {
  const ROUNDS = 25;
  const COMPETITIONS = '/api/admin/competitions';
  const competition = (categoryId: string, subcategoryId: string | null = null) => ({
    title: 'Added meanwhile',
    description: 'Sent while the category changes.',
    categoryId,
    subcategoryId,
    startDate: '2026-12-01',
    endDate: '2026-12-31',
  });
  const competitionsIn = async (categoryId: string) =>
    db()
      .selectFrom('competitions')
      .select('subcategory_id')
      .where('category_id', '=', categoryId)
      .execute();

  it('a category deleted: the delete is refused (409) or the competition is (400), never both kept', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const category = makeCategoryRow({ name: `Raced ${round}` });
      await db().insertInto('categories').values(category).execute();
      const [deleted, added] = await Promise.all([
        call('DELETE', `${URL}/${category.id}`),
        call('POST', COMPETITIONS, competition(category.id)),
      ]);
      const answers = [deleted.statusCode, added.statusCode];
      expect(
        [
          [204, 400],
          [409, 201],
        ],
        `${answers}: ${deleted.body} ${added.body}`,
      ).toContainEqual(answers);
      const left = await db()
        .selectFrom('categories')
        .select('id')
        .where('id', '=', category.id)
        .execute();
      expect(left).toHaveLength(deleted.statusCode === 204 ? 0 : 1);
    }
  });

  it('a subcategory removed: the save is refused (409) or the competition is (400), never both kept', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const category = makeCategoryRow({ name: `Raced ${round}` });
      await db().insertInto('categories').values(category).execute();
      const oil = makeSubcategoryRow(category.id, { name: 'Oil', position: 0 });
      const ink = makeSubcategoryRow(category.id, { name: 'Ink', position: 1 });
      await db().insertInto('subcategories').values([oil, ink]).execute();
      const [saved, added] = await Promise.all([
        call('PUT', `${URL}/${category.id}`, {
          name: category.name,
          subcategories: [{ id: ink.id, name: 'Ink' }],
        }),
        call('POST', COMPETITIONS, competition(category.id, oil.id)),
      ]);
      const answers = [saved.statusCode, added.statusCode];
      expect(
        [
          [200, 400],
          [409, 201],
        ],
        `${answers}: ${saved.body} ${added.body}`,
      ).toContainEqual(answers);
      // A competition that was added keeps its subcategory.
      expect(await competitionsIn(category.id)).toEqual(
        added.statusCode === 201 ? [{ subcategory_id: oil.id }] : [],
      );
    }
  });
});
