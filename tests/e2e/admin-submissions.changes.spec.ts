/*
 * The admin's 'Competition Submissions' at /admin/submissions. The search and the
 * filters live in the address (typing replaces it, a choice is a place in the history), and each
 * decision, one row's or the selected rows', changes the row and e-mails the artist after a
 * wait (with an Undo meanwhile). The journeys register and decide, so they run with the ones
 * that change the site's data. They register through the API, each registration from an address
 * of its own (registerThroughApi), so the server's 10 registrations per address in 10 minutes
 * never hold them up. Other journeys register side by side with these, so every view here is
 * narrowed by a search for this journey's own artists.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { OURS, openAdminScreen, readOutboxMessage } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEMO, expect, expectPageHeading, test } from './fixtures.ts';
import {
  counted,
  expectListed,
  filters,
  HEADING,
  NOTHING_FOUND,
  register,
  type Registered,
  rowOf,
  SCREEN,
  searchBox,
  successToast,
  table,
} from './review-fixtures.ts';

const C = DEMO.competitions;

// Each journey registers through the API, decides, and runs axe on two shared cores.
test.slow();
// One journey rewords the approval e-mail that another expects in its default words: one at a time.
test.describe.configure({ mode: 'serial' });

const filter = (page: Page, name: 'Status' | 'Payment' | 'Competition' | 'Order') =>
  filters(page).getByRole('combobox', { name, exact: true });
/** The Status cell: its heading for the phone ('Status'), the review's state, the payment's. */
const statusOf = (row: Locator) => row.getByRole('cell').nth(4);
const approveButton = (page: Page, entry: Registered) =>
  page.getByRole('button', { name: `Approve ${entry.reference}`, exact: true });
const rejectButton = (page: Page, entry: Registered) =>
  page.getByRole('button', { name: `Reject ${entry.reference}`, exact: true });
const checkbox = (page: Page, entry: Registered) =>
  page.getByRole('checkbox', {
    name: `Select ${entry.reference} (${entry.fullName})`,
    exact: true,
  });
/** The address holds exactly these filters, in any order (the search once typing rests). */
async function expectAddress(page: Page, query: Record<string, string>): Promise<void> {
  const sorted = (entries: Iterable<[string, string]>) => JSON.stringify([...entries].sort());
  await expect(page).toHaveURL(
    (url) => url.pathname === SCREEN && sorted(url.searchParams) === sorted(Object.entries(query)),
  );
}

/** Nothing is wider than the window: the body never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${what} is wider than the window`,
    })
    .toBeLessThanOrEqual(0);
}

test('search and filters live in the address: back restores the view, reload keeps it; two selected rows are approved at once', async ({
  page,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  // The two share the tag: a search for the one name must still leave the other out.
  const ananya = await register(request, C.monsoon, {
    fullName: `अनन्या देशपांडे ${tag}`,
    email: `ananya-${tag}@example.com`,
  });
  const kabir = await register(request, C.monsoon, {
    fullName: `Kabir Sethi ${tag}`,
    email: `kabir-${tag}@example.com`,
  });

  await openAdminScreen(page, SCREEN, HEADING);
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search by name or email...');

  // One artist, found by a name in Devanagari: the address holds the search once typing rests.
  await searchBox(page).fill(ananya.fullName);
  await expectAddress(page, { q: ananya.fullName });
  await expectListed(page, [ananya]);
  await expect(table(page).getByRole('columnheader')).toHaveText([
    'Select',
    'Participant Details',
    'Competition & Submission',
    'Category',
    'Status',
    'Actions',
  ]);
  const row = rowOf(page, ananya);
  await expect(row).toContainText(`ananya-${tag}@example.com`);
  await expect(row).toContainText(C.monsoon);
  await expect(statusOf(row)).toHaveText(/^Status\s*Pending Review\s*Free Entry$/);
  // With the view it is opened from, for the entry page's Back.
  const from = new URLSearchParams({ from: `${SCREEN}${new URL(page.url()).search}` });
  await expect(row.getByRole('link', { name: ananya.reference, exact: true })).toHaveAttribute(
    'href',
    `${SCREEN}/${ananya.id}?${from.toString()}`,
  );
  await expect(counted(page, 'Pending Review')).toHaveText('1');
  await expect(counted(page, 'Approved')).toHaveText('0');

  // A status chosen joins the search in the address.
  await filter(page, 'Status').selectOption({ label: 'Pending' });
  await expectAddress(page, { q: ananya.fullName, status: 'pending' });
  await expect(filter(page, 'Status')).toHaveValue('pending');
  await expectListed(page, [ananya]);

  // Typing a new search replaces it there: both artists, newest first.
  await searchBox(page).fill(tag);
  await expectAddress(page, { q: tag, status: 'pending' });
  await expectListed(page, [kabir, ananya]);

  // Back: the view before the status was chosen, its search back in the field.
  await page.goBack();
  await expectAddress(page, { q: ananya.fullName });
  await expect(searchBox(page)).toHaveValue(ananya.fullName);
  await expect(filter(page, 'Status')).toHaveValue('');
  await expectListed(page, [ananya]);

  // Forward again, then a reload: the address keeps the view.
  await page.goForward();
  await expectAddress(page, { q: tag, status: 'pending' });
  await expect(searchBox(page)).toHaveValue(tag);
  await expectListed(page, [kabir, ananya]);
  await page.reload();
  await expectPageHeading(page, HEADING);
  await expect(searchBox(page)).toHaveValue(tag);
  await expect(filter(page, 'Status')).toHaveValue('pending');
  await expectAddress(page, { q: tag, status: 'pending' });
  await expectListed(page, [kabir, ananya]);

  // Both rows selected and approved at once, seen with every status.
  await filter(page, 'Status').selectOption({ label: 'All statuses' });
  await expectAddress(page, { q: tag });
  await expectListed(page, [kabir, ananya]);
  const approveSelected = page.getByRole('button', { name: 'Approve selected', exact: true });
  await expect(approveSelected).toBeDisabled();
  await checkbox(page, kabir).check();
  await checkbox(page, ananya).check();
  await expect(page.getByText('2 selected', { exact: true })).toBeVisible();
  await approveSelected.click();
  await expect(successToast(page, '2 submissions approved')).toBeVisible();
  for (const entry of [kabir, ananya]) {
    await expect(statusOf(rowOf(page, entry))).toHaveText(/^Status\s*Approved\s*Free Entry$/);
    await expect(approveButton(page, entry)).toBeDisabled();
    await expect(rejectButton(page, entry)).toBeEnabled();
    await expect(checkbox(page, entry)).not.toBeChecked();
  }
  await expect(page.getByText('0 selected', { exact: true })).toBeVisible();
  await expect(approveSelected).toBeDisabled();
  await expect(counted(page, 'Approved')).toHaveText('2');
  await expect(counted(page, 'Pending Review')).toHaveText('0');

  // The server keeps them approved: listed as such, no longer pending.
  await filter(page, 'Status').selectOption({ label: 'Approved' });
  await expectAddress(page, { q: tag, status: 'approved' });
  await expectListed(page, [kabir, ananya]);
  await filter(page, 'Status').selectOption({ label: 'Pending' });
  await expectAddress(page, { q: tag, status: 'pending' });
  await expect(page.getByText(NOTHING_FOUND, { exact: true })).toBeVisible();
  await expect(table(page)).toHaveCount(0);
});

test('Approve, then Reject: the buttons follow the state, the e-mail waits with an Undo and the artist hears only the last; axe finds nothing with rows or without, and a phone scrolls only down', async ({
  page,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const entry = await register(request, C.portraits, {
    fullName: `Ishaan Verma ${tag}`,
    email: `ishaan-${tag}@example.com`,
  });
  const here = `${SCREEN}?q=${tag}`;

  // The search in the address opens the screen on it.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openAdminScreen(page, here, HEADING);
  await expect(searchBox(page)).toHaveValue(tag);
  await expectListed(page, [entry]);
  const row = rowOf(page, entry);
  const approve = approveButton(page, entry);
  const reject = rejectButton(page, entry);
  await expect(statusOf(row)).toHaveText(/^Status\s*Pending Review\s*Payment Pending$/);
  await expect(approve).toBeEnabled();
  await expect(reject).toBeEnabled();
  await expectNoAxeViolations(page, `${here} with a pending entry`);

  // While the decision is on its way, neither button can be pressed.
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  const decision = `**/api/admin/submissions/${entry.id}/status`;
  await page.route(decision, async (route) => {
    await held;
    await route.continue();
  });
  await approve.click();
  await expect(approve).toBeDisabled();
  await expect(reject).toBeDisabled();
  answer();
  await expect(successToast(page, 'Submission approved')).toBeVisible();
  await expect(page.getByText('E-mail goes in 5 minutes —', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled();
  await expect(statusOf(row)).toHaveText(/^Status\s*Approved\s*Payment Pending$/);
  await expect(approve).toBeDisabled();
  await expect(reject).toBeEnabled();
  await page.unroute(decision);

  await reject.click();
  await expect(successToast(page, 'Submission rejected')).toBeVisible();
  await expect(statusOf(row)).toHaveText(/^Status\s*Rejected\s*Payment Pending$/);
  await expect(reject).toBeDisabled();
  await expect(approve).toBeEnabled();

  // Changed within the wait, the approval's e-mail gave way: only the rejection waits to go.
  await page.goto('/admin/outbox');
  await expectPageHeading(page, 'Outbox');
  const decisions = page
    .getByRole('row')
    .filter({ hasText: `ishaan-${tag}@example.com` })
    .getByRole('button', { name: /^(Approved|Your entry): / });
  await expect(decisions).toHaveText([`Your entry: ${C.portraits} (${entry.reference})`]);

  // Back on the screen, the entry stays rejected.
  await page.goto(here);
  await expectPageHeading(page, HEADING);
  await expect(statusOf(rowOf(page, entry))).toHaveText(/^Status\s*Rejected\s*Payment Pending$/);

  // A search that finds nothing says so.
  const nothing = `nobody-${tag}`;
  await searchBox(page).fill(nothing);
  await expectAddress(page, { q: nothing });
  await expect(page.getByText(NOTHING_FOUND, { exact: true })).toBeVisible();
  await expect(table(page)).toHaveCount(0);
  await expectNoAxeViolations(page, `${SCREEN} with nothing found`);

  // On a phone, with nothing found and with the entry as a card, nothing is wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, `${SCREEN} with nothing found on a phone`);
  await page.goto(here);
  await expectPageHeading(page, HEADING);
  await expect(page.getByRole('link', { name: entry.reference, exact: true })).toBeVisible();
  await expect(approve).toBeVisible();
  // On a phone each row is a card with its own headings; the table's heading row is hidden.
  await expectNoSidewaysScroll(page, `${here} on a phone`);
  await expectNoAxeViolations(page, `${here} on a phone`);
});

test('An edited approval e-mail is previewed, refused with an unknown placeholder, saved, and used by the next decision; reset brings the default back', async ({
  page,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const entry = await register(request, C.portraits, {
    fullName: `Tara <Fern> ${tag}`,
    email: `tara-${tag}@example.com`,
  });
  const templatesPath = '/api/admin/email-templates/submission-approved';
  try {
    await openAdminScreen(page, '/admin/email-templates', 'E-mail Templates');
    const approved = page.getByRole('region', { name: 'Entry approved' });
    await expect(approved.getByText('Default', { exact: true })).toBeVisible();
    const subject = approved.getByLabel(/^Subject/);
    const message = approved.getByLabel(/^Message/);
    await expect(subject).toHaveValue('Approved: {competition} ({reference})');

    // A placeholder the template does not know is named, and nothing is saved.
    await subject.fill('Chosen {score}: {competition} ({reference})');
    await approved.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      approved.getByText('Unknown placeholder {score}.', { exact: false }),
    ).toBeVisible();

    await subject.fill(`Chosen ${tag}: {competition} ({reference})`);
    await message.fill(
      `Dear {name},\n\nThe jury chose your work for {competition} (${tag}).\n\nYour entry: {entryLink}`,
    );
    await approved.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: Entry approved' });
    await expect(preview).toContainText(`Chosen ${tag}: Monsoon Colours 2026 (WS-2026-000123)`);
    await expect(preview).toContainText(
      `The jury chose your work for Monsoon Colours 2026 (${tag}).`,
    );
    // The HTML version, in a frame that may run nothing; read from its attribute (axe or a look
    // inside would try to run a script there, which the browser logs as an error).
    const frame = preview.getByTitle(/^HTML version/);
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame).toHaveAttribute('srcdoc', new RegExp(`Dear Asha Rao,`));
    await expect(frame).not.toHaveAttribute('srcdoc', /<script/i);
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toBeHidden();

    await approved.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(successToast(page, 'Template saved')).toBeVisible();
    await expect(approved.getByText('Edited', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, '/admin/email-templates with an edited template');

    // The next decision is written in the new words, the artist's name as typed.
    await openAdminScreen(page, SCREEN, HEADING);
    await searchBox(page).fill(entry.fullName);
    await expectListed(page, [entry]);
    await approveButton(page, entry).click();
    await expect(successToast(page, 'Submission approved')).toBeVisible();

    const sentSubject = `Chosen ${tag}: ${C.portraits} (${entry.reference})`;
    const text = await readOutboxMessage(page, sentSubject, `Dear ${entry.fullName},`);
    expect(text).toContain(`Dear ${entry.fullName},`);
    expect(text).toContain(`The jury chose your work for ${C.portraits} (${tag}).`);
    expect(text).toMatch(/Your entry: http:\/\/\S+\/entry#\S+/);

    // Reset, after a question: the default words are back.
    await openAdminScreen(page, '/admin/email-templates', 'E-mail Templates');
    await approved.getByRole('button', { name: 'Reset to default' }).click();
    const question = page.getByRole('dialog', { name: 'Reset Entry approved' });
    await question.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(successToast(page, 'Template reset to the default')).toBeVisible();
    await expect(subject).toHaveValue('Approved: {competition} ({reference})');
    await expect(approved.getByText('Default', { exact: true })).toBeVisible();
  } finally {
    // Whatever happened above, the journeys after this one find the default words.
    await page.request.delete(templatesPath, { headers: OURS });
  }
});
