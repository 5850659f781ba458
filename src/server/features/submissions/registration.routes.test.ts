import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshAddress } from '../../../../tests/setup/admin-session.ts';
import { multipartParts } from '../../../../tests/setup/image-upload.ts';
import {
  addCompetition,
  clearRegistrations,
  defaultFiles,
  jpegOf,
  postRegistration,
  registrationData,
  registrationFormUrl,
  registrationParts,
  registrationState,
  SUBMISSIONS_URL,
  todayInKolkata,
} from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays } from '../../../shared/domain/competition-status.ts';
import { DEFAULT_FORM_FIELDS, type FormField } from '../../../shared/schemas/form-field.ts';
import {
  REGISTRATION_MESSAGES as M,
  RegistrationReceiptSchema,
} from '../../../shared/schemas/registration.ts';
import { storedAnswersOf, storedWorksOf } from '../../../../tests/setup/stored-answers.ts';

const t = useTestApp();
const db = () => t.app.deps.db;

beforeEach(() => clearRegistrations(t));

afterEach(() => {
  vi.useRealTimers();
});

/** The default fields with some changed: `{ artworkUrl: { enabled: false } }`. */
function formFields(changes: Record<string, Partial<FormField>> = {}, extra: FormField[] = []) {
  return JSON.stringify([
    ...DEFAULT_FORM_FIELDS.map((field) => ({ ...field, ...changes[field.id] })),
    ...extra,
  ]);
}

/** A form asking only text and the photo: the cheapest registration to make. */
const WITHOUT_ARTWORK = {
  form_fields: formFields({ artworkUrl: { enabled: false, required: false } }),
};

const FIELDS_INVALID = 'Some fields are not valid.';
/** What a minor's registration adds. */
const GUARDIAN = { guardianName: 'Meera Sharma', guardianConsent: true };

async function submissionRows() {
  return db().selectFrom('submissions').selectAll().orderBy('reference').execute();
}

describe(`GET /api/competitions/:id/registration-form on ${TEST_ENGINE}`, () => {
  it('answers the competition as the catalogue does and its enabled fields in the category order', async () => {
    const custom: FormField = {
      id: 'custom_a1b2c3',
      label: 'Inspiration',
      type: 'text',
      required: false,
      enabled: true,
    };
    const { competition } = await addCompetition(
      t,
      { entry_type: 'paid', entry_fee: 1500 },
      {
        form_fields: JSON.stringify([
          custom,
          ...DEFAULT_FORM_FIELDS.map((f) => (f.id === 'medium' ? { ...f, enabled: false } : f)),
        ]),
      },
    );
    const response = await t.app.inject(registrationFormUrl(competition.id));
    expect(response.statusCode, response.body).toBe(200);
    // The competition's own answer adds its page's details, which the form leaves out.
    const { details, ...catalogue } = (
      await t.app.inject(`/api/competitions/${competition.id}`)
    ).json();
    const body = response.json();
    expect(details).toBeDefined();
    expect(body.competition).toEqual(catalogue);
    expect(body.competition).toMatchObject({ entryType: 'paid', entryFee: 1500, status: 'open' });
    expect(body.formFields.map((f: FormField) => f.id)).toEqual([
      'custom_a1b2c3',
      'artworkTitle',
      'artworkUrl',
      'size',
      'description',
    ]);
    expect(body.formFields[0]).toEqual(custom);
  });

  it('answers 404 for an unknown competition, or an id that is none', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const response = await t.app.inject(registrationFormUrl(id));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'Competition not found' },
      });
    }
  });
});

describe(`POST ${SUBMISSIONS_URL} on ${TEST_ENGINE}: a registration`, () => {
  it('saves a free entry with the values the server decides, and answers its receipt', async () => {
    const { competition, category } = await addCompetition(t, { title: 'Monsoon Colours' });
    const response = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), await defaultFiles()),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    const receipt = RegistrationReceiptSchema.parse(response.json());
    const year = todayInKolkata().slice(0, 4);
    expect(receipt).toEqual({
      id: expect.any(String),
      reference: `WS-${year}-000001`,
      competition: { id: competition.id, title: 'Monsoon Colours' },
      entryType: 'free',
      entryFee: 0,
      status: 'pending',
      paymentStatus: 'paid',
      email: 'aarav@example.com',
      createdAt: expect.any(String),
      entryToken: expect.any(String),
    });
    // The token opens this entry, and only it.
    expect(await t.app.deps.entryTokens.verify(receipt.entryToken)).toBe(receipt.id);
    const [row] = await submissionRows();
    expect(row).toMatchObject({
      id: receipt.id,
      reference: receipt.reference,
      competition_id: competition.id,
      competition_title: 'Monsoon Colours',
      category_id: category.id,
      subcategory_id: null,
      full_name: 'Aarav Sharma',
      age: 34,
      age_category: 'adult',
      gender: 'male',
      entry_type: 'free',
      entry_fee: 0,
      status: 'pending',
      payment_status: 'paid',
      guardian_name: null,
      guardian_consent_at: null,
      created_at: receipt.createdAt,
      consent_at: receipt.createdAt,
    });
    expect(row?.photo_key).toMatch(
      new RegExp(`^private/submissions/${receipt.id}/photo-[0-9a-f]{8}\\.jpg$`),
    );
    // Every field of the default form is asked per work: the entry keeps none of them.
    expect(JSON.parse(row?.field_values ?? '')).toEqual({});
    const [values, ...more] = await storedWorksOf(db(), receipt.id);
    expect(more).toEqual([]);
    expect(values).toEqual({
      artworkTitle: 'Rain on the Ghats',
      artworkUrl: expect.stringMatching(
        new RegExp(`^private/submissions/${receipt.id}/artworkurl-[0-9a-f]{8}\\.jpg$`),
      ),
      medium: 'Watercolour',
      size: 'A3',
      description: 'Clouds over the Sahyadri.',
    });
    // The files are the submission's now: none is left listed as unclaimed.
    expect((await registrationState(t)).unclaimed).toEqual([]);
  });

  it('takes fee, payment status, category and subcategory from a paid competition', async () => {
    const { competition, category } = await addCompetition(t, {
      entry_type: 'paid',
      entry_fee: 499,
    });
    const subcategory = { id: randomUUID(), category_id: category.id, name: 'Oils', position: 0 };
    await db().insertInto('subcategories').values(subcategory).execute();
    await db()
      .updateTable('competitions')
      .set({ subcategory_id: subcategory.id })
      .where('id', '=', competition.id)
      .execute();
    const response = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), await defaultFiles()),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      entryType: 'paid',
      entryFee: 499,
      status: 'pending',
      paymentStatus: 'pending',
    });
    expect((await submissionRows())[0]).toMatchObject({
      category_id: category.id,
      subcategory_id: subcategory.id,
      entry_fee: 499,
      payment_status: 'pending',
    });
  });

  it('refuses what the browser may not decide (status, payment, age category, entry type) as unknown keys', async () => {
    const { competition } = await addCompetition(t, { entry_type: 'paid', entry_fee: 499 });
    const files = await defaultFiles();
    const before = await registrationState(t);
    // A fee or total sent is accepted and ignored (codes/priced-registration.routes.test.ts).
    for (const sent of [
      { entryType: 'free' },
      { status: 'approved' },
      { paymentStatus: 'paid' },
      { ageCategory: 'preschool' },
      { categoryId: randomUUID(), reference: 'WS-2026-999999' },
    ]) {
      const data = registrationData(competition.id, sent);
      const response = await postRegistration(t, registrationParts(data, files));
      expect(response.statusCode, JSON.stringify(sent)).toBe(400);
      const keys = Object.keys(sent).map((k) => `"${k}"`);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: FIELDS_INVALID,
        fields: {
          form: `Unrecognized key${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`,
        },
      });
    }
    expect(await registrationState(t)).toEqual(before);
  });

  it('sets the age category from the age, and for a minor keeps the guardian and their consent time', async () => {
    const { competition } = await addCompetition(t, {}, WITHOUT_ARTWORK);
    const photo = { photo: await jpegOf(40, 40) };
    const minor = registrationData(competition.id, {
      age: 5,
      guardianName: '  Meera Sharma ',
      guardianConsent: true,
    });
    const child = await postRegistration(t, registrationParts(minor, photo));
    expect(child.statusCode, child.body).toBe(201);
    // An adult's guardian, sent or not, is not kept.
    const grownUp = registrationData(competition.id, { age: 18, guardianName: 'Not needed' });
    expect((await postRegistration(t, registrationParts(grownUp, photo))).statusCode).toBe(201);
    const rows = await submissionRows();
    expect(rows.map((r) => [r.age, r.age_category, r.guardian_name])).toEqual([
      [5, 'preschool', 'Meera Sharma'],
      [18, 'adult', null],
    ]);
    expect(rows[0]?.guardian_consent_at).toBe(rows[0]?.created_at);
    expect(rows[1]?.guardian_consent_at).toBeNull();
  });

  it('asks a minor for a guardian and their consent', async () => {
    const { competition } = await addCompetition(t, {}, WITHOUT_ARTWORK);
    const data = registrationData(competition.id, { age: 12 });
    const response = await postRegistration(
      t,
      registrationParts(data, { photo: await jpegOf(40, 40) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      guardianName: M.guardianNameRequired,
      guardianConsent: M.guardianConsentRequired,
    });
    expect((await registrationState(t)).submissions).toBe(0);
  });

  it('keeps text in any script as typed, and the e-mail shows it as text', async () => {
    const { competition } = await addCompetition(t, { title: 'वर्षा <Rain>' });
    const data = registrationData(competition.id, {
      fullName: 'अनन्या தமிழ்செல்வி 🎨',
      address: 'சென்னை 600001, भारत',
      fieldValues: {
        artworkTitle: '<b>मानसून</b> & "மழை" 🌧️',
        medium: 'जलरंग',
        size: 'A3',
      },
    });
    const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await submissionRows();
    expect(row?.full_name).toBe('अनन्या தமிழ்செல்வி 🎨');
    expect(row?.address).toBe('சென்னை 600001, भारत');
    expect((await storedAnswersOf(db(), row?.id ?? '')).artworkTitle).toBe(
      '<b>मानसून</b> & "மழை" 🌧️',
    );
    const [mail] = await db().selectFrom('email_outbox').selectAll().execute();
    expect(mail?.body_text).toContain('- Full name: अनन्या தமிழ்செல்வி 🎨');
    expect(mail?.body_text).toContain('- Artwork Title: <b>मानसून</b> & "மழை" 🌧️');
    expect(mail?.body_html).toContain('&lt;b&gt;मानसून&lt;/b&gt; &amp; &quot;மழை&quot; 🌧️');
    expect(mail?.body_html).not.toContain('<b>मानसून');
    expect(mail?.subject).toBe(`Registration received: वर्षा <Rain> (${row?.reference})`);
  });
});

describe(`POST ${SUBMISSIONS_URL} on ${TEST_ENGINE}: the confirmation e-mail`, () => {
  it('is queued in the outbox with the submission, listing the entry by the form labels', async () => {
    const { competition } = await addCompetition(
      t,
      { title: 'Monsoon Colours', entry_type: 'paid', entry_fee: 1500 },
      {
        form_fields: formFields({
          artworkTitle: { label: 'Title of the Work' },
          description: { required: false },
          videoUrl: { enabled: true },
        }),
      },
    );
    const data = registrationData(competition.id, {
      fieldValues: {
        artworkTitle: 'Rain on the Ghats',
        medium: 'Watercolour',
        size: 'A3',
        description: '',
        videoUrl: 'https://www.youtube.com/watch?v=abc',
      },
    });
    const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
    expect(response.statusCode, response.body).toBe(201);
    const { id, reference } = response.json();
    const mails = await db().selectFrom('email_outbox').selectAll().execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'registration-confirmation',
      submission_id: id,
      to_address: 'aarav@example.com',
      subject: `Registration received: Monsoon Colours (${reference})`,
    });
    const text = mails[0]?.body_text ?? '';
    expect(text).toContain(`Reference: ${reference}`);
    expect(text).toContain('Payment Pending: the entry fee of ₹1,500 has not been received yet.');
    // Unpaid, it is saved but not complete, and the link is where to pay.
    expect(text).toContain(
      "Thank you for registering for Monsoon Colours. Your entry is saved, but it is not complete until the entry fee is paid: open your entry page with the link below and choose 'Complete payment'.",
    );
    expect(text).toMatch(/\nFollow your entry: https?:\/\/\S+\/entry#\S+\n/);
    expect(text).not.toContain('under review');
    const entry = text.slice(text.indexOf('Your entry:'), text.indexOf('Next Steps:'));
    expect(entry.trim().split('\n')).toEqual([
      'Your entry:',
      '- Full name: Aarav Sharma',
      '- Age: 34',
      '- Age category: Adult',
      '- Gender: Male',
      '- Email: aarav@example.com',
      '- Phone: +91 98765 43210',
      '- Address: 12 MG Road, Pune',
      '- Pincode: 411001',
      '- Title of the Work: Rain on the Ghats',
      '- Artwork Photo: received',
      '- Medium: Watercolour',
      '- Size: A3',
      '- YouTube Video Link: https://www.youtube.com/watch?v=abc',
    ]);
  });

  it('of a free entry says it was received and is under review, with no fee line', async () => {
    const { competition } = await addCompetition(t, { title: 'Open Skies', entry_type: 'free' });
    const data = registrationData(competition.id);
    const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
    expect(response.statusCode, response.body).toBe(201);
    const [mail] = await db().selectFrom('email_outbox').selectAll().execute();
    const text = mail?.body_text ?? '';
    expect(text).toContain(
      'Thank you for registering for Open Skies. We have received your submission and it is under review.',
    );
    expect(text).not.toContain('not complete');
    expect(text).not.toContain('Payment');
    expect(text).toContain('- Artwork Photo: received');
    expect(mail?.body_html).toContain('We have received your submission and it is under review.');
  });

  it('is not queued when the registration is refused', async () => {
    const { competition } = await addCompetition(t, {
      end_date: addDays(todayInKolkata(), -1),
      start_date: addDays(todayInKolkata(), -9),
    });
    const response = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), await defaultFiles()),
    );
    expect(response.statusCode).toBe(409);
    expect(await registrationState(t)).toMatchObject({ submissions: 0, outbox: 0 });
  });
});

describe(`POST ${SUBMISSIONS_URL} on ${TEST_ENGINE}: the seed's messages`, () => {
  const CASES: [string, Record<string, unknown>, string, string][] = [
    ['a blank full name', { fullName: '   ' }, 'fullName', 'Full name is required'],
    ['age 0', { age: 0, ...GUARDIAN }, 'age', 'Age must be at least 1 year'],
    ['age 81', { age: 81 }, 'age', 'Age must not exceed 80 years'],
    ['no gender', { gender: undefined }, 'gender', 'Gender is required'],
    ['another gender', { gender: 'other' }, 'gender', 'Gender is required'],
    ['no email', { email: '' }, 'email', 'Email is required'],
    ['a broken email', { email: 'aarav@' }, 'email', 'Invalid email address'],
    ['no phone', { phone: '' }, 'phone', 'Phone number is required'],
    ['a phone of letters', { phone: 'call me' }, 'phone', 'Invalid phone number'],
    ['no address', { address: ' ' }, 'address', 'Address is required'],
    ['no pincode', { pincode: '' }, 'pincode', 'Pincode is required'],
    ['a short pincode', { pincode: '4110' }, 'pincode', 'Invalid pincode format'],
    ['letters in the pincode', { pincode: '41100A' }, 'pincode', 'Invalid pincode format'],
    ['no consent', { consent: false }, 'consent', M.consentRequired],
  ];

  it.each(CASES)(
    '%s: 400 with the message for its field, nothing saved',
    async (_, change, field, message) => {
      const { competition } = await addCompetition(t);
      const before = await registrationState(t);
      const data = registrationData(competition.id, change);
      const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: FIELDS_INVALID,
        fields: { [field]: message },
      });
      expect(await registrationState(t)).toEqual(before);
    },
  );

  it('names each required field the admin set by its label, the photo and a bad web address', async () => {
    const { competition } = await addCompetition(
      t,
      {},
      {
        form_fields: formFields({
          artworkTitle: { label: 'Title of the Work' },
          artworkUrl: { label: 'Picture of the Work' },
          videoUrl: { enabled: true, required: true },
          link: { enabled: true },
        }),
      },
    );
    const data = registrationData(competition.id, {
      fieldValues: { artworkTitle: ' ', medium: 'Oil', size: 'A3', link: 'javascript:alert(1)' },
    });
    const response = await postRegistration(t, registrationParts(data));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      photo: 'Photo is required',
      'fieldValues.artworkTitle': 'Title of the Work is required',
      'fieldValues.artworkUrl': 'Picture of the Work is required',
      'fieldValues.videoUrl': 'YouTube Video Link is required',
      'fieldValues.link': 'Additional Link must be a web address starting with http:// or https://',
    });
    expect((await registrationState(t)).submissions).toBe(0);
  });

  it('names what is missing when competitionId or fullName is left out', async () => {
    const { competition } = await addCompetition(t);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Missing required fields: competitionId, fullName'],
      [
        registrationData(competition.id, { fullName: undefined }),
        'Missing required fields: fullName',
      ],
      [
        registrationData(competition.id, { competitionId: null }),
        'Missing required fields: competitionId',
      ],
    ];
    for (const [data, message] of cases) {
      const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'MISSING_FIELDS', message } });
    }
    expect((await registrationState(t)).submissions).toBe(0);
  });

  it('refuses values of the wrong type for their fields', async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ age: '34' }, { age: 'Age is required' }],
      [{ age: 12.5, ...GUARDIAN }, { age: 'Age must be a whole number of years' }],
      [{ fullName: 42 }, { fullName: 'Full name is required' }],
      [{ consent: 'yes' }, { consent: M.consentRequired }],
      [
        { fieldValues: { artworkTitle: 7, medium: ['Oil'], size: 'A3' } },
        {
          'fieldValues.artworkTitle': 'Artwork Title is required',
          'fieldValues.medium': 'Medium is required',
        },
      ],
    ];
    for (const [change, fields] of cases) {
      const response = await postRegistration(
        t,
        registrationParts(registrationData(competition.id, change), files),
      );
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.fields, JSON.stringify(change)).toEqual(fields);
    }
    expect((await registrationState(t)).submissions).toBe(0);
  });

  it("refuses dynamic keys the form does not have, a turned-off field's included", async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    for (const [key, value] of [
      ['evil', 'x'],
      ['videoUrl', 'https://youtu.be/abc'],
      ['__proto__', 'x'],
    ] as const) {
      const data = registrationData(competition.id);
      const raw = JSON.stringify(data).replace(
        '"fieldValues":{',
        `"fieldValues":{${JSON.stringify(key)}:${JSON.stringify(value)},`,
      );
      const response = await postRegistration(t, registrationParts(raw, files));
      expect(response.statusCode, key).toBe(400);
      expect(response.json().error.fields, key).toEqual({
        fieldValues: `Unrecognized key: "${key}"`,
      });
    }
    // An image given as text instead of a file is no image.
    const asText = registrationData(competition.id, {
      fieldValues: { ...registrationData('').fieldValues, artworkUrl: 'https://example.com/a.jpg' },
    });
    const response = await postRegistration(
      t,
      registrationParts(asText, { photo: files.photo as Buffer }),
    );
    expect(response.json().error.fields).toEqual({
      'fieldValues.artworkUrl': 'Artwork Photo is required',
    });
    expect((await registrationState(t)).submissions).toBe(0);
  });
});

describe(`POST ${SUBMISSIONS_URL} on ${TEST_ENGINE}: the competition`, () => {
  it('answers 404 for a competition that does not exist', async () => {
    await addCompetition(t);
    for (const id of [randomUUID(), 'not-an-id', '']) {
      const response = await postRegistration(
        t,
        registrationParts(registrationData(id), await defaultFiles()),
      );
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'Competition not found' },
      });
    }
    expect((await registrationState(t)).submissions).toBe(0);
  });

  it('refuses a closed or an upcoming competition with 409, saying why', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T06:00:00Z'));
    const closed = await addCompetition(t, { start_date: '2026-11-01', end_date: '2026-11-23' });
    const upcoming = await addCompetition(t, { start_date: '2026-12-05', end_date: '2026-12-31' });
    const before = await registrationState(t);
    for (const [{ competition }, message] of [
      [closed, 'Registration for this competition has closed.'],
      [upcoming, 'Registration opens on 5 December 2026.'],
    ] as const) {
      const response = await postRegistration(
        t,
        registrationParts(registrationData(competition.id), await defaultFiles()),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'COMPETITION_NOT_OPEN', message } });
    }
    expect(await registrationState(t)).toEqual(before);
  });

  it("is open until 23:59:59 of the end date in the site time zone, and the reference takes that zone's year", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { competition: ending } = await addCompetition(t, {
      start_date: '2026-12-01',
      end_date: '2026-12-31',
    });
    const { competition: running } = await addCompetition(t, {
      start_date: '2026-12-01',
      end_date: '2027-01-31',
    });
    const files = await defaultFiles();
    const register = (competitionId: string) =>
      postRegistration(t, registrationParts(registrationData(competitionId), files));

    // 23:59:59 on 31 December in India.
    vi.setSystemTime(new Date('2026-12-31T18:29:59Z'));
    const last = await register(ending.id);
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json().reference).toBe('WS-2026-000001');
    // Midnight in India: 2027 has begun there (not yet in UTC).
    vi.setSystemTime(new Date('2026-12-31T18:30:00Z'));
    const late = await register(ending.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Registration for this competition has closed.');
    const next = await register(running.id);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().reference).toBe('WS-2027-000001');
  });

  it('follows the time zone the settings name', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { competition } = await addCompetition(t, {
      start_date: '2026-12-01',
      end_date: '2026-12-31',
    });
    const files = await defaultFiles();
    await t.app.deps.settings.updateSettings({ timeZone: 'America/New_York' });
    try {
      // 23:59:59 on 31 December in New York is 04:59:59 UTC on 1 January.
      vi.setSystemTime(new Date('2027-01-01T04:59:59Z'));
      const open = await postRegistration(
        t,
        registrationParts(registrationData(competition.id), files),
      );
      expect(open.statusCode, open.body).toBe(201);
      expect(open.json().reference).toBe('WS-2026-000001');
      vi.setSystemTime(new Date('2027-01-01T05:00:00Z'));
      const closed = await postRegistration(
        t,
        registrationParts(registrationData(competition.id), files),
      );
      expect(closed.statusCode).toBe(409);
    } finally {
      await t.app.deps.settings.updateSettings({ timeZone: 'Asia/Kolkata' });
    }
  });
});

describe(`POST ${SUBMISSIONS_URL} on ${TEST_ENGINE}: never twice, never lost`, () => {
  it('answers a repeat with the same key and body with the first receipt, saving nothing more', async () => {
    const { competition } = await addCompetition(t);
    const parts = registrationParts(registrationData(competition.id), await defaultFiles());
    const key = randomUUID();
    const first = await postRegistration(t, parts, { idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(201);
    const after = await registrationState(t);
    const again = await postRegistration(t, parts, { idempotencyKey: key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await registrationState(t)).toEqual(after);
    expect(after).toMatchObject({ submissions: 1, outbox: 1 });
  });

  it('answers the first receipt even after the competition closed, though the artist became approved', async () => {
    const { competition } = await addCompetition(t);
    const parts = registrationParts(registrationData(competition.id), await defaultFiles());
    const key = randomUUID();
    const first = await postRegistration(t, parts, { idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    await db()
      .updateTable('competitions')
      .set({ end_date: addDays(todayInKolkata(), -1), start_date: addDays(todayInKolkata(), -5) })
      .execute();
    await db().updateTable('submissions').set({ status: 'approved' }).execute();
    const again = await postRegistration(t, parts, { idempotencyKey: key });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
  });

  it('refuses the same key with another body or other files with 409, saving nothing', async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    const key = randomUUID();
    const first = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), files),
      { idempotencyKey: key },
    );
    expect(first.statusCode).toBe(201);
    const after = await registrationState(t);
    const otherFile = { ...files, photo: await jpegOf(600, 800, '#2563eb') };
    for (const parts of [
      registrationParts(registrationData(competition.id, { fullName: 'Someone Else' }), files),
      registrationParts(registrationData(competition.id), otherFile),
    ]) {
      const response = await postRegistration(t, parts, { idempotencyKey: key });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: {
          code: 'IDEMPOTENCY_KEY_REUSED',
          message:
            'This Idempotency-Key was already used for a registration with other details. Send a new key for a new registration.',
        },
      });
    }
    expect(await registrationState(t)).toEqual(after);
  });

  it('takes the same values in another key order as the same request', async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    const data = registrationData(competition.id);
    const key = randomUUID();
    const first = await postRegistration(t, registrationParts(data, files), {
      idempotencyKey: key,
    });
    const reordered = Object.fromEntries(Object.entries(data).reverse());
    const again = await postRegistration(t, registrationParts(reordered, files), {
      idempotencyKey: key,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });

  it('lets a key whose request was refused be sent again with the values corrected', async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    const key = randomUUID();
    const wrong = registrationData(competition.id, { pincode: '12' });
    expect(
      (await postRegistration(t, registrationParts(wrong, files), { idempotencyKey: key }))
        .statusCode,
    ).toBe(400);
    const right = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), files),
      { idempotencyKey: key },
    );
    expect(right.statusCode, right.body).toBe(201);
    expect(right.headers['idempotent-replayed']).toBeUndefined();
  });

  it('makes one submission of the same request sent twice at once, and both get its receipt', async () => {
    const { competition } = await addCompetition(t);
    const parts = registrationParts(registrationData(competition.id), await defaultFiles());
    const key = randomUUID();
    const filesBefore = (await registrationState(t)).files;
    const answers = await Promise.all([
      postRegistration(t, parts, { idempotencyKey: key }),
      postRegistration(t, parts, { idempotencyKey: key }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    const state = await registrationState(t);
    expect(state).toMatchObject({ submissions: 1, outbox: 1, unclaimed: [] });
    // Only the saved submission's files are left: the other request's were removed.
    const { id } = answers[0]?.json() as { id: string };
    const added = state.files.filter((file) => !filesBefore.includes(file));
    // The photo, the artwork and its large and display copies, each with its type beside it.
    expect(added).toHaveLength(8);
    expect(added.every((file) => file.includes(`/private/submissions/${id}/`))).toBe(true);
  });

  it('requires an Idempotency-Key of 8 to 100 letters, digits, - or _', async () => {
    const { competition } = await addCompetition(t);
    const parts = registrationParts(registrationData(competition.id), await defaultFiles());
    for (const key of [null, '', 'short', 'x'.repeat(101), 'has space in it', 'ключ-ключ-ключ']) {
      const response = await postRegistration(t, parts, { idempotencyKey: key });
      expect(response.statusCode, String(key)).toBe(400);
      expect(response.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    }
    expect((await registrationState(t)).submissions).toBe(0);
  });

  it('gives 50 registrations at once 50 different references, in order', async () => {
    const { competition } = await addCompetition(t, {}, WITHOUT_ARTWORK);
    const photo = await jpegOf(16, 16);
    // All 50 are sent at once, and each is answered: none waits for another's pictures.
    const register = (n: number) =>
      postRegistration(
        t,
        registrationParts(registrationData(competition.id, { email: `artist${n}@example.com` }), {
          photo,
        }),
      );
    const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => register(n)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const year = todayInKolkata().slice(0, 4);
    const references = answers.map((a) => a.json().reference as string).sort();
    expect(references).toEqual(
      Array.from({ length: 50 }, (_, n) => `WS-${year}-${String(n + 1).padStart(6, '0')}`),
    );
    expect(await registrationState(t)).toMatchObject({
      submissions: 50,
      outbox: 50,
      unclaimed: [],
    });
  }, 120_000);
});

describe(`POST ${SUBMISSIONS_URL} on ${TEST_ENGINE}: bots`, () => {
  it('refuses a filled honeypot with a plain 400, saving nothing', async () => {
    const { competition } = await addCompetition(t);
    const before = await registrationState(t);
    const data = registrationData(competition.id, { website: 'https://spam.example' });
    const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'Your registration could not be accepted.' },
    });
    expect(await registrationState(t)).toEqual(before);
    // Left empty, as people leave it, it is no obstacle.
    const person = registrationData(competition.id, { website: '' });
    expect(
      (await postRegistration(t, registrationParts(person, await defaultFiles()))).statusCode,
    ).toBe(201);
  });

  it('allows 10 attempts per address in 10 minutes, then 429 with Retry-After, counted in the database', async () => {
    const { competition } = await addCompetition(t, {}, WITHOUT_ARTWORK);
    const address = freshAddress();
    const keys = Array.from({ length: 10 }, () => randomUUID());
    // Refused attempts count too: nine bots' guesses and one real registration.
    for (const key of keys.slice(0, 9)) {
      const response = await postRegistration(t, registrationParts({}), {
        idempotencyKey: key,
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(400);
    }
    const parts = registrationParts(registrationData(competition.id), {
      photo: await jpegOf(40, 40),
    });
    const tenth = await postRegistration(t, parts, {
      idempotencyKey: keys[9],
      remoteAddress: address,
    });
    expect(tenth.statusCode).toBe(201);
    const refused = await postRegistration(t, parts, { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many registrations from your connection. Please try again in 10 minutes.',
      },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    // A retry of an attempt already let through (same key) still gets its answer.
    const retry = await postRegistration(t, parts, {
      idempotencyKey: keys[9],
      remoteAddress: address,
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // Another address is not held back.
    expect((await postRegistration(t, parts)).statusCode).toBe(201);
    const hits = await db()
      .selectFrom('rate_limit_hits')
      .select('client_key')
      .where('client_key', '=', address)
      .execute();
    expect(hits).toHaveLength(10);
    expect(await db().selectFrom('submissions').select('id').execute()).toHaveLength(2);
  });
});

describe(`POST ${SUBMISSIONS_URL} on ${TEST_ENGINE}: bad input`, () => {
  /** Sends a body and expects a 4xx with this error, nothing saved and no file left. */
  async function expectRefused(
    body: Parameters<typeof postRegistration>[1],
    status: number,
    error: Record<string, unknown>,
    headers?: Record<string, string>,
  ) {
    const before = await registrationState(t);
    const response = await postRegistration(t, body, headers ? { headers } : {});
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error).toEqual(error);
    expect(await registrationState(t)).toEqual(before);
  }

  it('refuses any content type but multipart/form-data with 415', async () => {
    const { competition } = await addCompetition(t);
    const json = JSON.stringify(registrationData(competition.id));
    for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
      await expectRefused(
        json,
        415,
        { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This content type is not accepted.' },
        { 'content-type': type },
      );
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: SUBMISSIONS_URL,
      headers: { ...OUR_CLIENT_HEADERS, 'idempotency-key': randomUUID() },
    });
    expect(empty.statusCode).toBe(415);
    expect(empty.json().error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the registration as multipart/form-data.',
    });
  });

  it('needs the CSRF header', async () => {
    const { competition } = await addCompetition(t);
    const parts = registrationParts(registrationData(competition.id), await defaultFiles());
    const response = await postRegistration(t, parts, { headers: { 'x-requested-with': '' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CSRF_REJECTED');
  });

  it('refuses "data" that is not first, not JSON or not an object', async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    const data = JSON.stringify(registrationData(competition.id));
    const first = 'Send the form\'s values as JSON in the first part, named "data".';
    const notJson = 'The "data" part must be a JSON object of the form\'s values.';
    const photoPart = {
      name: 'photo',
      filename: 'p.jpg',
      type: 'image/jpeg',
      data: files.photo as Buffer,
    };
    const bodies: [readonly Parameters<typeof multipartParts>[0][number][], string][] = [
      [[photoPart, { name: 'data', data }], first],
      [[{ name: 'values', data }, photoPart], first],
      [[{ name: 'data', filename: 'data.json', type: 'application/json', data }], first],
      [[], first],
      [registrationParts('{"competitionId": ', files), notJson],
      [registrationParts('[1, 2]', files), notJson],
      [registrationParts('"text"', files), notJson],
      // Declared JSON and broken, it is not read as "data" at all.
      [[{ name: 'data', type: 'application/json', data: '{oops' }, photoPart], first],
    ];
    for (const [parts, message] of bodies) {
      await expectRefused(parts, 400, {
        code: 'VALIDATION_ERROR',
        message,
        fields: { data: message },
      });
    }
  });

  it('refuses a non-image or a renamed script in a file part with 415, and a broken image with 422', async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    const data = registrationData(competition.id);
    const invalid = 'Invalid file type. Please upload a JPEG or PNG image.';
    await expectRefused(
      registrationParts(data, { ...files, photo: Buffer.from('<?php system($_GET["c"]); ?>') }),
      415,
      { code: 'INVALID_IMAGE_TYPE', message: invalid, fields: { photo: invalid } },
    );
    await expectRefused(
      registrationParts(data, {
        photo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'fieldValues.artworkUrl': Buffer.from('%PDF-1.7 not a picture'),
      }),
      415,
      {
        code: 'INVALID_IMAGE_TYPE',
        message: invalid,
        fields: { photo: invalid, 'fieldValues.artworkUrl': invalid },
      },
    );
    const artwork = files['fieldValues.artworkUrl'] as Buffer;
    await expectRefused(
      registrationParts(data, {
        ...files,
        'fieldValues.artworkUrl': artwork.subarray(0, artwork.length / 2),
      }),
      422,
      {
        code: 'IMAGE_UNREADABLE',
        message: 'Failed to process image',
        fields: { 'fieldValues.artworkUrl': 'Failed to process image' },
      },
    );
  });

  it('refuses more files or fields than the form has', async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    const data = JSON.stringify(registrationData(competition.id));
    const photo = files.photo as Buffer;
    const file = (name: string) => ({ name, filename: 'x.jpg', type: 'image/jpeg', data: photo });
    const cases: [Parameters<typeof multipartParts>[0], string, string][] = [
      [
        [{ name: 'data', data }, file('photo'), file('photo')],
        'photo',
        'Send one file for this field.',
      ],
      [
        [{ name: 'data', data }, file('photo'), file('fieldValues.artworkTitle')],
        'fieldValues.artworkTitle',
        'The form has no file field "fieldValues.artworkTitle".',
      ],
      [
        [{ name: 'data', data }, file('photo'), file('fieldValues.videoUrl')],
        'fieldValues.videoUrl',
        'The form has no file field "fieldValues.videoUrl".',
      ],
      [[{ name: 'data', data }, file('avatar')], 'avatar', 'The form has no file field "avatar".'],
      [
        [{ name: 'data', data }, file('photo'), { name: 'fieldValues.medium', data: 'Oil' }],
        'fieldValues.medium',
        'Only files may follow "data"; the form\'s values go in "data".',
      ],
      [
        [
          { name: 'data', data },
          { name: 'photo', data: 'not a file' },
        ],
        'photo',
        'Only files may follow "data"; the form\'s values go in "data".',
      ],
    ];
    for (const [parts, field, message] of cases) {
      await expectRefused(parts, 400, {
        code: 'VALIDATION_ERROR',
        message,
        fields: { [field]: message },
      });
    }
    await expectRefused(
      [
        { name: 'data', data },
        { name: 'a', data: '1' },
        { name: 'b', data: '2' },
      ],
      400,
      {
        code: 'VALIDATION_ERROR',
        message: 'Only files may follow "data"; the form\'s values go in "data".',
        fields: { a: 'Only files may follow "data"; the form\'s values go in "data".' },
      },
    );
  });

  it('refuses a file over 10 MB with 413, and a "data" part over its limit', async () => {
    const { competition } = await addCompetition(t);
    const files = await defaultFiles();
    const data = registrationData(competition.id);
    const photo = files.photo as Buffer;
    const big = Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024 + 1 - photo.length)]);
    const tooLarge = 'File size must be less than 10MB.';
    await expectRefused(registrationParts(data, { ...files, photo: big }), 413, {
      code: 'FILE_TOO_LARGE',
      message: tooLarge,
      fields: { photo: tooLarge },
    });
    const long = registrationData(competition.id, { address: 'x'.repeat(1100 * 1024) });
    await expectRefused(registrationParts(long, files), 413, {
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The "data" part is too large.',
      fields: { data: 'The "data" part is too large.' },
    });
  });

  it('refuses a body cut short', async () => {
    const { competition } = await addCompetition(t);
    const whole = multipartParts(
      registrationParts(registrationData(competition.id), await defaultFiles()),
    );
    await expectRefused(whole.subarray(0, whole.length - 2000), 400, {
      code: 'VALIDATION_ERROR',
      message: 'The registration was not received whole. Please send it again.',
    });
  });
});
