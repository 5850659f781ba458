import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import { openExhibitionOfApproved } from '../../../../tests/setup/exhibitions.ts';
import { asArtist, signInArtist } from '../../../../tests/setup/artist-session.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import type {
  Enquiry,
  MyExhibitedWork,
  PublicExhibition,
} from '../../../shared/schemas/exhibition.ts';
import { ENQUIRY_ARRIVED_KIND, ENQUIRY_LIMIT } from './enquiries.ts';

/*
 * Around an exhibited work: its artist marks it for sale (their own works only), a visitor
 * enquires about it (bad input 400, flooding 429), the admin answers through the outbox; and the
 * published display copies say who made the work, in their bytes.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;
let competitionId: string;
let namedWork: string;
let veiledWork: string;
const named = artistNumbered(1);
const veiled = { ...artistNumbered(2), publicationConsent: 'anonymous' };

const galleryOf = async () =>
  (
    await t.app.inject({ method: 'GET', url: `/api/exhibitions/${competitionId}` })
  ).json<PublicExhibition>();

function enquire(workId: string, payload: unknown, remoteAddress = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: `/api/exhibitions/${competitionId}/works/${workId}/enquiries`,
    headers: OUR_CLIENT_HEADERS,
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });
}

const enquiry = { name: 'Meera Iyer', email: 'meera@example.com', message: 'Is it framed?' };

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await addCompetition(t)).competition.id;
  await approvedEntry(t, admin, competitionId, named, 'Harbour at Dusk');
  await approvedEntry(t, admin, competitionId, veiled, 'Quiet Field');
  await t.app.deps.imageJobs.runOnce();
  await openExhibitionOfApproved(t, admin, competitionId);
  const works = (await galleryOf()).works;
  namedWork = works.find((w) => w.title === 'Harbour at Dusk')!.workId;
  veiledWork = works.find((w) => w.title === 'Quiet Field')!.workId;
});

describe('for sale', () => {
  it('is marked by the work’s artist, with a price the gallery shows', async () => {
    const token = await signInArtist(t, named.email);
    const url = `/api/me/works/${namedWork}/sale`;
    const bad = await asArtist(t, token, 'PUT', url, { price: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { fields: object } }>().error.fields).toHaveProperty('price');
    const marked = await asArtist(t, token, 'PUT', url, { price: 45000 });
    expect(marked.statusCode, marked.body).toBe(200);
    const listed = await asArtist(t, token, 'GET', '/api/me/works/sales');
    expect(listed.json<MyExhibitedWork[]>()).toEqual([
      {
        workId: namedWork,
        title: 'Harbour at Dusk',
        competitionId,
        exhibitionTitle: 'Harbours',
        price: 45000,
      },
    ]);
    const work = (await galleryOf()).works.find((w) => w.workId === namedWork);
    expect(work?.price).toBe(45000);
  });

  it('is a 404 for another artist’s work, and needs a signed-in artist', async () => {
    const token = await signInArtist(t, named.email);
    const other = await asArtist(t, token, 'PUT', `/api/me/works/${veiledWork}/sale`, {
      price: 100,
    });
    expect(other.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/me/works/${namedWork}/sale`,
      headers: OUR_CLIENT_HEADERS,
      payload: { price: 100 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('enquiries', () => {
  it('refuses empty and too long fields, naming them, and keeps nothing', async () => {
    const empty = await enquire(namedWork, { name: '', email: 'nope', message: ' ' });
    expect(empty.statusCode).toBe(400);
    const fields = empty.json<{ error: { fields: Record<string, string> } }>().error.fields;
    expect(Object.keys(fields).sort()).toEqual(['email', 'message', 'name']);
    const long = await enquire(namedWork, { ...enquiry, message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(await t.app.deps.db.selectFrom('exhibition_enquiries').selectAll().execute()).toEqual(
      [],
    );
  });

  it('is refused for a work not for sale (409) or not in the exhibition (404)', async () => {
    expect((await enquire(veiledWork, enquiry)).statusCode).toBe(409);
    expect((await enquire('no-such-work', enquiry)).statusCode).toBe(404);
  });

  it('reaches the admin, who answers by e-mail through the outbox (audited)', async () => {
    const sent = await enquire(namedWork, enquiry, '203.0.113.8');
    expect(sent.statusCode, sent.body).toBe(201);
    const list = await asAdmin(t, admin, 'GET', '/api/admin/exhibition-enquiries');
    const [received] = list.json<Enquiry[]>();
    expect(received).toMatchObject({ ...enquiry, workTitle: 'Harbour at Dusk', price: 45000 });
    const answerUrl = `/api/admin/exhibition-enquiries/${received!.id}/answer`;
    expect((await asAdmin(t, admin, 'POST', answerUrl, { message: '' })).statusCode).toBe(400);
    const answered = await asAdmin(t, admin, 'POST', answerUrl, { message: 'Yes, in teak.' });
    expect(answered.statusCode, answered.body).toBe(200);
    const mail = await t.app.deps.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', enquiry.email)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body_text).toContain('Yes, in teak.');
    expect(mail[0]!.subject).toContain('Harbour at Dusk');
    expect((await asAdmin(t, admin, 'POST', answerUrl, { message: 'Again' })).statusCode).toBe(409);
    expect((await auditRowsOf(t.app.deps.db, 'exhibition-enquiry.')).length).toBe(1);
    const missing = '/api/admin/exhibition-enquiries/nope/answer';
    expect((await asAdmin(t, admin, 'POST', missing, { message: 'Hi' })).statusCode).toBe(404);
  });

  it('answered by two admins at once, sends one e-mail: the other is a 409', async () => {
    const asker = { ...enquiry, email: 'ravi@example.com' };
    const sent = await enquire(namedWork, asker, '203.0.113.10');
    expect(sent.statusCode, sent.body).toBe(201);
    const answerUrl = `/api/admin/exhibition-enquiries/${sent.json<{ id: string }>().id}/answer`;
    const second = await signIn(t, 'admin', ADMIN_PASSWORD);
    const answers = await Promise.all([
      asAdmin(t, admin, 'POST', answerUrl, { message: 'Yes.' }),
      asAdmin(t, second, 'POST', answerUrl, { message: 'It is.' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ error: { code: 'ENQUIRY_ANSWERED' } });
    const mail = await t.app.deps.db
      .selectFrom('email_outbox')
      .select('body_text')
      .where('to_address', '=', asker.email)
      .execute();
    expect(mail).toHaveLength(1);
    expect((await auditRowsOf(t.app.deps.db, 'exhibition-enquiry.')).length).toBe(2);
  });

  it('is e-mailed to the art space’s contact address, when the site has one', async () => {
    const arrivals = () =>
      t.app.deps.db
        .selectFrom('email_outbox')
        .selectAll()
        .where('kind', '=', ENQUIRY_ARRIVED_KIND)
        .execute();
    const settingsUrl = '/api/admin/site-settings';
    const form = (await asAdmin(t, admin, 'GET', settingsUrl)).json<Record<string, unknown>>();
    expect(form.contactEmail).toBe('');
    expect((await enquire(namedWork, enquiry, '203.0.113.11')).statusCode).toBe(201);
    expect(await arrivals()).toEqual([]);

    const contactEmail = 'gallery@whitestroke.example';
    const saved = await asAdmin(t, admin, 'PUT', settingsUrl, { ...form, contactEmail });
    expect(saved.statusCode, saved.body).toBe(200);
    const asker = {
      name: 'Ravi <b>K</b>',
      email: 'ravi.k@example.com',
      message: 'Framed?\nShipped?',
    };
    expect((await enquire(namedWork, asker, '203.0.113.12')).statusCode).toBe(201);
    const [mail, ...more] = await arrivals();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      to_address: contactEmail,
      subject: 'An enquiry about “Harbour at Dusk”',
    });
    expect(mail!.body_text).toBe(
      'Ravi <b>K</b> (ravi.k@example.com) asks about “Harbour at Dusk”, for sale at ₹45,000:\n\n' +
        '> Framed?\n> Shipped?\n\n' +
        `Answer it in the admin area, under Exhibitions: ${t.app.deps.config.publicUrl}/admin/exhibitions\n`,
    );
    expect(mail!.body_html).toContain('Ravi &lt;b&gt;K&lt;/b&gt;');
    expect(mail!.body_html).toContain('Framed?<br>Shipped?');
  });

  it('floods no further than the limit from one address: 429', async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < ENQUIRY_LIMIT.max; i += 1) {
      expect((await enquire(namedWork, enquiry, address)).statusCode).toBe(201);
    }
    const refused = await enquire(namedWork, enquiry, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED');
  });
});

describe('display copies', () => {
  async function xmpOf(url: string): Promise<string> {
    const key = url.replace(/^\/media\//, 'public/');
    const file = await t.app.deps.storage.get(key);
    expect(file, key).toBeTruthy();
    const meta = await sharp(await buffer(file!.body)).metadata();
    return meta.xmpAsString ?? meta.xmp?.toString('utf8') ?? '';
  }

  it('carry the creator and copyright in their XMP, a withheld name withheld', async () => {
    const { works } = await galleryOf();
    const shown = works.find((w) => w.workId === namedWork)!.image!;
    const webp = shown.srcset.split(', ')[0]!.split(' ')[0]!;
    for (const url of [shown.url, webp]) {
      const xmp = await xmpOf(url);
      expect(xmp).toContain(`<dc:creator><rdf:Seq><rdf:li>${named.fullName}</rdf:li>`);
      expect(xmp).toMatch(new RegExp(`© \\d{4} ${named.fullName}`));
    }
    const withheld = await xmpOf(works.find((w) => w.workId === veiledWork)!.image!.url);
    expect(withheld).toContain('<rdf:li>Name withheld</rdf:li>');
    expect(withheld).not.toContain(veiled.fullName);
  });
});
