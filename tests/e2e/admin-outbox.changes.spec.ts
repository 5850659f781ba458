/*
 * An artist registers, and the admin finds the confirmation in the Outbox. The
 * suite's server has no SMTP server (no SMTP_URL), so the message is kept there, marked not sent,
 * and 'Send again' puts it back in line. A registration adds a participant to the dashboard's
 * numbers: this journey runs with the ones that change the site's data.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openAdminScreen } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEMO, expect, test } from './fixtures.ts';
import { registerThroughApi } from './registration-fixtures.ts';

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
  const { reference } = await registerThroughApi(request, DEMO.competitions.portraits, artist);

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
