import { beforeEach, describe, expect, it } from 'vitest';
import { makeMediaRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditActions,
  auditRows,
  expectCsrfHeaderRequired,
  expectSessionRequired,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { findSettingsData, saveSettingsData } from './settings.repository.ts';
import {
  MARKDOWN_MAX,
  SITE_SETTINGS_MESSAGES as M,
  type SiteSettingsForm,
  SiteSettingsSchema,
} from '../../../shared/schemas/settings.ts';

const PATH = '/api/admin/site-settings';
const LOGO = '/media/0123456789abcdef-logo.jpg';
const HERO = '/media/fedcba9876543210-hero.jpg';

const t = useTestApp({ clientBuild: true });
let token: string;
const db = () => t.app.deps.db;

beforeEach(async () => {
  // Every default back, the security part included; no audit rows, no uploads.
  await t.app.deps.settings.updateSettings(SiteSettingsSchema.parse({}));
  await db().deleteFrom('audit_log').execute();
  await db().deleteFrom('media').execute();
  await db()
    .insertInto('media')
    .values([makeMediaRow(LOGO), makeMediaRow(HERO)])
    .execute();
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const put = (body: unknown) => asAdmin(t, token, 'PUT', PATH, body);
const publicSettings = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

/** A complete, valid form that differs from the defaults in every field. */
function changedForm(overrides: Partial<SiteSettingsForm> = {}): SiteSettingsForm {
  return {
    title: 'Riverside Art Club',
    description: 'Painting contests by the river',
    logo: LOGO,
    heroImage: HERO,
    primaryColor: '#0F766E',
    darkMode: true,
    fontFamily: 'playfair',
    timeZone: 'Europe/London',
    contactEmail: 'hello@riverside.example',
    contactPhone: '+44 20 7946 0000',
    contactAddress: '1 River Walk\nLondon',
    mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=-0.1,51.5,-0.09,51.51',
    aboutPage: '## Who we are\n\nA club of **river painters**.',
    privacyPage: 'We keep your e-mail address only.',
    termsPage: 'Be kind.',
    paymentPolicyPage: 'Refunds within 7-10 days.',
    legalName: 'Riverside Art Club CIC',
    legalAddress: '1 River Walk, London',
    gstin: '27ABCDE1234F1Z5',
    gstRate: 12,
    refundOnArtistWithdrawal: true,
    ...overrides,
  };
}

describe(`GET and PUT ${PATH} on ${TEST_ENGINE}`, () => {
  it('answers the form with the defaults, never the security part or the video', async () => {
    const response = await asAdmin(t, token, 'GET', PATH);
    expect(response.statusCode, response.body).toBe(200);
    const form = response.json();
    expect(Object.keys(form).sort()).toEqual(Object.keys(changedForm()).sort());
    expect(form).toMatchObject({
      title: 'White Stroke International Art Space',
      description: 'Showcase your creativity and compete with artists worldwide',
      logo: '',
      heroImage: '',
      primaryColor: '#7C3AED',
      darkMode: false,
      fontFamily: 'inter',
      timeZone: 'Asia/Kolkata',
      contactEmail: '',
      mapEmbedUrl: '',
    });
    expect(form.termsPage).toContain('Participants must be aged 2 and above.');
    expect(response.body).not.toMatch(/security|sessionIdle|youtube/i);
  });

  it('saves the whole form, audited, and the public site shows every field at once', async () => {
    // Read first, so any copy the public site keeps in memory would be stale if not dropped.
    await publicSettings();
    await page('/about');
    await page('/');
    await t.app.deps.settings.updateSettings({ youtubeVideoId: 'dQw4w9WgXcQ' });

    const form = changedForm();
    const response = await put(form);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(form);
    expect((await asAdmin(t, token, 'GET', PATH)).json()).toEqual(form);

    expect(await publicSettings()).toEqual({
      title: 'Riverside Art Club',
      description: 'Painting contests by the river',
      logo: LOGO,
      heroImage: HERO,
      youtubeVideoId: 'dQw4w9WgXcQ',
      timeZone: 'Europe/London',
      contact: {
        email: 'hello@riverside.example',
        phone: '+44 20 7946 0000',
        address: '1 River Walk\nLondon',
      },
      mapEmbedUrl: form.mapEmbedUrl,
      theme: {
        primaryColor: '#0F766E',
        darkMode: true,
        fontFamily: 'playfair',
      },
    });

    const about = await t.app.inject({ method: 'GET', url: '/api/pages/about' });
    expect(about.json().html).toContain('<h2>Who we are</h2>');
    expect(about.json().html).toContain('<strong>river painters</strong>');
    for (const [slug, text] of [
      ['privacy', 'We keep your e-mail address only.'],
      ['terms', 'Be kind.'],
      ['razorpay-policy', 'Refunds within 7-10 days.'],
    ]) {
      const json = (await t.app.inject({ method: 'GET', url: `/api/pages/${slug}` })).json();
      expect(json.html, slug).toContain(text);
    }

    // The server-rendered page: title, theme colour, dark mode and the page text before any script.
    const aboutPage = await page('/about');
    expect(aboutPage).toContain('<title>About Us | Riverside Art Club</title>');
    expect(aboutPage).toContain('<meta name="theme-color" content="#0F766E">');
    expect(aboutPage).toContain('<html class="dark" lang="en">');
    expect(aboutPage).toContain('river painters');
    const home = await page('/');
    expect(home).toContain('<title>Riverside Art Club</title>');
    expect(home).toContain('content="Painting contests by the river"');

    const audit = await auditRows(db());
    const entry = audit.find((row) => row.action === 'settings.site-update');
    expect(entry?.actor).toBe('admin');
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({ changed: Object.keys(form) });

    // Neither the video nor the sign-in rules are touched by the form.
    const stored = await t.app.deps.settings.getSettings();
    expect(stored.youtubeVideoId).toBe('dQw4w9WgXcQ');
    expect(stored.security).toEqual(SiteSettingsSchema.parse({}).security);
  });

  it('keeps raw HTML in a page text as text', async () => {
    const response = await put(changedForm({ aboutPage: 'Hi <script>alert(1)</script>' }));
    expect(response.statusCode, response.body).toBe(200);
    const { html } = (await t.app.inject({ method: 'GET', url: '/api/pages/about' })).json();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('trims the title and accepts no images, no contact details and no map', async () => {
    const form = changedForm({
      title: '  Spaced  ',
      logo: '',
      heroImage: '',
      contactEmail: '',
      contactPhone: '',
      contactAddress: '',
      mapEmbedUrl: '',
      timeZone: 'UTC',
    });
    const response = await put(form);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Spaced', logo: '', heroImage: '' });
    expect((await publicSettings()).title).toBe('Spaced');
  });

  it('stores a time zone in its IANA spelling, whatever case it was sent in', async () => {
    for (const [sent, stored] of [
      ['asia/kolkata', 'Asia/Kolkata'],
      ['EUROPE/LONDON', 'Europe/London'],
      ['utc', 'UTC'],
      ['Asia/Kolkata', 'Asia/Kolkata'],
    ]) {
      const response = await put(changedForm({ timeZone: sent }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().timeZone, sent).toBe(stored);
      expect((await publicSettings()).timeZone, sent).toBe(stored);
    }
  });

  it('answers each bad field with its message, storing nothing and auditing nothing', async () => {
    const long = 'x'.repeat(MARKDOWN_MAX + 1);
    const cases: [Partial<SiteSettingsForm>, Record<string, string>][] = [
      [{ title: '' }, { title: M.titleRequired }],
      [{ title: '   ' }, { title: M.titleRequired }],
      [{ title: 'x'.repeat(121) }, { title: M.titleTooLong }],
      [{ description: 'x'.repeat(501) }, { description: M.descriptionTooLong }],
      [{ primaryColor: 'purple' }, { primaryColor: M.color }],
      [{ primaryColor: '#fff' }, { primaryColor: M.color }],
      [{ primaryColor: '#7C3AED; color: red' }, { primaryColor: M.color }],
      [{ fontFamily: 'comic-sans' as never }, { fontFamily: M.font }],
      [{ timeZone: 'Mars/Olympus_Mons' }, { timeZone: M.timeZone }],
      [{ timeZone: 'Asia/Kolkatta' }, { timeZone: M.timeZone }],
      [{ timeZone: '+05:30' }, { timeZone: M.timeZone }],
      [{ timeZone: '' }, { timeZone: M.timeZone }],
      [{ contactEmail: 'not-an-address' }, { contactEmail: M.email }],
      [{ contactPhone: '1'.repeat(41) }, { contactPhone: M.phoneTooLong }],
      [{ contactAddress: 'x'.repeat(501) }, { contactAddress: M.addressTooLong }],
      [{ mapEmbedUrl: 'https://evil.example/maps/embed' }, { mapEmbedUrl: M.mapEmbedUrl }],
      [{ mapEmbedUrl: 'not a link' }, { mapEmbedUrl: M.mapEmbedUrl }],
      [{ mapEmbedUrl: 'javascript:alert(1)' }, { mapEmbedUrl: M.mapEmbedUrl }],
      [{ mapEmbedUrl: 'http://www.google.com/maps/embed?pb=1' }, { mapEmbedUrl: M.mapEmbedUrl }],
      [
        { mapEmbedUrl: 'https://www.google.com/url?q=https://evil.example/' },
        { mapEmbedUrl: M.mapEmbedUrl },
      ],
      [{ aboutPage: long }, { aboutPage: M.pageTooLong }],
      [{ privacyPage: long }, { privacyPage: M.pageTooLong }],
      [{ termsPage: long }, { termsPage: M.pageTooLong }],
      [{ paymentPolicyPage: long }, { paymentPolicyPage: M.pageTooLong }],
      [{ logo: '/media/never-uploaded.jpg' }, { logo: M.unknownLogo }],
      [{ heroImage: 'https://evil.example/hero.jpg' }, { heroImage: M.unknownHeroImage }],
      [
        { logo: 'https://evil.example/a.png', heroImage: '/media/../private/x.jpg' },
        { logo: M.unknownLogo, heroImage: M.unknownHeroImage },
      ],
      [{ logo: `/media/${'x'.repeat(3000)}.jpg` }, { logo: M.unknownLogo }],
    ];
    const before = await publicSettings();
    for (const [overrides, fields] of cases) {
      const response = await put(changedForm(overrides));
      const label = JSON.stringify(overrides).slice(0, 80);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error.code, label).toBe('VALIDATION_ERROR');
      expect(response.json().error.fields, label).toEqual(fields);
    }
    expect(await publicSettings()).toEqual(before);
    expect(await auditActions(db())).not.toContain('settings.site-update');
  });

  it('refuses a form with a field left out or of the wrong type', async () => {
    const partial: Partial<SiteSettingsForm> = changedForm();
    delete partial.aboutPage;
    for (const body of [partial, changedForm({ darkMode: 'yes' as never }), {}, []]) {
      const response = await put(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    const missing = await put(partial);
    expect(Object.keys(missing.json().error.fields)).toEqual(['aboutPage']);
    expect((await publicSettings()).title).toBe('White Stroke International Art Space');
  });

  it('needs a session: 401 without one, for reading and for saving', async () => {
    await expectSessionRequired(t, [
      ['GET', PATH],
      ['PUT', PATH, changedForm()],
    ]);
    expect((await publicSettings()).title).toBe('White Stroke International Art Space');
  });

  it('refuses a save that did not come from this site (403), storing nothing', async () => {
    await expectCsrfHeaderRequired(t, token, [['PUT', PATH, changedForm()]]);
    expect((await publicSettings()).title).toBe('White Stroke International Art Space');
  });

  it('refuses an admin without two-factor when every admin must have it (403)', async () => {
    await t.app.deps.settings.updateSettings({
      security: { requireTwoFactor: true, sessionIdleMinutes: 120, sessionAbsoluteHours: 12 },
    });
    const response = await put(changedForm());
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await publicSettings()).title).toBe('White Stroke International Art Space');
  });
});

describe(`the audit entry of a save on ${TEST_ENGINE}`, () => {
  it('names the fields the save changed in the stored document, not in a cached copy', async () => {
    // This server has the form cached; another server then changes the title.
    const form = (await asAdmin(t, token, 'GET', PATH)).json();
    const stored = JSON.parse((await findSettingsData(db())) ?? '{}');
    await saveSettingsData(
      db(),
      JSON.stringify({ ...stored, title: 'Changed elsewhere' }),
      new Date(),
    );
    // The admin's form still shows the old title, and changes the description only.
    const response = await put({ ...form, description: 'A new description' });
    expect(response.statusCode, response.body).toBe(200);
    const entry = (await auditRows(db())).find((row) => row.action === 'settings.site-update');
    // The title was changed back by this save, so it is named too.
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({ changed: ['title', 'description'] });
  });
});

describe(`a stored setting that is no longer valid, on ${TEST_ENGINE}`, () => {
  it('falls back on its own: every other field, page texts included, survives the next save', async () => {
    const stored = JSON.parse((await findSettingsData(db())) ?? '{}');
    // As saved by a runtime that knew this zone, with one bad colour besides.
    await saveSettingsData(
      db(),
      JSON.stringify({
        ...stored,
        title: 'Riverside Art Club',
        timeZone: 'Mars/Olympus',
        theme: { ...stored.theme, primaryColor: 'purple', darkMode: true },
        contact: { ...stored.contact, email: 'hello@riverside.example' },
        pages: { ...stored.pages, about: 'OUR STORY' },
      }),
      new Date(),
    );
    // Another save (the video) reads the stored document and writes it back.
    const video = await asAdmin(t, token, 'PUT', '/api/admin/video', { url: 'dQw4w9WgXcQ' });
    expect(video.statusCode, video.body).toBe(200);

    expect(await publicSettings()).toMatchObject({
      title: 'Riverside Art Club',
      timeZone: 'Asia/Kolkata',
      youtubeVideoId: 'dQw4w9WgXcQ',
      contact: { email: 'hello@riverside.example' },
      theme: { primaryColor: '#7C3AED', darkMode: true },
    });
    const form = (await asAdmin(t, token, 'GET', PATH)).json();
    expect(form).toMatchObject({ title: 'Riverside Art Club', aboutPage: 'OUR STORY' });
    expect(JSON.parse((await findSettingsData(db())) ?? '{}').pages.about).toBe('OUR STORY');
  });
});
