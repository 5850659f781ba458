import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EMAIL_TEMPLATE_KINDS,
  EMAIL_TEMPLATE_LABELS,
  EMAIL_TEMPLATE_MESSAGES,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateInput,
  type EmailTemplateKind,
  PLACEHOLDER_MEANINGS,
  TEMPLATE_PLACEHOLDERS,
  unknownPlaceholderMessage,
} from '../../../../shared/schemas/email-template.ts';
import {
  type Answer,
  envelope,
  renderAdmin,
  requiredMarks,
  SIGNED_IN,
  stubApi,
} from '../common/test-helpers.tsx';
import { EMAIL_TEMPLATE_FAILURES } from './email-template-failures.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const PATH = '/api/admin/email-templates';

/** The wording the server ships with, made up here: what a reset brings back. */
function defaultOf(kind: EmailTemplateKind): EmailTemplate {
  return {
    kind,
    label: EMAIL_TEMPLATE_LABELS[kind],
    subject: `${EMAIL_TEMPLATE_LABELS[kind]}: {competition} ({reference})`,
    body: `Dear {name},\n\nAbout {competition}.\n\n{siteTitle}`,
    placeholders: [...TEMPLATE_PLACEHOLDERS[kind]],
    customized: false,
    updatedAt: null,
  };
}

/** The rejection has been reworded: the one template with something to reset. */
const REWORDED: EmailTemplate = {
  ...defaultOf('submission-rejected'),
  subject: 'About your entry {reference}',
  body: 'Dear {name},\n\nThank you, but not this time.',
  customized: true,
  updatedAt: '2026-11-26T09:30:00.000Z',
};

const SAMPLE: EmailPreview = {
  subject: 'Entry approved: Monsoon Colours (WS-2026-000123)',
  text: 'Dear <b>Ananya Rao</b>,\n\nAbout Monsoon Colours.',
  html: '<p>Dear &lt;b&gt;Ananya Rao&lt;/b&gt;,</p><script>window.injected = true</script>',
};

type Handler = (body: unknown) => Answer;

/** The server's templates, which the stubbed PUT and DELETE change as the real ones do. */
function stubTemplates(extra: Record<string, Answer | Handler> = {}) {
  const templates = new Map<EmailTemplateKind, EmailTemplate>(
    EMAIL_TEMPLATE_KINDS.map((kind) => [
      kind,
      kind === 'submission-rejected' ? REWORDED : defaultOf(kind),
    ]),
  );
  const sent: { call: string; body: unknown }[] = [];
  const routes: Record<string, Answer | Handler> = {
    'GET /api/auth/session': SIGNED_IN,
    [`GET ${PATH}`]: () => ({ status: 200, body: [...templates.values()] }),
  };
  for (const kind of EMAIL_TEMPLATE_KINDS) {
    routes[`PUT ${PATH}/${kind}`] = (body) => {
      const saved: EmailTemplate = {
        ...templates.get(kind)!,
        ...(body as EmailTemplateInput),
        customized: true,
        updatedAt: '2026-11-27T10:00:00.000Z',
      };
      templates.set(kind, saved);
      return { status: 200, body: saved };
    };
    routes[`DELETE ${PATH}/${kind}`] = () => {
      templates.set(kind, defaultOf(kind));
      return { status: 200, body: defaultOf(kind) };
    };
    routes[`POST ${PATH}/${kind}/preview`] = () => ({ status: 200, body: SAMPLE });
  }
  Object.assign(routes, extra);
  const recorded = Object.fromEntries(
    Object.entries(routes).map(([key, route]) => [
      key,
      (body: unknown) => {
        if (!key.startsWith('GET ')) sent.push({ call: key, body });
        return typeof route === 'function' ? route(body) : route;
      },
    ]),
  );
  const calls = stubApi(recorded);
  return { calls, sent };
}

const region = (kind: EmailTemplateKind) =>
  screen.findByRole('region', { name: EMAIL_TEMPLATE_LABELS[kind] });
const subjectOf = (section: HTMLElement) =>
  within(section).getByRole('textbox', { name: 'Subject' }) as HTMLInputElement;
const messageOf = (section: HTMLElement) =>
  within(section).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

/** Replaces a field's text as if pasted: braces and new lines go in as they are. */
async function replaceText(
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  text: string,
) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('the e-mail templates page', () => {
  it('shows the four templates in order, each with its state, wording and placeholders', async () => {
    stubTemplates();
    renderAdmin('/admin/email-templates');
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail Templates' })).toBeTruthy();
    await region('registration-confirmation');
    const sections = screen.getAllByRole('region');
    expect(sections.map((s) => within(s).getByRole('heading', { level: 2 }).textContent)).toEqual(
      EMAIL_TEMPLATE_KINDS.map((kind) => EMAIL_TEMPLATE_LABELS[kind]),
    );
    expect(screen.getByText(/placeholders: each message gets the entry’s own/)).toBeTruthy();

    const confirmation = await region('registration-confirmation');
    expect(subjectOf(confirmation).value).toBe(defaultOf('registration-confirmation').subject);
    expect(messageOf(confirmation).value).toBe(defaultOf('registration-confirmation').body);
    expect(within(confirmation).getByText('Default')).toBeTruthy();
    // The placeholders it takes, each with its meaning; {amount} belongs to another template.
    for (const name of TEMPLATE_PLACEHOLDERS['registration-confirmation']) {
      const term = within(confirmation).getByText(`{${name}}`);
      expect(term.closest('dt')?.nextElementSibling?.textContent).toBe(PLACEHOLDER_MEANINGS[name]);
    }
    expect(within(confirmation).queryByText('{amount}')).toBeNull();
    expect(within(await region('payment-received')).getByText('{amount}')).toBeTruthy();

    const rejected = await region('submission-rejected');
    expect(within(rejected).getByText('Edited')).toBeTruthy();
    expect(
      within(rejected)
        .getByText(/^Saved/)
        .querySelector('time')?.dateTime,
    ).toBe(REWORDED.updatedAt);
    expect(subjectOf(rejected).value).toBe(REWORDED.subject);
    // Only an edited template has something to reset.
    expect(
      screen.getAllByRole('button', { name: 'Reset to default' }).map((b) => b.closest('section')),
    ).toEqual([rejected]);
    for (const section of sections) {
      expect(within(section).getByRole('button', { name: 'Save' })).toBeTruthy();
      expect(within(section).getByRole('button', { name: 'Preview' })).toBeTruthy();
    }
  });

  it('marks the subject and the message, which cannot be left empty, with * and as required', async () => {
    stubTemplates();
    renderAdmin('/admin/email-templates');
    const form = (await region('payment-received')).querySelector('form')!;
    const marked = ['Subject *', 'Message *'];
    expect(requiredMarks(form)).toEqual({ required: marked, marked });
  });

  it('saves one template with a PUT of its new wording and says so, keeping the others’ unsaved words', async () => {
    const user = userEvent.setup();
    const { sent } = stubTemplates();
    renderAdmin('/admin/email-templates');
    const approved = await region('submission-approved');
    const payment = await region('payment-received');
    // Typed in another template and not saved: it stays through this one's save.
    await replaceText(user, subjectOf(approved), 'Good news about {competition}');
    expect(within(approved).getByText('Unsaved changes')).toBeTruthy();

    await replaceText(user, subjectOf(payment), '  Payment of {amount} received ');
    await replaceText(user, messageOf(payment), 'Dear {name},\n\nWe received {amount}.');
    await user.click(within(payment).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(EMAIL_TEMPLATE_MESSAGES.saved)).toBeTruthy();
    expect(sent).toEqual([
      {
        call: `PUT ${PATH}/payment-received`,
        body: {
          subject: 'Payment of {amount} received',
          body: 'Dear {name},\n\nWe received {amount}.',
        },
      },
    ]);
    await waitFor(() => expect(within(payment).getByText('Edited')).toBeTruthy());
    expect(subjectOf(payment).value).toBe('Payment of {amount} received');
    expect(within(payment).queryByText('Unsaved changes')).toBeNull();
    expect(within(payment).getByRole('button', { name: 'Reset to default' })).toBeTruthy();
    expect(subjectOf(approved).value).toBe('Good news about {competition}');
    expect(within(approved).getByText('Unsaved changes')).toBeTruthy();
  });

  it('refuses a placeholder the template does not know before sending anything, naming it', async () => {
    const user = userEvent.setup();
    const { sent } = stubTemplates();
    renderAdmin('/admin/email-templates');
    const approved = await region('submission-approved');
    // {amount} is a placeholder, but not one an approval knows.
    await replaceText(user, messageOf(approved), 'Dear {name}, {foo} and {amount}. {name}');
    await user.click(within(approved).getByRole('button', { name: 'Save' }));

    const message = unknownPlaceholderMessage('submission-approved', ['foo', 'amount']);
    expect(message).toMatch(/^Unknown placeholder \{foo\}, \{amount\}\. Use \{name\}/);
    const error = await within(approved).findByText(message);
    const field = messageOf(approved);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);

    // The subject is checked too, and Preview refuses as Save does.
    await replaceText(user, subjectOf(approved), 'Hello {nmae}');
    await user.click(within(approved).getByRole('button', { name: 'Preview' }));
    expect(
      await within(approved).findByText(unknownPlaceholderMessage('submission-approved', ['nmae'])),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();

    // Checked again as the admin types, once asked: mending it clears the message.
    await replaceText(user, messageOf(approved), 'Dear {name}, well done.');
    await waitFor(() => expect(within(approved).queryByText(message)).toBeNull());
    expect(messageOf(approved).getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's field messages on their fields, with a failure toast", async () => {
    const user = userEvent.setup();
    const refusal = unknownPlaceholderMessage('registration-confirmation', ['foo']);
    stubTemplates({
      [`PUT ${PATH}/registration-confirmation`]: envelope(
        400,
        'VALIDATION_ERROR',
        'Some fields are not valid.',
        { body: refusal, subject: 'A subject is one line.' },
      ),
    });
    renderAdmin('/admin/email-templates');
    const confirmation = await region('registration-confirmation');
    await user.click(within(confirmation).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(`${EMAIL_TEMPLATE_FAILURES.save}. Some fields are not valid.`),
    ).toBeTruthy();
    expect(within(confirmation).getByText(refusal)).toBeTruthy();
    expect(within(confirmation).getByText('A subject is one line.')).toBeTruthy();
    expect(messageOf(confirmation).getAttribute('aria-invalid')).toBe('true');
    expect(subjectOf(confirmation).getAttribute('aria-invalid')).toBe('true');
    expect(within(confirmation).getByText('Default')).toBeTruthy();
  });

  it('says why a save failed when no field is to blame', async () => {
    const user = userEvent.setup();
    stubTemplates({
      [`PUT ${PATH}/payment-received`]: envelope(409, 'CONFLICT', 'Try again in a moment.'),
    });
    renderAdmin('/admin/email-templates');
    const payment = await region('payment-received');
    await user.click(within(payment).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(`${EMAIL_TEMPLATE_FAILURES.save}. Try again in a moment.`),
    ).toBeTruthy();
    // Above the form too, where it stays after the toast has gone.
    expect(within(payment).getByRole('alert').textContent).toBe('Try again in a moment.');
  });

  it('previews the words in the form: subject, text as text, and the HTML in a sandboxed frame', async () => {
    const user = userEvent.setup();
    const { sent } = stubTemplates();
    renderAdmin('/admin/email-templates');
    const approved = await region('submission-approved');
    await replaceText(user, subjectOf(approved), 'Approved: {competition}');
    const preview = within(approved).getByRole('button', { name: 'Preview' });
    await user.click(preview);

    const dialog = await screen.findByRole('dialog', {
      name: `Preview: ${EMAIL_TEMPLATE_LABELS['submission-approved']}`,
    });
    expect(sent).toEqual([
      {
        call: `POST ${PATH}/submission-approved/preview`,
        body: { subject: 'Approved: {competition}', body: defaultOf('submission-approved').body },
      },
    ]);
    expect(within(dialog).getByText(SAMPLE.subject)).toBeTruthy();
    const text = within(dialog).getByText(/About Monsoon Colours/);
    // The text body as text: a name with markup in it stays words.
    expect(text.textContent).toBe(SAMPLE.text);
    expect(dialog.querySelector('b')).toBeNull();
    const frame = within(dialog).getByTitle('HTML version of the message');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(SAMPLE.html);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect((window as { injected?: boolean }).injected).toBeUndefined();

    // Nothing was saved: the words are still there, unsaved.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(preview);
    expect(subjectOf(approved).value).toBe('Approved: {competition}');
    expect(within(approved).getByText('Unsaved changes')).toBeTruthy();
  });

  it('says why a preview failed', async () => {
    const user = userEvent.setup();
    stubTemplates({
      [`POST ${PATH}/payment-received/preview`]: envelope(
        400,
        'VALIDATION_ERROR',
        'Some fields are not valid.',
        { body: 'Enter the message.' },
      ),
    });
    renderAdmin('/admin/email-templates');
    const payment = await region('payment-received');
    await user.click(within(payment).getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText(`${EMAIL_TEMPLATE_FAILURES.preview}. Some fields are not valid.`),
    ).toBeTruthy();
    expect(within(payment).getByText('Enter the message.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resets an edited template after asking, with a DELETE, and shows the default', async () => {
    const user = userEvent.setup();
    const { sent } = stubTemplates();
    renderAdmin('/admin/email-templates');
    const rejected = await region('submission-rejected');
    await user.click(within(rejected).getByRole('button', { name: 'Reset to default' }));

    const dialog = screen.getByRole('dialog', {
      name: `Reset ${EMAIL_TEMPLATE_LABELS['submission-rejected']}`,
    });
    expect(within(dialog).getByText(EMAIL_TEMPLATE_MESSAGES.resetQuestion)).toBeTruthy();
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));

    expect(await screen.findByText(EMAIL_TEMPLATE_MESSAGES.reset)).toBeTruthy();
    expect(sent).toEqual([{ call: `DELETE ${PATH}/submission-rejected`, body: undefined }]);
    const defaults = defaultOf('submission-rejected');
    expect(subjectOf(rejected).value).toBe(defaults.subject);
    expect(messageOf(rejected).value).toBe(defaults.body);
    expect(within(rejected).getByText('Default')).toBeTruthy();
    expect(within(rejected).queryByRole('button', { name: 'Reset to default' })).toBeNull();
    // The button that asked is gone: focus waits on the template's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(rejected).getByRole('heading', { level: 2 })),
    );
  });

  it('keeps the words when the reset is cancelled, and says why a reset failed', async () => {
    const user = userEvent.setup();
    const { sent } = stubTemplates({
      [`DELETE ${PATH}/submission-rejected`]: envelope(404, 'NOT_FOUND', 'Template not found.'),
    });
    renderAdmin('/admin/email-templates');
    const rejected = await region('submission-rejected');
    const reset = within(rejected).getByRole('button', { name: 'Reset to default' });
    await user.click(reset);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);
    expect(document.activeElement).toBe(reset);

    await user.click(reset);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      `${EMAIL_TEMPLATE_FAILURES.reset}. Template not found.`,
    );
    expect(subjectOf(rejected).value).toBe(REWORDED.subject);
  });

  it("shows 'Failed to fetch e-mail templates' in red when they cannot load, and tries again", async () => {
    let fail = true;
    stubTemplates({
      [`GET ${PATH}`]: () =>
        fail ? { status: 500, body: { oops: true } } : { status: 200, body: [REWORDED] },
    });
    renderAdmin('/admin/email-templates');
    const alert = await screen.findByText(EMAIL_TEMPLATE_FAILURES.fetch);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toContain('text-red-800');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await region('submission-rejected')).toBeTruthy();
  });

  it('works from the keyboard: every control in reach, the preview opened and closed', async () => {
    const user = userEvent.setup();
    stubTemplates();
    renderAdmin('/admin/email-templates');
    await region('submission-rejected');
    const main = document.getElementById('main')!;
    const controls = [...main.querySelectorAll('input, textarea, button, summary, a[href]')].filter(
      (element) => !element.closest('dialog'),
    );
    expect(controls.length).toBe(EMAIL_TEMPLATE_KINDS.length * 4 + 1);

    // Tab from the top of the page: each control of the screen is reached, in order.
    main.focus();
    const reached: Element[] = [];
    for (let i = 0; i < 200 && reached.length < controls.length; i++) {
      await user.tab();
      if (document.activeElement && controls.includes(document.activeElement)) {
        reached.push(document.activeElement);
      }
    }
    expect(reached).toEqual(controls);

    const approved = await region('submission-approved');
    const preview = within(approved).getByRole('button', { name: 'Preview' });
    preview.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /^Preview: / });
    // The test DOM neither moves focus into a modal dialog nor closes one on Escape (browsers
    // do both): its Close button, from the keyboard.
    within(dialog).getByRole('button', { name: 'Close' }).focus();
    await user.keyboard('{Enter}');
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(preview);

    // Enter in the subject saves, as in any form.
    subjectOf(approved).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(EMAIL_TEMPLATE_MESSAGES.saved)).toBeTruthy();
  });

  it('is in the side navigation as E-mail Templates, after Outbox', async () => {
    stubTemplates();
    renderAdmin('/admin/email-templates');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const link = within(nav).getByRole('link', { name: 'E-mail Templates' });
    expect(link.getAttribute('href')).toBe('/admin/email-templates');
    expect(link.getAttribute('aria-current')).toBe('page');
    const names = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(names.indexOf('E-mail Templates')).toBe(names.indexOf('Outbox') + 1);
  });
});
