import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type {
  AdminUsersTable,
  BannersTable,
  CategoriesTable,
  CompetitionsTable,
  MediaTable,
  SubcategoriesTable,
  SubmissionsTable,
} from '../../src/server/db/schema.ts';
import { searchTextOf } from '../../src/server/features/submissions/search-text.ts';
import { DEFAULT_FORM_FIELDS } from '../../src/shared/schemas/form-field.ts';

/** Database rows with sensible values; every test overrides what it cares about. */
const now = () => new Date().toISOString();

export function makeCategoryRow(
  overrides: Partial<Insertable<CategoriesTable>> = {},
): Insertable<CategoriesTable> {
  return {
    id: randomUUID(),
    name: 'Painting',
    form_fields: JSON.stringify(DEFAULT_FORM_FIELDS),
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
}

export function makeSubcategoryRow(
  categoryId: string,
  overrides: Partial<Insertable<SubcategoriesTable>> = {},
): Insertable<SubcategoriesTable> {
  return {
    id: randomUUID(),
    category_id: categoryId,
    name: 'Watercolour',
    position: 0,
    ...overrides,
  };
}

export function makeCompetitionRow(
  categoryId: string,
  overrides: Partial<Insertable<CompetitionsTable>> = {},
): Insertable<CompetitionsTable> {
  return {
    id: randomUUID(),
    title: 'Monsoon Colours',
    description: 'Paint the rains.',
    image_url: '/media/abc.jpg',
    prize_image_url: '/media/def.jpg',
    category_id: categoryId,
    subcategory_id: null,
    start_date: '2026-11-01',
    end_date: '2026-12-31',
    entry_type: 'paid',
    entry_fee: 499,
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
}

export function makeBannerRow(
  overrides: Partial<Insertable<BannersTable>> = {},
): Insertable<BannersTable> {
  return {
    id: randomUUID(),
    title: 'Create. Compete. Shine.',
    description: 'Art competitions for every age.',
    image_url: '/media/banner.jpg',
    position: 0,
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
}

export function makeSubmissionRow(
  overrides: Partial<Insertable<SubmissionsTable>> = {},
): Insertable<SubmissionsTable> {
  const row: Insertable<SubmissionsTable> = {
    id: randomUUID(),
    reference: `WS-${randomUUID().slice(0, 8).toUpperCase()}`,
    competition_id: null,
    competition_title: 'Monsoon Colours',
    category_id: null,
    subcategory_id: null,
    full_name: 'Aarav Sharma',
    age: 12,
    age_category: 'children',
    gender: 'male',
    email: 'aarav@example.com',
    phone: '+91 98765 43210',
    address: '12 MG Road, Pune',
    pincode: '411001',
    photo_key: 'private/photo.jpg',
    field_values: JSON.stringify({ artworkTitle: 'Rain on the Ghats', medium: 'Watercolour' }),
    entry_type: 'paid',
    entry_fee: 499,
    status: 'pending',
    payment_status: 'pending',
    idempotency_key: randomUUID(),
    idempotency_hash: null,
    consent_at: now(),
    guardian_name: 'Meera Sharma',
    guardian_consent_at: now(),
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
  return {
    ...row,
    search_text:
      overrides.search_text ??
      searchTextOf({ fullName: row.full_name, email: row.email, reference: row.reference }),
  };
}

export function makeAdminUserRow(
  overrides: Partial<Insertable<AdminUsersTable>> = {},
): Insertable<AdminUsersTable> {
  return {
    id: randomUUID(),
    username: `editor-${randomUUID().slice(0, 6)}`,
    password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    totp_secret: null,
    totp_last_step: null,
    role: 'admin',
    display_name: null,
    email: null,
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
}

/** A measured image as storeResponsiveImage records it: WebP sizes 400 and 800 of a 1600x900 JPEG. */
export function makeMediaRow(url: string, overrides: Partial<MediaTable> = {}): MediaTable {
  const stem = url.replace(/\.[a-z]+$/, '');
  return {
    url,
    width: 1600,
    height: 900,
    variants: JSON.stringify([
      { url: `${stem}-400.webp`, width: 400 },
      { url: `${stem}-800.webp`, width: 800 },
    ]),
    created_at: now(),
    ...overrides,
  };
}
