import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import {
  addArtistEntry,
  clearArtists,
  latestSignInEmail,
  postSignIn,
  requestSignIn,
} from '../../../../tests/setup/artist-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  EMAIL_TEMPLATES_PATH,
  type EmailPreview,
  type EmailTemplate,
  missingPlaceholderMessage,
  unknownPlaceholderMessage,
} from '../../../shared/schemas/email-template.ts';
import { ARTIST_SIGN_IN_TEMPLATE } from '../mail/artist-sign-in-email.ts';

/*
 * The sign-in e-mail is one of the templates the admin may reword: listed with its placeholders,
 * previewed, saved only with its link and its code, and the next sign-in e-mail is written in it.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const ASHA = 'asha.rao@example.com';
const URL = `${EMAIL_TEMPLATES_PATH}/artist-sign-in`;
let admin: string;

beforeEach(async () => {
  await clearArtists(t);
  await db().deleteFrom('email_templates').execute();
  await addArtistEntry(t, ASHA);
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const EDITED = {
  subject: 'Your way in to {siteTitle}',
  body: 'Namaste,\n\nOpen {signInLink}\n\nor type {code} <within 15 minutes>.\n\n{siteTitle}',
};

describe(`the sign-in e-mail's template on ${TEST_ENGINE}`, () => {
  it('is listed with its label, default wording and placeholders', async () => {
    const response = await asAdmin(t, admin, 'GET', EMAIL_TEMPLATES_PATH);
    const template = response.json<EmailTemplate[]>().find((x) => x.kind === 'artist-sign-in');
    expect(template).toEqual({
      kind: 'artist-sign-in',
      label: 'Sign-in to My entries',
      ...ARTIST_SIGN_IN_TEMPLATE,
      placeholders: ['signInLink', 'code', 'siteTitle'],
      customized: false,
      updatedAt: null,
    });
  });

  it('writes the next sign-in e-mail in the edited wording, its link a link', async () => {
    const saved = await asAdmin(t, admin, 'PUT', URL, EDITED);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await requestSignIn(t, { email: ASHA })).statusCode).toBe(202);
    const { code, token, text, html, subject } = await latestSignInEmail(t, ASHA);
    expect(subject).toMatch(/^Your way in to White Stroke/);
    expect(text).toMatch(new RegExp(`^Namaste,\\n\\nOpen http://\\S+/me/sign-in#${token}\\n`));
    expect(text).toContain(`or type ${code} <within 15 minutes>.`);
    expect(html).toMatch(/<a href="http:\/\/[^"]+\/me\/sign-in#[A-Za-z0-9_-]{43}">/);
    expect(html).toContain('&lt;within 15 minutes&gt;');
    expect((await postSignIn(t, { token })).statusCode).toBe(200);
  });

  it('refuses a wording without the link or the code, or with a placeholder it does not take', async () => {
    const noCode = await asAdmin(t, admin, 'PUT', URL, {
      subject: 'Sign in',
      body: 'Open {signInLink}',
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields).toEqual({ body: missingPlaceholderMessage(['code']) });
    const neither = await asAdmin(t, admin, 'PUT', URL, { subject: 'Sign in', body: 'Hello' });
    expect(neither.json().error.fields).toEqual({
      body: 'The message needs {signInLink} and {code}.',
    });
    const unknown = await asAdmin(t, admin, 'PUT', URL, {
      subject: 'Sign in, {name}',
      body: EDITED.body,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({
      subject: unknownPlaceholderMessage('artist-sign-in', ['name'], 'subject'),
    });
    expect(await db().selectFrom('email_templates').selectAll().execute()).toEqual([]);
  });

  it('previews with a sample link and code', async () => {
    const response = await asAdmin(t, admin, 'POST', `${URL}/preview`, ARTIST_SIGN_IN_TEMPLATE);
    expect(response.statusCode, response.body).toBe(200);
    const shown = response.json<EmailPreview>();
    expect(shown.text).toMatch(/http:\/\/\S+\/me\/sign-in#sample-link/);
    expect(shown.text).toContain('123456');
    expect(shown.html).toMatch(/<a href="http:\/\/[^"]+\/me\/sign-in#sample-link">/);
  });
});
