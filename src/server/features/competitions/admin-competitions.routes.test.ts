import type { HTTPMethods } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeCategoryRow,
  makeCompetitionRow,
  makeMediaRow,
  makeSubcategoryRow,
  makeSubmissionRow,
} from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  expectCsrfHeaderRequired,
  expectSessionRequired,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { uploadGeneratedImage } from '../../../../tests/setup/image-upload.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays, todayIn } from '../../../shared/domain/competition-status.ts';
import { COMPETITION_NOT_FOUND } from '../../../shared/messages.ts';
import {
  type AdminCompetition,
  AdminCompetitionSchema,
  COMPETITION_MESSAGES as M,
  END_BEFORE_START,
  type PublicCompetition,
} from '../../../shared/schemas/competition.ts';

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const URL = '/api/admin/competitions';
const UNKNOWN_ID = '8f14e45f-ceea-467f-a0e6-3b2b7d2b4c11';
const IMAGE = '/media/competition.jpg';
const PRIZE = '/media/prize.jpg';

let token: string;
let painting: { id: string };
let drawing: { id: string };
let watercolour: { id: string };

beforeEach(async () => {
  for (const table of ['submissions', 'competitions', 'subcategories', 'categories', 'media']) {
    await db()
      .deleteFrom(table as 'competitions')
      .execute();
  }
  t.app.deps.contentCache.invalidate();
  const paintingRow = makeCategoryRow({ name: 'Painting' });
  const drawingRow = makeCategoryRow({ name: 'Drawing' });
  await db().insertInto('categories').values([paintingRow, drawingRow]).execute();
  const watercolourRow = makeSubcategoryRow(paintingRow.id, { name: 'Watercolour' });
  await db().insertInto('subcategories').values(watercolourRow).execute();
  await db()
    .insertInto('media')
    .values([makeMediaRow(IMAGE), makeMediaRow(PRIZE)])
    .execute();
  painting = paintingRow;
  drawing = drawingRow;
  watercolour = watercolourRow;
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const today = () => todayIn('Asia/Kolkata');

/** A valid paid competition, open from today for ten days. */
function validInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Monsoon Colours',
    description: 'Paint the rains.',
    categoryId: painting.id,
    subcategoryId: watercolour.id,
    startDate: today(),
    endDate: addDays(today(), 10),
    entryType: 'paid',
    entryFee: 499,
    imageUrl: IMAGE,
    prizeImageUrl: PRIZE,
    ...overrides,
  };
}

const send = (method: HTTPMethods, url: string, payload?: unknown) =>
  asAdmin(t, token, method, url, payload);

async function create(overrides: Record<string, unknown> = {}): Promise<AdminCompetition> {
  const response = await send('POST', URL, validInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return AdminCompetitionSchema.parse(response.json());
}

async function publicList(): Promise<PublicCompetition[]> {
  const response = await t.app.inject('/api/competitions');
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The audit log's competition entries, oldest first (signing in is audited too). */
const competitionAudit = () => auditRowsOf(db(), 'competition.');

const competitionRows = () =>
  db().selectFrom('competitions').selectAll().orderBy('title').execute();

/** Expects a 400 with exactly these field messages, and nothing written or audited. */
async function expectRefused(
  method: HTTPMethods,
  url: string,
  payload: unknown,
  fields: Record<string, string>,
) {
  const rowsBefore = await competitionRows();
  const auditBefore = await competitionAudit();
  const response = await send(method, url, payload);
  expect(response.statusCode, JSON.stringify(payload)).toBe(400);
  expect(response.json(), JSON.stringify(payload)).toEqual({
    error: { code: 'VALIDATION_ERROR', message: 'Some fields are not valid.', fields },
  });
  expect(await competitionRows()).toEqual(rowsBefore);
  expect(await competitionAudit()).toEqual(auditBefore);
}

describe(`POST ${URL} on ${TEST_ENGINE}`, () => {
  it('creates a competition (201), audits it and shows it on the public site at once', async () => {
    // The public list is cached before the write: the write must drop it.
    expect(await publicList()).toEqual([]);
    const response = await send('POST', URL, validInput({ title: '  Monsoon Colours  ' }));
    expect(response.statusCode, response.body).toBe(201);
    const created = AdminCompetitionSchema.parse(response.json());
    expect(created).toMatchObject({
      title: 'Monsoon Colours',
      description: 'Paint the rains.',
      category: { id: painting.id, name: 'Painting' },
      subcategory: { id: watercolour.id, name: 'Watercolour' },
      startDate: today(),
      endDate: addDays(today(), 10),
      entryType: 'paid',
      entryFee: 499,
      status: 'open',
      imageUrl: IMAGE,
      prizeImageUrl: PRIZE,
      image: { url: IMAGE, width: 1600, height: 900 },
      prizeImage: { url: PRIZE, width: 1600, height: 900 },
      submissionCount: 0,
    });
    expect(created.createdAt).toBe(created.updatedAt);

    const [shown] = await publicList();
    expect(shown).toMatchObject({ id: created.id, title: 'Monsoon Colours', entryFee: 499 });
    const detail = await t.app.inject(`/api/competitions/${created.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().image.srcset).toContain('400w');

    const [audit] = await competitionAudit();
    expect(audit).toMatchObject({
      action: 'competition.create',
      actor: 'admin',
      entity_id: created.id,
    });
    expect(JSON.parse(audit?.details ?? '')).toEqual({ title: 'Monsoon Colours' });
  });

  it('takes the images of a real upload', async () => {
    const { url } = await uploadGeneratedImage(t, token, 900, 600);
    const created = await create({ imageUrl: url, prizeImageUrl: '' });
    expect(created.image).toMatchObject({ url, width: 900, height: 600 });
    expect(created.prizeImage).toBeNull();
    expect(created.prizeImageUrl).toBe('');
  });

  it('a free competition costs 0 whatever fee is sent; entry type defaults to free', async () => {
    const free = await create({ title: 'Free', entryType: 'free', entryFee: 250 });
    expect(free).toMatchObject({ entryType: 'free', entryFee: 0 });
    const untyped = validInput({ title: 'Untyped' }) as Record<string, unknown>;
    delete untyped.entryType;
    delete untyped.entryFee;
    const response = await send('POST', URL, untyped);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ entryType: 'free', entryFee: 0 });
    const stored = await competitionRows();
    expect(stored.map((r) => [r.title, r.entry_type, r.entry_fee])).toEqual([
      ['Free', 'free', 0],
      ['Untyped', 'free', 0],
    ]);
  });

  it('the subcategory is optional: empty, null or left out means none; a one-day competition is fine', async () => {
    for (const [title, subcategoryId] of [
      ['Empty', ''],
      ['Null', null],
      ['Absent', undefined],
    ] as const) {
      const created = await create({
        title,
        subcategoryId,
        endDate: today(),
        imageUrl: '',
        prizeImageUrl: '',
      });
      expect(created.subcategory, title).toBeNull();
      expect(created.image, title).toBeNull();
      expect(created.startDate).toBe(created.endDate);
    }
  });

  it('refuses each missing required field with its message, storing nothing', async () => {
    await expectRefused(
      'POST',
      URL,
      {},
      {
        title: M.titleRequired,
        description: M.descriptionRequired,
        categoryId: M.categoryRequired,
        startDate: M.startDateRequired,
        endDate: M.endDateRequired,
      },
    );
    await expectRefused(
      'POST',
      URL,
      validInput({ title: '   ', description: '', categoryId: '', startDate: '', endDate: '' }),
      {
        title: M.titleRequired,
        description: M.descriptionRequired,
        categoryId: M.categoryRequired,
        startDate: M.startDateRequired,
        endDate: M.endDateRequired,
      },
    );
  });

  it(`refuses an end date before the start date: '${END_BEFORE_START}'`, async () => {
    await expectRefused(
      'POST',
      URL,
      validInput({ startDate: '2026-12-10', endDate: '2026-12-09' }),
      { endDate: 'End date must be on or after the start date' },
    );
    // Said alongside the other fields' messages.
    await expectRefused(
      'POST',
      URL,
      validInput({ title: '', startDate: '2026-12-10', endDate: '2026-11-30' }),
      { title: M.titleRequired, endDate: END_BEFORE_START },
    );
  });

  it('refuses a date that is not a real YYYY-MM-DD date of a plausible year', async () => {
    for (const [date, message] of [
      ['2026-02-30', M.invalidDate],
      ['21/11/2026', M.invalidDate],
      ['2026-11-21T00:00:00Z', M.invalidDate],
      ['0026-11-21', M.yearOutOfRange],
      ['2200-01-01', M.yearOutOfRange],
    ] as const) {
      await expectRefused('POST', URL, validInput({ startDate: date }), { startDate: message });
    }
  });

  it('a paid entry needs a whole-number fee of at least ₹1', async () => {
    for (const [entryFee, message] of [
      [undefined, M.entryFeeRequired],
      [null, M.entryFeeNotNumber],
      ['499', M.entryFeeNotNumber],
      [49.5, M.entryFeeNotWhole],
      [-1, M.entryFeeNegative],
      [0, M.paidEntryFeeTooLow],
      [1_000_001, M.entryFeeTooHigh],
      [1e300, M.entryFeeNotWhole],
    ] as const) {
      await expectRefused('POST', URL, validInput({ entryType: 'paid', entryFee }), {
        entryFee: message,
      });
    }
    // Paid means a fee: 0 is refused (above, 400 naming entryFee, nothing saved); ₹1 is enough.
    expect(await competitionRows()).toEqual([]);
    expect((await create({ entryType: 'paid', entryFee: 1 })).entryFee).toBe(1);
  });

  it('refuses an unknown entry type, over-long text and wrong types', async () => {
    await expectRefused('POST', URL, validInput({ entryType: 'donation' }), {
      entryType: M.entryTypeRequired,
    });
    await expectRefused(
      'POST',
      URL,
      validInput({ title: 'x'.repeat(201), description: 'y'.repeat(5001) }),
      { title: M.titleTooLong, description: M.descriptionTooLong },
    );
    await expectRefused('POST', URL, validInput({ title: 42, categoryId: ['a'] }), {
      title: M.titleRequired,
      categoryId: M.categoryRequired,
    });
  });

  it('the category must exist and the subcategory must be one of its own', async () => {
    await expectRefused('POST', URL, validInput({ categoryId: UNKNOWN_ID }), {
      categoryId: M.categoryNotFound,
    });
    await expectRefused('POST', URL, validInput({ categoryId: drawing.id }), {
      subcategoryId: M.subcategoryNotInCategory,
    });
    await expectRefused('POST', URL, validInput({ subcategoryId: 'no-such-subcategory' }), {
      subcategoryId: M.subcategoryNotInCategory,
    });
  });

  it('refuses an image that is not an upload of this site', async () => {
    await expectRefused(
      'POST',
      URL,
      validInput({
        imageUrl: 'https://evil.example/x.jpg',
        prizeImageUrl: '/media/never-uploaded.jpg',
      }),
      { imageUrl: M.unknownImage, prizeImageUrl: M.unknownImage },
    );
    await expectRefused('POST', URL, validInput({ imageUrl: `/media/${'a'.repeat(3000)}` }), {
      imageUrl: M.unknownImage,
    });
  });

  it('refuses a body that is not an object, or holds a NUL', async () => {
    for (const payload of [[], 42, ['title']]) {
      const response = await send('POST', URL, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const nul = await send('POST', URL, validInput({ title: 'a\u0000b' }));
    expect(nul.statusCode).toBe(400);
    expect(await competitionRows()).toEqual([]);
  });
});

describe(`GET ${URL} on ${TEST_ENGINE}`, () => {
  it('lists every competition newest created first, with names, raw image urls and submission counts', async () => {
    const rows = [
      makeCompetitionRow(painting.id, {
        title: 'Oldest',
        created_at: '2026-01-01T00:00:00.000Z',
        image_url: '/media/outside.jpg',
      }),
      makeCompetitionRow(drawing.id, {
        title: 'Newest',
        created_at: '2026-03-01T00:00:00.000Z',
        image_url: '',
      }),
      makeCompetitionRow(painting.id, {
        title: 'Middle',
        subcategory_id: watercolour.id,
        created_at: '2026-02-01T00:00:00.000Z',
        image_url: IMAGE,
      }),
    ];
    await db().insertInto('competitions').values(rows).execute();
    const middle = rows[2]?.id ?? '';
    await db()
      .insertInto('submissions')
      .values([
        makeSubmissionRow({ competition_id: middle }),
        makeSubmissionRow({ competition_id: middle }),
        makeSubmissionRow({ competition_id: rows[0]?.id ?? '' }),
        makeSubmissionRow({ competition_id: null }),
      ])
      .execute();

    const response = await send('GET', URL);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = AdminCompetitionSchema.array().parse(response.json());
    expect(
      list.map((c) => [c.title, c.category.name, c.subcategory?.name ?? null, c.submissionCount]),
    ).toEqual([
      ['Newest', 'Drawing', null, 0],
      ['Middle', 'Painting', 'Watercolour', 2],
      ['Oldest', 'Painting', null, 1],
    ]);
    expect(list.map((c) => c.imageUrl)).toEqual(['', IMAGE, '/media/outside.jpg']);
  });

  it('is an empty array when there are none', async () => {
    const response = await send('GET', URL);
    expect(response.json()).toEqual([]);
  });
});

describe(`GET ${URL}/:id on ${TEST_ENGINE}`, () => {
  it('answers one competition as the list shows it', async () => {
    const created = await create();
    const response = await send('GET', `${URL}/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
  });

  it(`an unknown or malformed id is a 404 '${COMPETITION_NOT_FOUND}'`, async () => {
    for (const id of [UNKNOWN_ID, 'not-an-id', encodeURIComponent("' OR '1'='1")]) {
      const response = await send('GET', `${URL}/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual({
        error: { code: 'NOT_FOUND', message: 'Competition not found' },
      });
    }
  });
});

describe(`PUT ${URL}/:id on ${TEST_ENGINE}`, () => {
  it('replaces the fields, keeps createdAt, audits, and the public site shows it at once', async () => {
    const created = await create();
    expect((await publicList())[0]?.title).toBe('Monsoon Colours');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await send(
      'PUT',
      `${URL}/${created.id}`,
      validInput({
        title: 'Monsoon Colours 2026',
        categoryId: drawing.id,
        subcategoryId: '',
        entryFee: 999,
        prizeImageUrl: '',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = AdminCompetitionSchema.parse(response.json());
    expect(updated).toMatchObject({
      id: created.id,
      title: 'Monsoon Colours 2026',
      category: { id: drawing.id, name: 'Drawing' },
      subcategory: null,
      entryFee: 999,
      prizeImage: null,
      prizeImageUrl: '',
      createdAt: created.createdAt,
    });
    expect(updated.updatedAt > created.updatedAt).toBe(true);

    const [shown] = await publicList();
    expect(shown).toMatchObject({ title: 'Monsoon Colours 2026', entryFee: 999 });
    const detail = await t.app.inject(`/api/competitions/${created.id}`);
    expect(detail.json().title).toBe('Monsoon Colours 2026');

    const audit = (await competitionAudit()).find((r) => r.action === 'competition.update');
    expect(audit).toMatchObject({ actor: 'admin', entity_id: created.id });
    expect(JSON.parse(audit?.details ?? '')).toEqual({ title: 'Monsoon Colours 2026' });
  });

  it('switching to free sets the fee to 0', async () => {
    const created = await create({ entryFee: 499 });
    const response = await send(
      'PUT',
      `${URL}/${created.id}`,
      validInput({ entryType: 'free', entryFee: 499 }),
    );
    expect(response.json()).toMatchObject({ entryType: 'free', entryFee: 0 });
    const [row] = await competitionRows();
    expect(row?.entry_fee).toBe(0);
  });

  it('refuses bad input with field messages, leaving the competition as it was', async () => {
    const created = await create();
    const url = `${URL}/${created.id}`;
    await expectRefused('PUT', url, validInput({ endDate: addDays(today(), -1) }), {
      endDate: END_BEFORE_START,
    });
    await expectRefused('PUT', url, validInput({ entryFee: -5 }), { entryFee: M.entryFeeNegative });
    await expectRefused('PUT', url, validInput({ entryType: 'paid', entryFee: 0 }), {
      entryFee: 'Entry fee must be at least ₹1 for a paid competition',
    });
    await expectRefused('PUT', url, validInput({ categoryId: drawing.id }), {
      subcategoryId: M.subcategoryNotInCategory,
    });
    await expectRefused('PUT', url, validInput({ imageUrl: '/media/elsewhere.jpg' }), {
      imageUrl: M.unknownImage,
    });
    await expectRefused(
      'PUT',
      url,
      { title: 'Only a title' },
      {
        description: M.descriptionRequired,
        categoryId: M.categoryRequired,
        startDate: M.startDateRequired,
        endDate: M.endDateRequired,
      },
    );
  });

  it(`an unknown id is a 404 '${COMPETITION_NOT_FOUND}', and nothing is written`, async () => {
    for (const id of [UNKNOWN_ID, 'not-an-id']) {
      const response = await send('PUT', `${URL}/${id}`, validInput());
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: COMPETITION_NOT_FOUND });
    }
    expect(await competitionRows()).toEqual([]);
    expect(await competitionAudit()).toEqual([]);
  });
});

describe(`DELETE ${URL}/:id on ${TEST_ENGINE}`, () => {
  it('deletes it, keeps its submissions with their snapshot, audits, and the public site drops it at once', async () => {
    const created = await create({ title: 'Going away', entryFee: 499 });
    const other = await create({ title: 'Staying' });
    const submissions = [
      makeSubmissionRow({
        competition_id: created.id,
        competition_title: 'Going away',
        entry_fee: 499,
      }),
      makeSubmissionRow({
        competition_id: created.id,
        competition_title: 'Going away',
        entry_fee: 499,
      }),
      makeSubmissionRow({ competition_id: other.id, competition_title: 'Staying' }),
    ];
    await db().insertInto('submissions').values(submissions).execute();
    expect((await send('GET', `${URL}/${created.id}`)).json().submissionCount).toBe(2);
    expect((await publicList()).map((c) => c.title).sort()).toEqual(['Going away', 'Staying']);

    const response = await send('DELETE', `${URL}/${created.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: created.id, submissionsKept: 2 });

    expect((await competitionRows()).map((r) => r.title)).toEqual(['Staying']);
    const kept = await db()
      .selectFrom('submissions')
      .select(['id', 'competition_id', 'competition_title', 'entry_fee'])
      .orderBy('competition_title')
      .execute();
    expect(kept).toHaveLength(3);
    expect(kept.filter((s) => s.competition_title === 'Going away')).toEqual([
      expect.objectContaining({ competition_id: null, entry_fee: 499 }),
      expect.objectContaining({ competition_id: null, entry_fee: 499 }),
    ]);
    expect(kept.find((s) => s.competition_title === 'Staying')?.competition_id).toBe(other.id);

    expect((await publicList()).map((c) => c.title)).toEqual(['Staying']);
    expect((await t.app.inject(`/api/competitions/${created.id}`)).statusCode).toBe(404);
    expect((await send('GET', `${URL}/${created.id}`)).statusCode).toBe(404);

    const audit = (await competitionAudit()).find((r) => r.action === 'competition.delete');
    expect(audit).toMatchObject({ actor: 'admin', entity_id: created.id });
    expect(JSON.parse(audit?.details ?? '')).toEqual({ title: 'Going away', submissionsKept: 2 });
  });

  it('a competition without submissions keeps none', async () => {
    const created = await create();
    const response = await send('DELETE', `${URL}/${created.id}`);
    expect(response.json()).toEqual({ id: created.id, submissionsKept: 0 });
  });

  it('two deletes at once: one deletes and counts the submissions kept, the other finds it gone', async () => {
    const created = await create();
    await db()
      .insertInto('submissions')
      .values(makeSubmissionRow({ competition_id: created.id }))
      .execute();
    const answers = await Promise.all([
      send('DELETE', `${URL}/${created.id}`),
      send('DELETE', `${URL}/${created.id}`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(answers.find((r) => r.statusCode === 200)?.json()).toEqual({
      id: created.id,
      submissionsKept: 1,
    });
    expect((await competitionAudit()).map((r) => r.action)).toEqual([
      'competition.create',
      'competition.delete',
    ]);
  });

  it(`an unknown id, or one deleted already, is a 404 '${COMPETITION_NOT_FOUND}'`, async () => {
    const created = await create();
    expect((await send('DELETE', `${URL}/${created.id}`)).statusCode).toBe(200);
    const auditBefore = await competitionAudit();
    for (const id of [created.id, UNKNOWN_ID, 'not-an-id']) {
      const response = await send('DELETE', `${URL}/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe(COMPETITION_NOT_FOUND);
    }
    expect(await competitionAudit()).toEqual(auditBefore);
  });
});

describe(`the admin competition routes are guarded on ${TEST_ENGINE}`, () => {
  it('answer 401 without a session, storing nothing', async () => {
    const created = await create();
    await expectSessionRequired(t, [
      ['GET', URL],
      ['GET', `${URL}/${created.id}`],
      ['POST', URL, validInput({ title: 'Sneaky' })],
      ['PUT', `${URL}/${created.id}`, validInput({ title: 'Sneaky' })],
      ['DELETE', `${URL}/${created.id}`],
    ]);
    expect((await competitionRows()).map((r) => r.title)).toEqual(['Monsoon Colours']);
  });

  it('answer 403 to a write without the CSRF header, storing nothing', async () => {
    const created = await create();
    await expectCsrfHeaderRequired(t, token, [
      ['POST', URL, validInput({ title: 'Forged' })],
      ['PUT', `${URL}/${created.id}`, validInput({ title: 'Forged' })],
      ['DELETE', `${URL}/${created.id}`],
    ]);
    expect((await competitionRows()).map((r) => r.title)).toEqual(['Monsoon Colours']);
    expect((await competitionAudit()).map((r) => r.action)).toEqual(['competition.create']);
  });

  it('are described in the OpenAPI document', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toContain('/api/admin/competitions');
    expect(paths).toContain('/api/admin/competitions/{id}');
  });
});
