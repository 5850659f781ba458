import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshAddress } from '../../../../tests/setup/admin-session.ts';
import {
  addCompetition,
  clearRegistrations,
  defaultFiles,
  jpegOf,
  postRegistration,
  registrationData,
  registrationParts,
  registrationState,
} from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { imageShapeRefused } from '../../../shared/domain/image-upload.ts';
import { storedAnswersOf } from '../../../../tests/setup/stored-answers.ts';

/*
 * Bad input to registration: a NUL or a nesting too deep in the `data` part is refused
 * before any file is read, on both engines; an e-mail address or a one-line answer that cannot be
 * right is refused with its field named; and failing attempts with one Idempotency-Key count
 * against the address's limit.
 */

const t = useTestApp();
const db = () => t.app.deps.db;

beforeEach(() => clearRegistrations(t));

const NUL = '\u0000';
const FIELDS_INVALID = 'Some fields are not valid.';
/** A file that is no picture: had any image work begun, the answer would be a 415. */
const NOT_A_PICTURE = { photo: Buffer.from('not a picture at all') };

/** Sends `data` (an object, or JSON text) and expects a 400 with `error`, nothing written. */
async function expectRefused(
  data: unknown,
  error: Record<string, unknown>,
  files: Record<string, Buffer> = NOT_A_PICTURE,
  label = JSON.stringify(data).slice(0, 80),
) {
  const before = await registrationState(t);
  const response = await postRegistration(t, registrationParts(data, files));
  expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
  expect(response.json(), label).toEqual({ error });
  expect(await registrationState(t), label).toEqual(before);
}

describe(`POST /api/submissions on ${TEST_ENGINE}: the "data" part`, () => {
  it('with a NUL in any text is a 400 before any image is read, and nothing is stored', async () => {
    const { competition } = await addCompetition(t);
    const refused = { code: 'BAD_REQUEST', message: 'The request contains a NUL character.' };
    const data = registrationData(competition.id);
    for (const change of [
      { fullName: `Aarav${NUL}Sharma` },
      { email: `aarav${NUL}@example.com` },
      { address: `12 MG Road${NUL}` },
      { phone: `+91${NUL}98765 43210` },
      { guardianName: NUL },
      { fieldValues: { ...data.fieldValues, medium: `Oil${NUL}` } },
      { fieldValues: { ...data.fieldValues, description: `${NUL}` } },
    ]) {
      await expectRefused({ ...data, ...change }, refused);
      // With real pictures too: nothing is decoded or stored either.
      await expectRefused({ ...data, ...change }, refused, await defaultFiles());
    }
    // As the JSON escape; the character itself is no valid JSON and is refused as such.
    await expectRefused(
      JSON.stringify(data).replace('Aarav', 'Aa\\u0000rav'),
      refused,
      NOT_A_PICTURE,
      'escaped',
    );
    const notJson = 'The "data" part must be a JSON object of the form\'s values.';
    await expectRefused(
      JSON.stringify(data).replace('Aarav', `Aa${NUL}rav`),
      { code: 'VALIDATION_ERROR', message: notJson, fields: { data: notJson } },
      NOT_A_PICTURE,
      'raw',
    );
  });

  it('nested too deeply is a 400, never a 500, and nothing is stored', async () => {
    const { competition } = await addCompetition(t);
    const refused = { code: 'BAD_REQUEST', message: 'The request is nested too deeply.' };
    const data = JSON.stringify(registrationData(competition.id));
    const deepArray = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const deepObject = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    for (const [label, text] of [
      ['an array', `${data.slice(0, -1)},"x":${deepArray}}`],
      ['an object', `${data.slice(0, -1)},"x":${deepObject}}`],
      ['in the field values', data.replace('"fieldValues":{', `"fieldValues":{"x":${deepArray},`)],
      ['as the whole part', deepObject],
    ] as const) {
      await expectRefused(text, refused, await defaultFiles(), label);
    }
  });
});

describe(`POST /api/submissions on ${TEST_ENGINE}: values that cannot be right`, () => {
  /** The answer to a registration with `change`, expecting one field refused with `message`. */
  async function expectFieldRefused(
    change: Record<string, unknown>,
    field: string,
    message: string,
  ) {
    const { competition } = await addCompetition(t);
    const data = registrationData(competition.id, change);
    await expectRefused(
      data,
      { code: 'VALIDATION_ERROR', message: FIELDS_INVALID, fields: { [field]: message } },
      await defaultFiles(),
    );
  }

  it('refuses an e-mail address with <, >, ", a comma, a semicolon, a comment, a space or a control character', async () => {
    for (const email of [
      'aarav<script>@example.com',
      '<aarav@example.com>',
      'aarav@example.com>',
      '"aarav"@example.com',
      'aarav@example.com,other@example.com',
      'aarav@example.com, other@example.com',
      'aa rav@example.com',
      'aarav@exam ple.com',
      'aarav\u00a0@example.com',
      'aarav@example.com\r\nBcc: other@example.com',
      'aarav\n@example.com',
      'aa\u0001rav@example.com',
      'aarav@example.com\u007f',
      'aarav@exa\u0085mple.com',
      // A list, a comment: a mailer would send to another address than the one stored.
      'a;b@c.example',
      'a(b)c@d.example',
      'victim;attacker@evil.example',
    ]) {
      await expectFieldRefused({ email }, 'email', 'Invalid email address');
    }
  });

  it('refuses a 1 × 39,000,000 picture from its header with 400 naming the part, storing nothing', async () => {
    const { competition } = await addCompetition(t);
    // A real 1 × 1 PNG whose header claims 1 × 39,000,000: 39 megapixels, within the count.
    const strip = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    strip.writeUInt32BE(39_000_000, 20);
    strip.writeUInt32BE(crc32(strip.subarray(12, 29)), 29);
    const message = imageShapeRefused(1, 39_000_000);
    await expectRefused(
      registrationData(competition.id),
      { code: 'IMAGE_DIMENSIONS', message, fields: { 'fieldValues.artworkUrl': message } },
      { ...(await defaultFiles()), 'fieldValues.artworkUrl': strip },
    );
  });

  it('refuses a line break inside a one-line answer, naming the field', async () => {
    const fieldValues = registrationData('x').fieldValues;
    const minor = { age: 12, guardianConsent: true };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fullName: 'Aarav\nSharma' }, 'fullName', 'Full name must be on one line'],
      [{ fullName: 'Aarav\r\nBcc: x@example.com' }, 'fullName', 'Full name must be on one line'],
      [{ fullName: 'Aarav\rSharma' }, 'fullName', 'Full name must be on one line'],
      [{ fullName: 'Aarav\u2028Sharma' }, 'fullName', 'Full name must be on one line'],
      [
        { ...minor, guardianName: 'Meera\nSharma' },
        'guardianName',
        "Parent or guardian's name must be on one line",
      ],
      [{ phone: '+91 98765\n43210' }, 'phone', 'Invalid phone number'],
      [{ pincode: '411\n001' }, 'pincode', 'Invalid pincode format'],
      [
        { fieldValues: { ...fieldValues, medium: 'Oil\nBcc: x@example.com' } },
        'fieldValues.medium',
        'Medium must be on one line',
      ],
      [
        { fieldValues: { ...fieldValues, artworkTitle: 'Rain\r\non the Ghats' } },
        'fieldValues.artworkTitle',
        'Artwork Title must be on one line',
      ],
    ];
    for (const [change, field, message] of cases) {
      await expectFieldRefused(change, field, message);
    }
  });

  it('keeps the address and the description on several lines, and takes an ordinary address', async () => {
    const { competition } = await addCompetition(t);
    const data = registrationData(competition.id, {
      email: "o'brien+art@example.co.in",
      fullName: '  Aarav Sharma\n',
      address: '12 MG Road\nPune',
      fieldValues: {
        ...registrationData(competition.id).fieldValues,
        description: 'Clouds over the Sahyadri.\n\nPainted in one sitting.',
      },
    });
    const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
    expect(response.statusCode, response.body).toBe(201);
    const row = await db()
      .selectFrom('submissions')
      .select(['id', 'full_name', 'email', 'address'])
      .executeTakeFirstOrThrow();
    // A line break typed at either end is trimmed away, as spaces are.
    expect(row.full_name).toBe('Aarav Sharma');
    expect(row.email).toBe("o'brien+art@example.co.in");
    expect(row.address).toBe('12 MG Road\nPune');
    expect((await storedAnswersOf(db(), row.id)).description).toBe(
      'Clouds over the Sahyadri.\n\nPainted in one sitting.',
    );
  });

  it('refuses the same e-mail addresses when an entry link is asked for again', async () => {
    for (const email of [
      '<aarav@example.com>',
      'aarav@example.com,x@example.com',
      'a\u0001@b.co',
      'victim;attacker@evil.example',
      'a(b)c@d.example',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/entries/link-requests',
        headers: OUR_CLIENT_HEADERS,
        remoteAddress: freshAddress(),
        payload: { email, reference: 'WS-2026-000001' },
      });
      expect(response.statusCode, email).toBe(400);
      expect(response.json(), email).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          message: FIELDS_INVALID,
          fields: { email: 'Invalid email address' },
        },
      });
    }
    expect(await db().selectFrom('email_outbox').select('id').execute()).toEqual([]);
  });
});

describe(`POST /api/submissions on ${TEST_ENGINE}: the limit per address holds`, () => {
  const hitsOf = async (address: string) =>
    (
      await db()
        .selectFrom('rate_limit_hits')
        .select('id')
        .where('client_key', '=', address)
        .execute()
    ).length;
  const RATE_LIMITED = {
    code: 'RATE_LIMITED',
    message: 'Too many registrations from your connection. Please try again in 10 minutes.',
  };

  it('counts every failing attempt sent with one Idempotency-Key, then refuses with 429', async () => {
    const { competition } = await addCompetition(t);
    const address = freshAddress();
    const key = randomUUID();
    const before = await registrationState(t);
    // Each one is read in full, both pictures with it, before its pincode is found wrong.
    const parts = registrationParts(
      registrationData(competition.id, { pincode: '12' }),
      await defaultFiles(),
    );
    for (let n = 1; n <= 10; n++) {
      const response = await postRegistration(t, parts, {
        idempotencyKey: key,
        remoteAddress: address,
      });
      expect(response.statusCode, `attempt ${n}`).toBe(400);
    }
    for (const idempotencyKey of [key, randomUUID()]) {
      const refused = await postRegistration(t, parts, { idempotencyKey, remoteAddress: address });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: RATE_LIMITED });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(9 * 60);
    }
    expect(await hitsOf(address)).toBe(10);
    expect(await registrationState(t)).toEqual(before);
  });

  it("answers a saved registration's retries without counting them, even at the limit", async () => {
    const { competition } = await addCompetition(t);
    const address = freshAddress();
    const key = randomUUID();
    const files = { photo: await jpegOf(40, 40), 'fieldValues.artworkUrl': await jpegOf(40, 40) };
    const send = (data: Record<string, unknown>, idempotencyKey = key) =>
      postRegistration(t, registrationParts(data, files), {
        idempotencyKey,
        remoteAddress: address,
      });
    // Three failures with the key, then the values corrected: four attempts counted.
    for (let n = 0; n < 3; n++) {
      expect((await send(registrationData(competition.id, { pincode: '1' }))).statusCode).toBe(400);
    }
    const right = registrationData(competition.id);
    const first = await send(right);
    expect(first.statusCode, first.body).toBe(201);
    expect(await hitsOf(address)).toBe(4);
    for (let n = 0; n < 3; n++) {
      const again = await send(right);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(await hitsOf(address)).toBe(4);
    // Six failures under other keys reach the limit; a new registration is refused...
    for (let n = 0; n < 6; n++) {
      expect((await send({}, randomUUID())).statusCode).toBe(400);
    }
    const refused = await send(
      registrationData(competition.id, { fullName: 'Someone Else' }),
      randomUUID(),
    );
    expect(refused.statusCode).toBe(429);
    // ...while the saved one's receipt is still given, as it was first.
    const retry = await send(right);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await hitsOf(address)).toBe(10);
    expect(await registrationState(t)).toMatchObject({ submissions: 1, outbox: 1 });
  });

  it('counts each request that sends a saved key with other details (409), then refuses with 429', async () => {
    const { competition } = await addCompetition(t);
    const address = freshAddress();
    const key = randomUUID();
    const files = { photo: await jpegOf(40, 40), 'fieldValues.artworkUrl': await jpegOf(40, 40) };
    const send = (data: Record<string, unknown>) =>
      postRegistration(t, registrationParts(data, files), {
        idempotencyKey: key,
        remoteAddress: address,
      });
    const right = registrationData(competition.id);
    expect((await send(right)).statusCode).toBe(201);
    const before = await registrationState(t);
    // Nine requests with the saved key and other details: each read in full, each refused, each
    // counted, so the address reaches its 10.
    for (let n = 1; n <= 9; n++) {
      const other = await send(registrationData(competition.id, { fullName: `Someone ${n}` }));
      expect(other.statusCode, `attempt ${n}`).toBe(409);
      expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await hitsOf(address)).toBe(10);
    const refused = await send(registrationData(competition.id, { fullName: 'Someone Else' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: RATE_LIMITED });
    // Once misused, the key no longer passes the limit, even with its own details.
    expect((await send(right)).statusCode).toBe(429);
    expect(await hitsOf(address)).toBe(10);
    expect(await registrationState(t)).toEqual(before);
  });
});
