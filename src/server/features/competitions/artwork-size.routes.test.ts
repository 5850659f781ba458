import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import {
  addCompetition,
  clearRegistrations,
  jpegOf,
  postRegistration,
  registrationData,
  registrationFormUrl,
  registrationParts,
  registrationState,
  todayInKolkata,
} from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays } from '../../../shared/domain/competition-status.ts';
import { ARTWORK_SIZE_MESSAGES } from '../../../shared/schemas/artwork-size.ts';
import type { AdminCompetition } from '../../../shared/schemas/competition.ts';

/*
 * A competition's minimum artwork size for print: set by the admin, told to the artist before
 * they choose a file, and a smaller artwork refused at registration from its header, with the
 * numbers and the part named.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;
const ARTWORK = 'fieldValues.artworkUrl';

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});
beforeEach(() => clearRegistrations(t));

/** The admin's form for a free competition of the category `categoryId`, open for ten days. */
function competitionInput(categoryId: string, minArtworkLongSide: unknown) {
  const today = todayInKolkata();
  return {
    title: 'Large Prints',
    description: 'For the gallery wall.',
    categoryId,
    startDate: today,
    endDate: addDays(today, 10),
    entryType: 'free',
    minArtworkLongSide,
  };
}

const publicAnswer = async (id: string) => (await t.app.inject(`/api/competitions/${id}`)).json();

describe(`a competition's minimum artwork size on ${TEST_ENGINE}`, () => {
  it('is set in the admin form, kept, cleared, and shown in the public answer only when set', async () => {
    const { category } = await addCompetition(t);
    const created = await asAdmin(t, admin, 'POST', '/api/admin/competitions', {
      ...competitionInput(category.id, 3000),
    });
    expect(created.statusCode, created.body).toBe(201);
    const competition = created.json<AdminCompetition>();
    expect(competition.minArtworkLongSide).toBe(3000);
    expect((await publicAnswer(competition.id)).minArtworkLongSide).toBe(3000);
    const form = await t.app.inject(registrationFormUrl(competition.id));
    expect(form.json().competition.minArtworkLongSide).toBe(3000);

    // An empty box (or null) is no minimum.
    const url = `/api/admin/competitions/${competition.id}`;
    for (const none of ['', null]) {
      const cleared = await asAdmin(t, admin, 'PUT', url, competitionInput(category.id, none));
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json<AdminCompetition>().minArtworkLongSide).toBeUndefined();
      expect(await publicAnswer(competition.id)).not.toHaveProperty('minArtworkLongSide');
    }
  });

  it('refuses a size that is not a whole number of pixels from 1 to 20,000, naming the field', async () => {
    const { category } = await addCompetition(t);
    for (const [value, message] of [
      [0, ARTWORK_SIZE_MESSAGES.tooSmall],
      [-5, ARTWORK_SIZE_MESSAGES.tooSmall],
      [2.5, ARTWORK_SIZE_MESSAGES.notWhole],
      ['big', ARTWORK_SIZE_MESSAGES.notWhole],
      [20_001, ARTWORK_SIZE_MESSAGES.tooLarge],
    ] as const) {
      const response = await asAdmin(
        t,
        admin,
        'POST',
        '/api/admin/competitions',
        competitionInput(category.id, value),
      );
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json().error.fields).toEqual({ minArtworkLongSide: message });
    }
  });

  it('refuses a smaller artwork at registration with its numbers, naming the part; nothing is kept', async () => {
    const { competition } = await addCompetition(t, { min_artwork_long_side: 3000 });
    const before = await registrationState(t);
    const photo = await jpegOf(600, 800, '#e11d48');
    const response = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), {
        photo,
        [ARTWORK]: await jpegOf(1200, 900),
      }),
    );
    expect(response.statusCode).toBe(422);
    const message =
      'This picture is 1,200 × 900 pixels; this competition asks for at least 3,000 pixels on the longer side.';
    expect(response.json().error).toEqual({
      code: 'ARTWORK_TOO_SMALL',
      message,
      fields: { [ARTWORK]: message },
    });
    expect(await registrationState(t)).toEqual(before);
  });

  it('takes an artwork whose longer side (upright) is the minimum; the photo is not measured', async () => {
    const { competition } = await addCompetition(t, { min_artwork_long_side: 3000 });
    // 3000 × 1000 on the sensor, turned upright to 1000 × 3000: its longer side counts either way.
    const turned = await sharp({
      create: { width: 3000, height: 1000, channels: 3, background: '#0f766e' },
    })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const response = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), {
        photo: await jpegOf(300, 400, '#e11d48'),
        [ARTWORK]: turned,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('a competition without a minimum takes any size, as before', async () => {
    const { competition } = await addCompetition(t);
    const response = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), {
        photo: await jpegOf(300, 400, '#e11d48'),
        [ARTWORK]: await jpegOf(200, 150),
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
  });
});
