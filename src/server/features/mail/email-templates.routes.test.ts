import { beforeEach, describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  expectCsrfHeaderRequired,
  expectSessionRequired,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  EMAIL_TEMPLATE_KINDS,
  EMAIL_TEMPLATES_PATH,
  type EmailPreview,
  type EmailTemplate,
  unknownPlaceholderMessage,
} from '../../../shared/schemas/email-template.ts';
import { FIELDS_INVALID_MESSAGE } from '../../errors.ts';
import { DECISION_KINDS } from './artist-emails.ts';
import { DEFAULT_TEMPLATES } from './email-templates.service.ts';

/*
 * The e-mail templates over HTTP: the four listed, edited, previewed and reset, every
 * refusal, and the next decision written in the edited wording, its values escaped in the HTML.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
let token: string;

beforeEach(async () => {
  await db().deleteFrom('email_templates').execute();
  await db().deleteFrom('email_outbox').execute();
  await db().deleteFrom('submissions').execute();
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const pathOf = (kind: string) => `${EMAIL_TEMPLATES_PATH}/${kind}`;
const list = async () => {
  const response = await asAdmin(t, token, 'GET', EMAIL_TEMPLATES_PATH);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EmailTemplate[]>();
};
const save = (kind: string, body: unknown) => asAdmin(t, token, 'PUT', pathOf(kind), body);
const preview = (kind: string, body: unknown) =>
  asAdmin(t, token, 'POST', `${pathOf(kind)}/preview`, body);

const APPROVED = {
  subject: 'Selected! {competition} / {reference}',
  body: 'Namaste {name},\n\nThe jury chose your work for {competition}.\n\nSee it here: {entryLink}\n\n{siteTitle}',
};

describe(`e-mail templates on ${TEST_ENGINE}`, () => {
  it('lists the four templates in their default wording, with the placeholders each takes', async () => {
    const templates = await list();
    expect(templates.map((x) => x.kind)).toEqual([...EMAIL_TEMPLATE_KINDS]);
    for (const template of templates) {
      expect(template).toMatchObject({
        ...DEFAULT_TEMPLATES[template.kind],
        customized: false,
        updatedAt: null,
      });
    }
    expect(templates[0]?.label).toBe('Registration confirmation');
    expect(templates[0]?.placeholders).toEqual([
      'name',
      'competition',
      'reference',
      'entryLink',
      'siteTitle',
      'payment',
      'entryDetails',
      'status',
    ]);
    expect(templates[1]?.placeholders).toContain('amount');
    expect(templates[2]?.placeholders).not.toContain('amount');
  });

  it('saves an edit (audited), and the next decision is written in it, its values escaped', async () => {
    const saved = await save('submission-approved', APPROVED);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...APPROVED, customized: true });
    expect((await list())[2]).toMatchObject({ ...APPROVED, customized: true });
    const audits = await auditRowsOf(db(), 'email-template.');
    expect(audits.map((a) => [a.action, a.entity_id])).toEqual([
      ['email-template.update', 'submission-approved'],
    ]);

    const row = makeSubmissionRow({
      full_name: 'Meera <b>"Iyer"</b> & Co',
      competition_title: 'वर्षा <Rain>',
      email: 'meera@example.com',
    });
    await db().insertInto('submissions').values(row).execute();
    const decided = await asAdmin(t, token, 'PUT', `/api/admin/submissions/${row.id}/status`, {
      status: 'approved',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const mails = await db()
      .selectFrom('email_outbox')
      .select(['kind', 'subject', 'body_text', 'body_html'])
      .execute();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.kind).toBe(DECISION_KINDS.approved);
    expect(mail?.subject).toBe(`Selected! वर्षा <Rain> / ${row.reference}`);
    const link = /See it here: (http:\/\/\S+\/entry#\S+)/.exec(mail?.body_text ?? '')?.[1];
    expect(link).toBeDefined();
    expect(mail?.body_text).toBe(
      `Namaste Meera <b>"Iyer"</b> & Co,\n\nThe jury chose your work for वर्षा <Rain>.\n\nSee it here: ${link}\n\nWhite Stroke International Art Space`,
    );
    expect(mail?.body_html).toContain(
      '<p>Namaste Meera &lt;b&gt;&quot;Iyer&quot;&lt;/b&gt; &amp; Co,</p>',
    );
    expect(mail?.body_html).toContain('for वर्षा &lt;Rain&gt;.</p>');
    expect(mail?.body_html).toContain(`See it here: <a href="${link}">${link}</a>`);
    expect(mail?.body_html).not.toContain('<b>');

    // The rejection keeps its default wording.
    const other = makeSubmissionRow();
    await db().insertInto('submissions').values(other).execute();
    await asAdmin(t, token, 'PUT', `/api/admin/submissions/${other.id}/status`, {
      status: 'rejected',
    });
    const rejected = await db()
      .selectFrom('email_outbox')
      .select('subject')
      .where('kind', '=', DECISION_KINDS.rejected)
      .executeTakeFirstOrThrow();
    expect(rejected.subject).toBe(`Your entry: ${other.competition_title} (${other.reference})`);

    // Reworded in turn, the rejection's next message uses its new words.
    await save('submission-rejected', {
      subject: 'Thank you, {name}',
      body: 'Dear {name}: {reference}',
    });
    const third = makeSubmissionRow({ full_name: 'Kiran Das' });
    await db().insertInto('submissions').values(third).execute();
    await asAdmin(t, token, 'PUT', `/api/admin/submissions/${third.id}/status`, {
      status: 'rejected',
    });
    const reworded = await db()
      .selectFrom('email_outbox')
      .select(['subject', 'body_text'])
      .where('submission_id', '=', third.id)
      .execute();
    expect(reworded).toEqual([
      { subject: 'Thank you, Kiran Das', body_text: `Dear Kiran Das: ${third.reference}` },
    ]);
  });

  it("uses an edited confirmation for the next registration, the artist's answers in it", async () => {
    await db().deleteFrom('competitions').execute();
    await db().deleteFrom('categories').execute();
    const saved = await save('registration-confirmation', {
      subject: 'We have your entry, {name}',
      body: 'Entry {reference} for {competition}.\n{payment}\nYou told us:\n{entryDetails}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { competition } = await addCompetition(t, { title: 'Kala Utsav' });
    const data = registrationData(competition.id, { fullName: 'Ravi Menon' });
    const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
    expect(response.statusCode, response.body).toBe(201);
    const { reference } = response.json<{ reference: string }>();
    const mails = await db().selectFrom('email_outbox').select(['subject', 'body_text']).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('We have your entry, Ravi Menon');
    // A free entry has no payment line: its line is left out.
    expect(mails[0]?.body_text).toMatch(
      new RegExp(`^Entry ${reference} for Kala Utsav\\.\nYou told us:\n- Full name: Ravi Menon\n`),
    );
  });

  it('refuses an unknown placeholder, naming it, and saves nothing', async () => {
    const response = await save('submission-rejected', {
      subject: 'Hello {name} {amount}',
      body: 'Dear {nmae}, {competition} {score} {nmae} { not one } {1x}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: FIELDS_INVALID_MESSAGE,
        fields: {
          subject: unknownPlaceholderMessage('submission-rejected', ['amount']),
          body: unknownPlaceholderMessage('submission-rejected', ['nmae', 'score']),
        },
      },
    });
    expect(response.json().error.fields.body).toBe(
      'Unknown placeholder {nmae}, {score}. Use {name}, {competition}, {reference}, {entryLink}, {siteTitle}.',
    );
    expect((await list())[3]?.customized).toBe(false);
    expect(await auditRowsOf(db(), 'email-template.')).toEqual([]);
    // The preview refuses it too.
    expect(
      (await preview('submission-rejected', { subject: 'x', body: '{nmae}' })).statusCode,
    ).toBe(400);
  });

  it('refuses the placeholders of several lines in a subject', async () => {
    const response = await save('registration-confirmation', {
      subject: 'Your entry {entryDetails} {payment}',
      body: '{entryDetails}\n{payment}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      subject: unknownPlaceholderMessage(
        'registration-confirmation',
        ['entryDetails', 'payment'],
        'subject',
      ),
    });
    expect(response.json().error.fields.subject).toBe(
      'Unknown placeholder {entryDetails}, {payment}. Use {name}, {competition}, {reference}, {entryLink}, {siteTitle}, {status}.',
    );
  });

  it('answers 400 with the envelope for bad input, never 500', async () => {
    const bad: [string, unknown][] = [
      ['payment-refunded', APPROVED],
      ['SUBMISSION-APPROVED', APPROVED],
      ["x' OR 1=1 --", APPROVED],
      ['submission-approved', { subject: '', body: 'x' }],
      ['submission-approved', { subject: '   ', body: 'x' }],
      ['submission-approved', { subject: 'x', body: '' }],
      ['submission-approved', { subject: 'a\r\nBcc: evil@example.com', body: 'x' }],
      ['submission-approved', { subject: 'x'.repeat(201), body: 'x' }],
      ['submission-approved', { subject: 'x', body: 'x'.repeat(10_001) }],
      ['submission-approved', { subject: 'x', body: 'x', extra: 1 }],
      ['submission-approved', { subject: 1, body: 'x' }],
      ['submission-approved', null],
    ];
    for (const [kind, body] of bad) {
      const label = `${kind} ${JSON.stringify(body)?.slice(0, 60)}`;
      const response = await save(encodeURIComponent(kind), body);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error.code, label).toBe('VALIDATION_ERROR');
    }
    expect(await db().selectFrom('email_templates').selectAll().execute()).toEqual([]);
  });

  it('resets to the default (audited only when there was an edit)', async () => {
    await save('payment-received', { subject: 'Paid {amount}', body: 'Thanks {name}: {amount}' });
    const reset = await asAdmin(t, token, 'DELETE', pathOf('payment-received'));
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({
      ...DEFAULT_TEMPLATES['payment-received'],
      customized: false,
      updatedAt: null,
    });
    expect((await list())[1]?.customized).toBe(false);
    expect((await asAdmin(t, token, 'DELETE', pathOf('payment-received'))).statusCode).toBe(200);
    const audits = await auditRowsOf(db(), 'email-template.');
    expect(audits.map((a) => a.action).sort()).toEqual([
      'email-template.reset',
      'email-template.update',
    ]);
  });

  it('previews with a sample entry, escaped, and saves nothing', async () => {
    const response = await preview('registration-confirmation', {
      subject: 'Got it: {competition} ({reference})',
      body: 'Hi {name} <3,\n\n{payment}\n\nYou sent:\n{entryDetails}\n\nLink: {entryLink}',
    });
    expect(response.statusCode, response.body).toBe(200);
    const shown = response.json<EmailPreview>();
    expect(shown.subject).toBe('Got it: Monsoon Colours 2026 (WS-2026-000123)');
    expect(shown.text).toContain('Hi Asha Rao <3,');
    expect(shown.text).toContain('Payment Pending: the entry fee of ₹1,500');
    expect(shown.text).toContain(
      'You sent:\n- Full name: Asha Rao\n- Artwork Title: Rain on Park Street',
    );
    expect(shown.html).toContain('<p>Hi Asha Rao &lt;3,</p>');
    expect(shown.html).toContain('<li>Artwork Title: Rain on Park Street</li>');
    expect(shown.html).toMatch(/Link: <a href="http:\/\/[^"]+\/entry#sample-link">/);
    expect(await db().selectFrom('email_templates').selectAll().execute()).toEqual([]);
    const paid = await preview('payment-received', DEFAULT_TEMPLATES['payment-received']);
    expect(paid.json<EmailPreview>().text).toContain(
      'your entry fee of ₹1,500 for Monsoon Colours',
    );
  });

  it('needs a session and our CSRF header', async () => {
    const routes = [
      ['GET', EMAIL_TEMPLATES_PATH],
      ['PUT', pathOf('submission-approved'), APPROVED],
      ['DELETE', pathOf('submission-approved')],
      ['POST', `${pathOf('submission-approved')}/preview`, APPROVED],
    ] as const;
    await expectSessionRequired(t, routes);
    await expectCsrfHeaderRequired(t, token, routes.slice(1));
    expect(await db().selectFrom('email_templates').selectAll().execute()).toEqual([]);
  });
});
