import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  freshAddress,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import { artistCookies, asArtist, signInArtist } from '../../../../tests/setup/artist-session.ts';
import {
  MULTIPART_CONTENT_TYPE,
  type MultipartPart,
  multipartParts,
} from '../../../../tests/setup/image-upload.ts';
import {
  addCompetition,
  clearRegistrations,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
  todayInKolkata,
  unclaimedKeys,
} from '../../../../tests/setup/registration.ts';
import { addJuror, setUpJudging } from '../../../../tests/setup/jury.ts';
import { storedAnswersOf, storedWorksOf } from '../../../../tests/setup/stored-answers.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays } from '../../../shared/domain/competition-status.ts';
import type { AdminEntry } from '../../../shared/schemas/admin-entry.ts';
import { EDIT_MESSAGES, type MyEntry } from '../../../shared/schemas/artist.ts';
import { DEFAULT_FORM_FIELDS, type FormField } from '../../../shared/schemas/form-field.ts';
import type { RegistrationReceipt } from '../../../shared/schemas/registration.ts';
import type { ReviewItem, ReviewPage } from '../../../shared/schemas/review.ts';
import { EDIT_REFUSALS } from './my-entry-edit-answers.ts';
import { MY_ENTRY_NOT_FOUND } from './my-entry-edit.ts';

/*
 * PATCH /api/me/entries/:id: the signed-in artist corrects their own entry until the close, over
 * HTTP, checked by the registration's schema and its picture checks; the admin sees a change made
 * after the review.
 */

const t = useTestApp();
const ARTIST = 'meera@example.com';
const OTHER = 'kabir@example.com';
const entryUrl = (id: string) => `/api/me/entries/${id}`;

/** The default fields and a choice, its options as they are when the entry is made. */
const TONE: FormField = {
  id: 'tone',
  label: 'Tone',
  type: 'choice',
  required: false,
  enabled: true,
  options: ['Warm', 'Cool'],
};

let competitionId: string;
let categoryId: string;
let adminToken: string;
beforeAll(async () => {
  adminToken = await signIn(t, 'admin', ADMIN_PASSWORD);
});
beforeEach(async () => {
  await clearRegistrations(t);
  const { competition, category } = await addCompetition(
    t,
    {},
    { form_fields: JSON.stringify([...DEFAULT_FORM_FIELDS, TONE]) },
  );
  competitionId = competition.id;
  categoryId = category.id;
});

async function register(email: string): Promise<RegistrationReceipt> {
  const data = registrationData(competitionId, { email, fullName: 'Meera Iyer' });
  const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The artist's entry, and their session. */
async function entryOf(email = ARTIST) {
  const receipt = await register(email);
  return { id: receipt.id, token: await signInArtist(t, email) };
}

const patch = (token: string, id: string, body: unknown) =>
  asArtist(t, token, 'PATCH', entryUrl(id), body);

function patchMultipart(token: string, id: string, parts: MultipartPart[]) {
  return t.app.inject({
    method: 'PATCH',
    url: entryUrl(id),
    headers: { ...OUR_CLIENT_HEADERS, 'content-type': MULTIPART_CONTENT_TYPE },
    cookies: artistCookies(token),
    remoteAddress: freshAddress(),
    payload: multipartParts(parts),
  });
}

const storedRow = (id: string) =>
  t.app.deps.db
    .selectFrom('submissions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** Everything a refused change must leave as it was. */
async function entryState(id: string) {
  return {
    row: await storedRow(id),
    works: await storedWorksOf(t.app.deps.db, id),
    audits: await auditRowsOf(t.app.deps.db, 'submission.artist-change'),
    unclaimed: await unclaimedKeys(t.app.deps.db),
  };
}

const fieldsOf = (response: LightMyRequestResponse) =>
  (response.json() as { error: { fields?: Record<string, string> } }).error.fields;

async function closeCompetition() {
  await t.app.deps.db
    .updateTable('competitions')
    .set({ start_date: addDays(todayInKolkata(), -20), end_date: addDays(todayInKolkata(), -2) })
    .where('id', '=', competitionId)
    .execute();
}

describe(`PATCH /api/me/entries/:id on ${TEST_ENGINE}`, () => {
  it("corrects a work's title and the artist's name before the close, audited without values", async () => {
    const { id, token } = await entryOf();
    const response = await patch(token, id, {
      fullName: 'Meera S. Iyer',
      works: [{ fieldValues: { artworkTitle: 'Rain over the Ghats', description: null } }],
    });
    expect(response.statusCode, response.body).toBe(200);
    // The entry as My entries shows it, changed.
    expect(response.json()).toMatchObject({
      id,
      editable: true,
      works: [{ number: 1, title: 'Rain over the Ghats' }],
    });
    expect((response.json() as MyEntry).details).toContainEqual({
      key: 'fullName',
      label: 'Full name',
      value: 'Meera S. Iyer',
    });
    const answers = await storedAnswersOf(t.app.deps.db, id);
    expect(answers).toMatchObject({ artworkTitle: 'Rain over the Ghats', medium: 'Watercolour' });
    expect(answers).not.toHaveProperty('description');
    expect((await storedRow(id)).full_name).toBe('Meera S. Iyer');

    const [audit] = await auditRowsOf(t.app.deps.db, 'submission.artist-change');
    expect(audit).toMatchObject({ actor: 'artist', entity_id: id });
    expect(JSON.parse(audit?.details ?? '{}')).toEqual({
      reference: expect.any(String) as string,
      fields: ['fullName', 'works.0.fieldValues.artworkTitle', 'works.0.fieldValues.description'],
    });
    expect(audit?.details).not.toContain('Rain over');

    // The review's search finds the entry by the name as corrected.
    const found = await asAdmin(t, adminToken, 'GET', '/api/admin/submissions?q=S.%20Iyer');
    expect((found.json() as ReviewPage).items.map((item) => item.id)).toEqual([id]);
  });

  it('answers 409 after the close, and nothing changes', async () => {
    const { id, token } = await entryOf();
    await closeCompetition();
    const before = await entryState(id);
    const response = await patch(token, id, { fullName: 'Too Late' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'ENTRIES_CLOSED', message: EDIT_MESSAGES.closed },
    });
    expect(await entryState(id)).toEqual(before);
  });

  it("answers 404 for another artist's entry, as for none, and 401 signed out", async () => {
    const { id } = await entryOf();
    const other = await entryOf(OTHER);
    const before = await entryState(id);
    const response = await patch(other.token, id, { fullName: 'Not Mine' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: MY_ENTRY_NOT_FOUND } });
    const none = await patch(other.token, '0b7f5a52-6a1d-4d5e-9a3c-3f1f2f0e9d11', {});
    expect(none.json()).toEqual(response.json());
    const signedOut = await t.app.inject({
      method: 'PATCH',
      url: entryUrl(id),
      headers: OUR_CLIENT_HEADERS,
      payload: { fullName: 'Anyone' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await entryState(id)).toEqual(before);
  });

  it('answers 409 for a withdrawn entry', async () => {
    const { id, token } = await entryOf();
    const withdrawn = await asArtist(t, token, 'POST', `${entryUrl(id)}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const response = await patch(token, id, { fullName: 'After' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'WITHDRAWN', message: EDIT_MESSAGES.withdrawn },
    });
  });

  it('answers 409 once the entry is in a round of judging, and My entries no longer offers Edit', async () => {
    const { id, token } = await entryOf();
    const approved = await asAdmin(t, adminToken, 'PUT', `/api/admin/submissions/${id}/status`, {
      status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const juror = await addJuror(t, 'edit.juror', 'Edit Juror');
    await setUpJudging(t, adminToken, competitionId, [juror.id], 1);
    const round = await asAdmin(
      t,
      adminToken,
      'POST',
      `/api/admin/competitions/${competitionId}/rounds`,
      {},
    );
    expect(round.statusCode, round.body).toBe(201);
    const before = await entryState(id);
    const response = await patch(token, id, { fullName: 'Meera S. Iyer' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'WITH_JURY', message: EDIT_MESSAGES.withJury },
    });
    expect(await entryState(id)).toEqual(before);
    const mine = (await asArtist(t, token, 'GET', '/api/me/entries')).json<{
      entries: MyEntry[];
    }>();
    expect(mine.entries.find((entry) => entry.id === id)).toMatchObject({
      editable: false,
      withdrawable: true,
    });
  });

  it('refuses a bad choice, a text too long and the e-mail with 400 naming each, writing nothing', async () => {
    const { id, token } = await entryOf();
    const before = await entryState(id);
    const response = await patch(token, id, {
      pincode: '12',
      works: [{ fieldValues: { artworkTitle: 'x'.repeat(501), tone: 'Loud' } }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(fieldsOf(response) ?? {}).sort()).toEqual([
      'pincode',
      'works.0.fieldValues.artworkTitle',
      'works.0.fieldValues.tone',
    ]);
    const unknown = await patch(token, id, { fieldValues: { tone: 'Warm' } });
    expect(fieldsOf(unknown)).toEqual({ 'fieldValues.tone': EDIT_REFUSALS.unknownField('tone') });
    const email = await patch(token, id, { email: 'new@example.com' });
    expect(email.statusCode).toBe(400);
    expect(fieldsOf(email)).toEqual({ email: EDIT_REFUSALS.email });
    expect(await entryState(id)).toEqual(before);
  });

  it('checks a choice against the options the entry was made with', async () => {
    const { id, token } = await entryOf();
    const changed = [...DEFAULT_FORM_FIELDS, { ...TONE, options: ['Bright'] }];
    await t.app.deps.db
      .updateTable('categories')
      .set({ form_fields: JSON.stringify(changed) })
      .where('id', '=', categoryId)
      .execute();
    const tone = (value: string) => patch(token, id, { works: [{ fieldValues: { tone: value } }] });
    expect((await tone('Cool')).statusCode).toBe(200);
    const refused = await tone('Bright');
    expect(Object.keys(fieldsOf(refused) ?? {})).toEqual(['works.0.fieldValues.tone']);
  });

  it("replaces a work's picture, checked from its bytes; a non-image changes nothing", async () => {
    const { id, token } = await entryOf();
    const before = await entryState(id);
    const data = { name: 'data', data: '{}' };
    const notImage = { name: 'works.0.artworkUrl', filename: 'a.jpg', type: 'image/jpeg' };
    const refused = await patchMultipart(token, id, [
      data,
      { ...notImage, data: Buffer.from('not a picture at all, only text') },
    ]);
    expect(refused.statusCode, refused.body).toBe(415);
    expect(Object.keys(fieldsOf(refused) ?? {})).toEqual(['works.0.fieldValues.artworkUrl']);
    expect(await entryState(id)).toEqual(before);

    const files = await defaultFiles();
    const replaced = await patchMultipart(token, id, [
      data,
      { ...notImage, data: files['fieldValues.artworkUrl'] as Buffer },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const oldKey = before.works[0]?.artworkUrl;
    const newKey = (await storedWorksOf(t.app.deps.db, id))[0]?.artworkUrl;
    expect(newKey).toMatch(/^private\/submissions\/.+\.jpg$/);
    expect(newKey).not.toBe(oldKey);
    // The picture as sent is claimed; the old one is gone with its copies.
    expect(await unclaimedKeys(t.app.deps.db)).toEqual([]);
    await t.app.deps.imageJobs.runOnce();
    const item = await asAdmin(t, adminToken, 'GET', `/api/admin/submissions/${id}/review`);
    expect((item.json() as ReviewItem).pictures).toBe('ready');
  });

  it('marks a change to a reviewed entry for the admin, in the list and on the entry page', async () => {
    const { id, token } = await entryOf();
    await patch(token, id, { fullName: 'Before Review' });
    const reviewUrl = `/api/admin/submissions/${id}/review`;
    expect((await asAdmin(t, adminToken, 'GET', reviewUrl)).json()).toMatchObject({
      changedAfterReview: null,
    });
    const decided = await asAdmin(t, adminToken, 'PUT', `/api/admin/submissions/${id}/status`, {
      status: 'approved',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await patch(token, id, { fullName: 'After Review' })).statusCode).toBe(200);

    const item = (await asAdmin(t, adminToken, 'GET', reviewUrl)).json() as ReviewItem;
    expect(item.changedAfterReview).toEqual(expect.any(String));
    const page = (await asAdmin(t, adminToken, 'GET', '/api/admin/submissions')).json();
    expect((page as ReviewPage).items[0]?.changedAfterReview).toBe(item.changedAfterReview);
    const entry = await asAdmin(t, adminToken, 'GET', `/api/admin/submissions/${id}`);
    expect((entry.json() as AdminEntry).changedAfterReview).toBe(item.changedAfterReview);
  });
});
