import { randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import sharp from 'sharp';
import type { CategoriesTable, CompetitionsTable, DB } from '../../src/server/db/schema.ts';
import type { FileToStore } from '../../src/server/features/media/unclaimed-files.ts';
import { addDays, todayIn } from '../../src/shared/domain/competition-status.ts';
import { makeCategoryRow, makeCompetitionRow } from '../factories/rows.ts';
import { fastifyOf, freshAddress, type Target } from './admin-session.ts';
import {
  dataDirFiles,
  MULTIPART_CONTENT_TYPE,
  type MultipartPart,
  multipartParts,
} from './image-upload.ts';
import { OUR_CLIENT_HEADERS, type TestApp } from './test-app.ts';

/** Registering as an artist over HTTP, as the registration form does. */

export const SUBMISSIONS_URL = '/api/submissions';
export const registrationFormUrl = (competitionId: string) =>
  `/api/competitions/${competitionId}/registration-form`;

/** The multipart parts of a registration: `data` first (JSON, or the text given), then the files in order. */
export function registrationParts(
  data: unknown,
  files: Record<string, Buffer> = {},
): MultipartPart[] {
  return [
    { name: 'data', data: typeof data === 'string' ? data : JSON.stringify(data) },
    ...Object.entries(files).map(([name, bytes]) => ({
      name,
      filename: `${name.replace(/\W/g, '-')}.jpg`,
      type: 'image/jpeg',
      data: bytes,
    })),
  ];
}

export interface RegistrationOptions {
  /** The Idempotency-Key header: a fresh one unless given; null sends none. */
  idempotencyKey?: string | null;
  /** The client's address: a fresh one unless given, so the per-address limit never carries over. */
  remoteAddress?: string;
  /** Replaces our client's headers (the CSRF header) and the multipart content type. */
  headers?: Record<string, string>;
  /**
   * Whether to wait for the pictures' jobs (made just after the answer) before resolving: true
   * unless given, so a test reads the stored copies as an admin would a moment later.
   */
  waitForPictures?: boolean;
}

/** POST /api/submissions with these parts (or a whole body), as our client sends it. */
export async function postRegistration(
  target: Target,
  body: readonly MultipartPart[] | Buffer | string,
  options: RegistrationOptions = {},
): Promise<LightMyRequestResponse> {
  const key = options.idempotencyKey === undefined ? randomUUID() : options.idempotencyKey;
  const app = fastifyOf(target);
  const response = await app.inject({
    method: 'POST',
    url: SUBMISSIONS_URL,
    headers: {
      ...OUR_CLIENT_HEADERS,
      'content-type': MULTIPART_CONTENT_TYPE,
      ...(key === null ? {} : { 'idempotency-key': key }),
      ...options.headers,
    },
    remoteAddress: options.remoteAddress ?? freshAddress(),
    payload: Array.isArray(body) ? multipartParts(body) : (body as Buffer | string),
  });
  if (response.statusCode === 201 && options.waitForPictures !== false) {
    await app.deps.imageJobs.runOnce();
  }
  return response;
}

/** The form's values of an adult artist for the default fields (no files). */
export function registrationData(competitionId: string, overrides: Record<string, unknown> = {}) {
  return {
    competitionId,
    fullName: 'Aarav Sharma',
    age: 34,
    gender: 'male',
    email: 'aarav@example.com',
    phone: '+91 98765 43210',
    address: '12 MG Road, Pune',
    pincode: '411001',
    fieldValues: {
      artworkTitle: 'Rain on the Ghats',
      medium: 'Watercolour',
      size: 'A3',
      description: 'Clouds over the Sahyadri.',
    },
    consent: true,
    publicationConsent: 'name',
    ...overrides,
  };
}

/** A small JPEG of one colour. */
export function jpegOf(width: number, height: number, background = '#0f766e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** The photo and the artwork the default fields ask for. */
export async function defaultFiles(): Promise<Record<string, Buffer>> {
  return {
    photo: await jpegOf(600, 800, '#e11d48'),
    'fieldValues.artworkUrl': await jpegOf(1200, 900),
  };
}

/** Today in the site's default time zone. */
export const todayInKolkata = () => todayIn('Asia/Kolkata');

/**
 * Empties what registrations write, and what they need, so each test starts from no competition
 * and no entry; the rate-limit hits go too, so one test's attempts never count against the next.
 */
export async function clearRegistrations(t: TestApp): Promise<void> {
  for (const table of [
    'email_outbox',
    'submissions',
    'competitions',
    'subcategories',
    'categories',
    'reference_counters',
    'unclaimed_files',
    'rate_limit_hits',
  ] as const) {
    await t.app.deps.db.deleteFrom(table).execute();
  }
  t.app.deps.contentCache.invalidate();
}

/**
 * A category (the default form fields unless given) and a competition of it, open from yesterday
 * to a month from today in Asia/Kolkata and free unless overridden.
 */
export async function addCompetition(
  t: TestApp,
  competition: Partial<Insertable<CompetitionsTable>> = {},
  category: Partial<Insertable<CategoriesTable>> = {},
) {
  const db = t.app.deps.db;
  const categoryRow = makeCategoryRow(category);
  await db.insertInto('categories').values(categoryRow).execute();
  const row = makeCompetitionRow(categoryRow.id, {
    start_date: addDays(todayInKolkata(), -1),
    end_date: addDays(todayInKolkata(), 30),
    entry_type: 'free',
    entry_fee: 0,
    ...competition,
  });
  await db.insertInto('competitions').values(row).execute();
  t.app.deps.contentCache.invalidate();
  return { competition: row, category: categoryRow };
}

/** Stored private files (bytes and their types' records), relative to DATA_DIR, sorted. */
export function privateFiles(t: TestApp): string[] {
  return dataDirFiles(t).filter((file) => file.split('/').includes('private'));
}

export async function unclaimedKeys(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('unclaimed_files').select('key').orderBy('key').execute();
  return rows.map((r) => r.key);
}

/** What a refused registration must leave unchanged: rows, outbox, files, unclaimed list. */
export async function registrationState(t: TestApp) {
  const db = t.app.deps.db;
  const count = async (
    table: 'submissions' | 'entry_works' | 'email_outbox' | 'reference_counters',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    submissions: await count('submissions'),
    works: await count('entry_works'),
    outbox: await count('email_outbox'),
    counters: await db.selectFrom('reference_counters').selectAll().orderBy('series').execute(),
    files: privateFiles(t),
    unclaimed: await unclaimedKeys(db),
  };
}

/** Two files of a submission that is being saved, as registration writes them. */
export function submissionFiles(): FileToStore[] {
  const folder = `private/submissions/${randomUUID()}`;
  return [
    { key: `${folder}/photo-1a2b3c4d.jpg`, data: randomBytes(2000), contentType: 'image/jpeg' },
    {
      key: `${folder}/artworkurl-5e6f7a8b.jpg`,
      data: randomBytes(3000),
      contentType: 'image/jpeg',
    },
  ];
}

/**
 * The parts of a registration of several works, one for each title (each with the default
 * answers and its own picture), the artist's photo, and `overrides` of the data.
 */
export async function worksRegistrationParts(
  competitionId: string,
  titles: string[],
  overrides: Record<string, unknown> = {},
): Promise<MultipartPart[]> {
  const { fieldValues, ...data } = registrationData(competitionId, overrides);
  const works = titles.map((title) => ({ fieldValues: { ...fieldValues, artworkTitle: title } }));
  const files: Record<string, Buffer> = { photo: (await defaultFiles()).photo as Buffer };
  for (let n = 0; n < titles.length; n += 1)
    files[`works.${n}.artworkUrl`] = await jpegOf(900, 600);
  return registrationParts({ ...data, fieldValues: {}, works }, files);
}
