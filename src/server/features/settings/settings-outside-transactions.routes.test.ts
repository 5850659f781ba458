import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { asArtist, signInArtist } from '../../../../tests/setup/artist-session.ts';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
  todayInKolkata,
} from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays } from '../../../shared/domain/competition-status.ts';
import type { RegistrationReceipt } from '../../../shared/schemas/registration.ts';

/*
 * The site's settings are read before a transaction, never inside one. Their kept copy expires
 * every few seconds; a read inside a transaction that found it expired queried the database
 * outside the transaction, which on SQLite waits for ever for the connection the transaction
 * holds: in CI the whole server stopped answering. Here the copy is never kept, so every read
 * queries, and on SQLite such a read fails the request at once (sqlite-kysely.ts).
 */

const t = useTestApp();
const ARTIST = 'meera@example.com';

beforeAll(() => {
  const settings = t.app.deps.settings;
  const read = settings.getSettings;
  // As when the copy has just expired (or another server's change dropped it): each read queries.
  settings.getSettings = () => {
    settings.forget();
    return read();
  };
});

async function register(competitionId: string): Promise<RegistrationReceipt> {
  const data = registrationData(competitionId, { email: ARTIST, fullName: 'Meera Iyer' });
  const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe(`settings read with no kept copy, on ${TEST_ENGINE}`, () => {
  it('the admin creates a competition and changes it', async () => {
    const { category } = await addCompetition(t);
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const input = {
      title: 'Monsoon Colours',
      description: 'Paint the rains.',
      categoryId: category.id,
      startDate: todayInKolkata(),
      endDate: addDays(todayInKolkata(), 10),
      entryType: 'free',
    };
    const created = await asAdmin(t, token, 'POST', '/api/admin/competitions', input);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    const changed = await asAdmin(t, token, 'PUT', `/api/admin/competitions/${id}`, {
      ...input,
      title: 'Monsoon Colours 2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id, title: 'Monsoon Colours 2026' });
  });

  it('the artist corrects their entry, then withdraws it', async () => {
    const { competition } = await addCompetition(t);
    const { id } = await register(competition.id);
    const token = await signInArtist(t, ARTIST);
    const corrected = await asArtist(t, token, 'PATCH', `/api/me/entries/${id}`, {
      fullName: 'Meera S. Iyer',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const withdrawn = await asArtist(t, token, 'POST', `/api/me/entries/${id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ id, status: 'withdrawn' });
  });
});
