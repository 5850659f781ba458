/*
 * Issue 12 item 9: an artist registers, and the admin finds the confirmation in the Outbox. The
 * suite's server has no SMTP server (no SMTP_URL), so the message is kept there, marked not sent,
 * and 'Send again' puts it back in line. A registration adds a participant to the dashboard's
 * numbers: this journey runs with the ones that change the site's data.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { generatedImage, openAdminScreen, OURS } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEMO, expect, getCompetition, test } from './fixtures.ts';

interface FormField {
  id: string;
  label: string;
  type: 'text' | 'image' | 'video' | 'link';
  required: boolean;
}

/** Registers for the demo competition through the API as the form does; returns the reference. */
async function register(
  request: APIRequestContext,
  artist: { fullName: string; email: string },
): Promise<string> {
  const competition = await getCompetition(request, DEMO.competitions.portraits);
  const form = await request.get(`/api/competitions/${competition.id}/registration-form`);
  expect(form.status(), await form.text()).toBe(200);
  const { formFields } = (await form.json()) as { formFields: FormField[] };

  const fieldValues: Record<string, string> = {};
  const files: Record<string, Awaited<ReturnType<typeof generatedImage>>> = {
    photo: await generatedImage({ name: 'me.jpg', background: '#b45309', width: 400, height: 500 }),
  };
  for (const field of formFields) {
    if (field.type === 'image') {
      files[`fieldValues.${field.id}`] = await generatedImage({
        name: `${field.id}.jpg`,
        background: '#0f766e',
      });
    } else if (field.type === 'text') {
      fieldValues[field.id] = `${field.label} of the outbox journey`;
    } else {
      fieldValues[field.id] = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    }
  }
  const data = {
    competitionId: competition.id,
    fullName: artist.fullName,
    age: 29,
    gender: 'female',
    email: artist.email,
    phone: '+91 98765 43210',
    address: '12 MG Road, Pune',
    pincode: '411001',
    fieldValues,
    consent: true,
  };
  const response = await request.post('/api/submissions', {
    headers: { ...OURS, 'idempotency-key': randomUUID() },
    // `data` first, then the files, as the browser's form sends them.
    multipart: { data: JSON.stringify(data), ...files },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

/** The outbox row sent to `email`, once the list (refreshed as needed) shows it in `state`. */
async function rowInState(page: Page, email: string, state: string) {
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByRole('cell').first()).toHaveText(state, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return row;
}

test('the confirmation of a registration waits in the Outbox, readable, and can be sent again', async ({
  page,
  request,
}) => {
  // A registration with images and two axe checks, light and dark: more than one page's work.
  test.slow();
  const tag = randomBytes(4).toString('hex');
  const artist = { fullName: `Meera <b>Outbox</b> ${tag}`, email: `meera-${tag}@example.com` };
  const reference = await register(request, artist);

  await openAdminScreen(page, '/admin/outbox', 'Outbox');
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Outbox' }),
  ).toHaveAttribute('aria-current', 'page');
  const row = await rowInState(page, artist.email, 'Not sent');
  const subject = `Registration received: ${DEMO.competitions.portraits} (${reference})`;
  await expect(row.getByRole('cell').nth(4)).toHaveText('Not sent: no SMTP server is configured');
  await expectNoAxeViolations(page, 'the outbox with a message');

  // The message opens to its text: the name as the artist typed it, shown as text.
  await row.getByRole('button', { name: subject, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog.getByText(`Dear ${artist.fullName},`)).toBeVisible();
  await expect(dialog.getByText(`Reference: ${reference}`)).toBeVisible();
  await expect(dialog.locator('b')).toHaveCount(0);
  await expectNoAxeViolations(page, 'an opened message');

  // The HTML version, in a frame of its own with everything turned off.
  await dialog.getByText('HTML version', { exact: true }).click();
  const frame = dialog.getByTitle('HTML version of the message');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('sandbox', '');
  // Read from its attribute: looking inside a frame that may run no script makes the browser log
  // an error for every script the test tool tries there.
  await expect(frame).toHaveAttribute('srcdoc', new RegExp(`Reference: ${reference}`));
  await expect(frame).toHaveAttribute('srcdoc', /Dear Meera &lt;b&gt;Outbox&lt;\/b&gt;/);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: subject, exact: true })).toBeFocused();

  // Sent again, it goes back in line; with no SMTP server it is set aside again.
  const answer = page.waitForResponse((r) => r.url().endsWith('/send-again'));
  await row.getByRole('button', { name: `Send again ${subject}` }).click();
  expect((await answer).status()).toBe(200);
  expect(await (await answer).json()).toMatchObject({ status: 'pending', attempts: 0 });
  await expect(page.getByText('Message queued to be sent again')).toBeVisible();
  await rowInState(page, artist.email, 'Not sent');
});
