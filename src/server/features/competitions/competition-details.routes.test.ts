import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeCategoryRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays, todayIn } from '../../../shared/domain/competition-status.ts';
import {
  type AdminCompetition,
  COMPETITION_MESSAGES as M,
  type CompetitionWithDetails,
  COMPETITION_RULES_MAX,
  PRIZE_DESCRIPTION_MAX,
} from '../../../shared/schemas/competition.ts';
import { DEFAULT_FORM_FIELDS } from '../../../shared/schemas/form-field.ts';

/*
 * What a competition's page says before an artist enters: rules and eligibility (the admin's
 * Markdown, rendered on the server with raw HTML shown as text), the prize in words, and the
 * pictures its category's form asks for. Only the competition's own answer carries them: the
 * catalogue, which home inlines whole, stays as small as it was.
 */
const t = useAdminTestApp();
const db = () => t.app.deps.db;
let token: string;
let categoryId: string;

const RULES = [
  '## How to enter',
  '',
  '- One work per artist',
  '- Made in **2026**',
  '',
  '<script>alert(1)</script> [site](javascript:alert(1))',
].join('\n');

function input(overrides: Record<string, unknown> = {}) {
  const today = todayIn('Asia/Kolkata');
  return {
    title: 'Monsoon Colours',
    description: 'Paint the rains.',
    categoryId,
    startDate: today,
    endDate: addDays(today, 10),
    entryType: 'free',
    ...overrides,
  };
}

const publicOf = async (id: string) => {
  const response = await t.app.inject(`/api/competitions/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CompetitionWithDetails>();
};

// Sessions are cleared before each test.
beforeEach(async () => {
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

beforeAll(async () => {
  // The default form (one picture, Artwork Photo) plus a second picture field, optional.
  const fields = [
    ...DEFAULT_FORM_FIELDS,
    { id: 'custom_detail', type: 'image', label: 'Detail shot', required: false, enabled: true },
    { id: 'custom_off', type: 'image', label: 'Not asked', required: false, enabled: false },
  ];
  const category = makeCategoryRow({ name: 'Painting', form_fields: JSON.stringify(fields) });
  await db().insertInto('categories').values(category).execute();
  categoryId = category.id;
});

describe(`a competition's rules, eligibility, prize and file requirements (${TEST_ENGINE})`, () => {
  it('are saved from the form, given back to the admin as typed, and shown rendered', async () => {
    const created = await asAdmin(
      t,
      token,
      'POST',
      '/api/admin/competitions',
      input({
        rules: `  ${RULES}  `,
        eligibility: 'Artists aged **18** or over, living in India.',
        prizeDescription: '₹25,000 and a solo show\nat the gallery',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const admin = created.json<AdminCompetition>();
    expect(admin).toMatchObject({
      rules: RULES,
      eligibility: 'Artists aged **18** or over, living in India.',
      prizeDescription: '₹25,000 and a solo show\nat the gallery',
    });

    const { details } = await publicOf(admin.id);
    expect(details?.rulesHtml).toContain('<h2>How to enter</h2>');
    expect(details?.rulesHtml).toContain('<li>Made in <strong>2026</strong></li>');
    // Raw HTML is text, and a script address is no link.
    expect(details?.rulesHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(details?.rulesHtml).not.toContain('<script');
    expect(details?.rulesHtml).not.toContain('href="javascript:');
    expect(details?.eligibilityHtml).toBe(
      '<p>Artists aged <strong>18</strong> or over, living in India.</p>\n',
    );
    expect(details?.prizeDescription).toBe('₹25,000 and a solo show\nat the gallery');
    expect(details?.pictures).toEqual({
      types: ['JPEG', 'PNG', 'WebP'],
      maxMegabytes: 10,
      artworks: [
        { label: 'Artwork Photo', required: true },
        { label: 'Detail shot', required: false },
      ],
    });

    // The catalogue carries none of it.
    const list = (await t.app.inject('/api/competitions')).json<CompetitionWithDetails[]>();
    const listed = list.find((c) => c.id === admin.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('details');
  });

  it('are optional: none given, none shown, and the file requirements still are', async () => {
    const created = await asAdmin(t, token, 'POST', '/api/admin/competitions', input());
    expect(created.statusCode, created.body).toBe(201);
    const admin = created.json<AdminCompetition>();
    expect(admin).toMatchObject({ rules: '', eligibility: '', prizeDescription: '' });
    const { details } = await publicOf(admin.id);
    expect(details).toMatchObject({ rulesHtml: '', eligibilityHtml: '', prizeDescription: '' });
    expect(details?.pictures.artworks).toHaveLength(2);

    // Cleared by an edit, as a field left empty.
    const edited = await asAdmin(
      t,
      token,
      'PUT',
      `/api/admin/competitions/${admin.id}`,
      input({ rules: 'Be kind.' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await publicOf(admin.id)).details?.rulesHtml).toBe('<p>Be kind.</p>\n');
    await asAdmin(t, token, 'PUT', `/api/admin/competitions/${admin.id}`, input({ rules: '' }));
    expect((await publicOf(admin.id)).details?.rulesHtml).toBe('');
  });

  it('refuses text over its limit with 400 naming the field, and writes nothing', async () => {
    const before = await db().selectFrom('competitions').select('id').execute();
    const response = await asAdmin(
      t,
      token,
      'POST',
      '/api/admin/competitions',
      input({
        rules: 'r'.repeat(COMPETITION_RULES_MAX + 1),
        eligibility: 'e'.repeat(COMPETITION_RULES_MAX + 1),
        prizeDescription: 'p'.repeat(PRIZE_DESCRIPTION_MAX + 1),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'VALIDATION_ERROR',
        fields: {
          rules: M.rulesTooLong,
          eligibility: M.eligibilityTooLong,
          prizeDescription: M.prizeDescriptionTooLong,
        },
      },
    });
    expect(await db().selectFrom('competitions').select('id').execute()).toHaveLength(
      before.length,
    );
  });
});
