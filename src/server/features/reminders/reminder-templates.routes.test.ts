import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  EMAIL_TEMPLATES_PATH,
  type EmailPreview,
  type EmailTemplate,
} from '../../../shared/schemas/email-template.ts';

/* The reminders' wording on the admin's templates screen: listed, previewed, kept usable. */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});

describe(`the reminders' templates on ${TEST_ENGINE}`, () => {
  it('are listed with their placeholders', async () => {
    const list = (await asAdmin(t, admin, 'GET', EMAIL_TEMPLATES_PATH)).json<EmailTemplate[]>();
    const jury = list.find((template) => template.kind === 'reminder-jury-round');
    expect(jury).toMatchObject({
      label: 'Reminder to jurors: round ends soon',
      customized: false,
    });
    expect(jury!.placeholders).toEqual(expect.arrayContaining(['juryLink', 'unsubscribeLink']));
    expect(list.map((template) => template.kind)).toEqual(
      expect.arrayContaining(['reminder-payment-failed', 'reminder-before-close']),
    );
  });

  it('refuse a wording without the unsubscribe link, naming the field, and save one with it', async () => {
    const url = `${EMAIL_TEMPLATES_PATH}/reminder-before-close`;
    const without = await asAdmin(t, admin, 'PUT', url, {
      subject: 'Pay soon',
      body: 'Dear {name}, pay here: {entryLink}',
    });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      error: { fields: { body: 'The message needs {unsubscribeLink}.' } },
    });
    const body =
      'Dear {name}, pay by {closes}: {entryLink}\n\nNo more reminders: {unsubscribeLink}';
    const preview = await asAdmin(t, admin, 'POST', `${url}/preview`, {
      subject: 'Pay soon',
      body,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<EmailPreview>().text).toContain('/reminders/unsubscribe?address=');
    const saved = await asAdmin(t, admin, 'PUT', url, { subject: 'Pay soon', body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<EmailTemplate>()).toMatchObject({ customized: true, body });
  });
});
