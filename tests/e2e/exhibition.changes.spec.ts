/*
 * The exhibition on a phone: a visitor finds the open demo exhibition in the archive, opens a work
 * full screen with the keyboard (arrows move, Escape closes and gives focus back), reads the
 * work's page and sends an enquiry about it (for sale); axe clean, light and dark, on each page.
 */
import { OURS, openAdminScreen } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { appStarted, expect, expectPageHeading, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const GALLERY = 'Rooftops and Rain: the exhibition';
const FIRST = 'Terrace Garden in August';
const SECOND = 'Wet Tin Roofs';

test('a visitor browses the exhibition, views a work full screen and enquires about it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/exhibitions');
  await appStarted(page);
  await expectPageHeading(page, 'Exhibitions');
  const current = page.getByRole('list', { name: 'Now showing' });
  await expect(current.getByRole('link', { name: GALLERY })).toBeVisible();
  await expect(current.getByRole('link', { name: 'City Lights: the exhibition' })).toBeVisible();
  await expectNoAxeViolations(page, 'the exhibitions archive');

  await current.getByRole('link', { name: GALLERY }).click();
  await expectPageHeading(page, GALLERY);
  const works = page.getByRole('list', { name: 'Works' }).getByRole('listitem');
  await expect(works).toHaveCount(3);
  await expect(works.nth(0)).toContainText('For sale: ₹18,000');
  await expect(works.nth(2)).toContainText('Name withheld');
  await expectNoAxeViolations(page, 'the gallery');

  // Full screen with the keyboard alone.
  const viewButton = page.getByRole('button', { name: `View ${FIRST} full screen` });
  await viewButton.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: `${FIRST}, full screen` });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText('1 of 3')).toBeVisible();
  await expectNoAxeViolations(page, 'the full-screen viewer');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: `${SECOND}, full screen` })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('2 of 3')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(viewButton).toBeFocused();

  // The work's own page, and an enquiry about it.
  await page.getByRole('link', { name: `About this work: ${FIRST}` }).click();
  await expectPageHeading(page, FIRST);
  await expect(page.getByText('For sale: ₹18,000')).toBeVisible();
  await expectNoAxeViolations(page, 'a work’s page');
  const form = page.getByRole('form', { name: 'Enquire about this work' });
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(form.getByText('Enter your name (at most 200 characters)')).toBeVisible();
  await form.getByLabel('Your name').fill('Meera Iyer');
  await form.getByLabel('E-mail').fill('meera.iyer@example.com');
  await form.getByLabel('Message').fill('Is the painting framed, and can it be shipped to Pune?');
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'your enquiry has been sent' }),
  ).toHaveText('Thank you: your enquiry has been sent. We will answer by e-mail.');
});

test('the admin sees the exhibition and answers an enquiry by e-mail', async ({ page }) => {
  test.setTimeout(90_000);
  const archive = (await (await page.request.get('/api/exhibitions')).json()) as {
    current: { competitionId: string; title: string }[];
  };
  const rooftops = archive.current.find((e) => e.title === GALLERY)!;
  const gallery = (await (
    await page.request.get(`/api/exhibitions/${rooftops.competitionId}`)
  ).json()) as { works: { workId: string; price: number | null }[] };
  const forSale = gallery.works.find((w) => w.price !== null)!;
  const sent = await page.request.post(
    `/api/exhibitions/${rooftops.competitionId}/works/${forSale.workId}/enquiries`,
    {
      headers: OURS,
      data: { name: 'Kabir Sethi', email: 'kabir.sethi@example.com', message: 'What size is it?' },
    },
  );
  expect(sent.status(), await sent.text()).toBe(201);

  await openAdminScreen(page, '/admin/exhibitions', 'Exhibitions');
  await page.getByLabel('Competition').selectOption({ label: 'Rooftops and Rain 2026' });
  await expect(page.getByLabel('Title')).toHaveValue(GALLERY);
  await expect(page.getByText('Open to the public')).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${FIRST}` })).toBeVisible();
  const answer = page.getByRole('form', { name: 'Answer Kabir Sethi' });
  await expect(answer).toBeVisible();
  await expectNoAxeViolations(page, 'the admin’s Exhibitions screen');
  await answer.getByLabel('Answer by e-mail').fill('It is 60 × 45 cm, unframed.');
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText('Answered', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('It is 60 × 45 cm, unframed.')).toBeVisible();
});
