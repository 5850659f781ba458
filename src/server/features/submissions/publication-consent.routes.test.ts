import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../../tests/factories/rows.ts';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import {
  addCompetition,
  clearRegistrations,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
  registrationState,
} from '../../../../tests/setup/registration.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  PUBLICATION_CONSENT_REQUIRED,
  PUBLICATION_CONSENTS,
} from '../../../shared/schemas/publication-consent.ts';
import { FIELDS_INVALID_MESSAGE } from '../../errors.ts';

/*
 * The registration form's publication consent over HTTP: stored with the server's time
 * of it in the entry's own transaction, refused when missing or unknown, and shown to the admin.
 */

/** The server's clock, an hour ahead of real time: the stored time must be the server's. */
const clock = createRunningClock();
const t = useTestApp({ clock });
const db = () => t.app.deps.db;
const HOUR_MS = 60 * 60 * 1000;

let adminToken: string;
beforeAll(async () => {
  adminToken = await signIn(t, 'admin', ADMIN_PASSWORD);
});
beforeEach(async () => {
  clock.set(new Date(Date.now() + HOUR_MS));
  await clearRegistrations(t);
});

async function register(change: Record<string, unknown>) {
  const { competition } = await addCompetition(t);
  const data = registrationData(competition.id, change);
  return postRegistration(t, registrationParts(data, await defaultFiles()));
}

const storedConsent = (id: string) =>
  db()
    .selectFrom('submissions')
    .select(['publication_consent', 'publication_consent_at', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe(`publication consent on registration, on ${TEST_ENGINE}`, () => {
  it.each(PUBLICATION_CONSENTS)(
    "stores '%s' with the server's time, and the admin's detail shows it",
    async (choice) => {
      const response = await register({ publicationConsent: choice });
      expect(response.statusCode, response.body).toBe(201);
      const receipt = response.json() as { id: string; createdAt: string };
      const stored = await storedConsent(receipt.id);
      expect(stored).toEqual({
        publication_consent: choice,
        publication_consent_at: receipt.createdAt,
        created_at: receipt.createdAt,
      });
      // The server's clock, an hour ahead, not the machine's.
      expect(Date.parse(receipt.createdAt)).toBeGreaterThan(Date.now() + HOUR_MS / 2);

      const detail = await asAdmin(t, adminToken, 'GET', `/api/admin/submissions/${receipt.id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().entry).toMatchObject({
        publicationConsent: choice,
        publicationConsentAt: receipt.createdAt,
      });
    },
  );

  it.each([
    ['left out', { publicationConsent: undefined }],
    ['empty', { publicationConsent: '' }],
    ['an unknown choice', { publicationConsent: 'everyone' }],
    ['not text', { publicationConsent: true }],
  ])('%s: 400 with the field named, and nothing written', async (_, change) => {
    const before = await registrationState(t);
    const response = await register(change);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: FIELDS_INVALID_MESSAGE,
        fields: { publicationConsent: PUBLICATION_CONSENT_REQUIRED },
      },
    });
    // No entry, reference, e-mail or file.
    expect(await registrationState(t)).toEqual(before);
  });

  it('shows an older entry, registered before the choice was asked, with none recorded', async () => {
    const row = makeSubmissionRow({ reference: 'WS-1998-000001' });
    await db().insertInto('submissions').values(row).execute();
    const detail = await asAdmin(t, adminToken, 'GET', `/api/admin/submissions/${row.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().entry).toMatchObject({
      publicationConsent: null,
      publicationConsentAt: null,
    });
  });
});
