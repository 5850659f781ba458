import { beforeEach, describe, expect, it } from 'vitest';
import { makeCategoryRow, makeSubcategoryRow } from '../../../../tests/factories/rows.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { PublicCategorySchema } from '../../../shared/schemas/category.ts';

const t = useTestApp();
const db = () => t.app.deps.db;

beforeEach(async () => {
  await db().deleteFrom('subcategories').execute();
  await db().deleteFrom('categories').execute();
  t.app.deps.contentCache.invalidate();
});

async function addCategory(name: string, createdAt: string) {
  const row = makeCategoryRow({ name, created_at: createdAt, updated_at: createdAt });
  await db().insertInto('categories').values(row).execute();
  return row;
}

async function addSubcategory(categoryId: string, name: string, position: number) {
  const row = makeSubcategoryRow(categoryId, { name, position });
  await db().insertInto('subcategories').values(row).execute();
  return row;
}

describe(`GET /api/categories on ${TEST_ENGINE}`, () => {
  it('is an empty array when there are none', async () => {
    const response = await t.app.inject('/api/categories');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists categories newest first, each with its subcategories in their set order', async () => {
    const painting = await addCategory('Painting', '2026-11-01T10:00:00.000Z');
    const drawing = await addCategory('Drawing — चित्रकला', '2026-11-03T10:00:00.000Z');
    const sculpture = await addCategory('Sculpture', '2026-11-02T10:00:00.000Z');
    // Inserted out of order: position decides, not insertion or name.
    const oil = await addSubcategory(painting.id, 'Oil', 2);
    const acrylic = await addSubcategory(painting.id, 'Acrylic', 1);
    const watercolour = await addSubcategory(painting.id, 'Watercolour', 0);
    const pencil = await addSubcategory(drawing.id, 'Pencil', 0);
    t.app.deps.contentCache.invalidate();

    const response = await t.app.inject('/api/categories');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual([
      {
        id: drawing.id,
        name: 'Drawing — चित्रकला',
        subcategories: [{ id: pencil.id, name: 'Pencil' }],
      },
      { id: sculpture.id, name: 'Sculpture', subcategories: [] },
      {
        id: painting.id,
        name: 'Painting',
        subcategories: [
          { id: watercolour.id, name: 'Watercolour' },
          { id: acrylic.id, name: 'Acrylic' },
          { id: oil.id, name: 'Oil' },
        ],
      },
    ]);
  });

  it('shows names and ids only: no form fields or timestamps', async () => {
    const category = await addCategory('Painting', '2026-11-01T10:00:00.000Z');
    await addSubcategory(category.id, 'Watercolour', 0);
    t.app.deps.contentCache.invalidate();
    const [item] = (await t.app.inject('/api/categories')).json();
    expect(Object.keys(item).sort()).toEqual(['id', 'name', 'subcategories']);
    expect(Object.keys(item.subcategories[0]).sort()).toEqual(['id', 'name']);
    expect(PublicCategorySchema.strict().parse(item)).toEqual(item);
    expect(JSON.stringify(item)).not.toContain('form');
  });

  it('is cached with an ETag: 304 when unchanged, new content only after invalidate()', async () => {
    await addCategory('Painting', '2026-11-01T10:00:00.000Z');
    const first = await t.app.inject('/api/categories');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('accept-encoding');
    const again = await t.app.inject({
      url: '/api/categories',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await addCategory('Drawing', '2026-11-02T10:00:00.000Z');
    expect((await t.app.inject('/api/categories')).json()).toHaveLength(1);
    t.app.deps.contentCache.invalidate();
    const fresh = await t.app.inject({
      url: '/api/categories',
      headers: { 'if-none-match': etag },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().map((c: { name: string }) => c.name)).toEqual(['Drawing', 'Painting']);
    expect(fresh.headers.etag).not.toBe(etag);
  });
});
