/*
 * The public pages are in the HTML the server sends, before any script runs
 * (docs/decisions/018-server-rendering.md). Here Chromium runs no script at all, so everything
 * these tests find was drawn by the server. With scripts on, every other journey hydrates these
 * pages, and the fixture fails any of them on a console error, which a hydration mismatch is.
 */
import {
  cardTitles,
  DEMO,
  DEMO_LISTING,
  expect,
  expectPageHeading,
  fullDate,
  getCompetition,
  SITE_TITLE,
  test,
} from './fixtures.ts';

test.use({ javaScriptEnabled: false });

test('the home page: title, countdown, every competition and the hero picture', async ({
  page,
}) => {
  await page.goto('/');
  await expectPageHeading(page, SITE_TITLE);
  await expect(page.getByRole('heading', { name: 'Time Remaining', level: 2 })).toBeVisible();
  await expect(cardTitles(page)).toHaveText(DEMO_LISTING.map((c) => c.title));
  // The tiles that animate in with a script are simply there without one.
  for (const title of [
    'Global Exposure',
    'Expert Judges',
    'Exciting Prizes',
    'Simple Registration',
  ]) {
    await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
  }
  // The largest picture of the first screen is asked for with the page, at high priority.
  const hero = page.locator('img[fetchpriority="high"]');
  await expect(hero).toHaveCount(1);
  await expect(hero).toHaveAttribute('srcset', /\d+w/);
  await expect(hero).toHaveAttribute('sizes', /.+/);
});

test("a competition's page: title, description, closing date and fee", async ({
  page,
  request,
}) => {
  const competition = await getCompetition(request, DEMO.competitions.portraits);
  await page.goto(`/competition/${competition.id}`);
  await expectPageHeading(page, competition.title);
  await expect(page.getByText(competition.description.split('\n')[0] ?? '')).toBeVisible();
  await expect(page.getByText(fullDate(competition.endDate)).first()).toBeVisible();
  const entry = page.getByRole('complementary', { name: 'Entry' });
  await expect(entry.getByRole('heading', { name: 'Entry Fee' })).toBeVisible();
  await expect(entry.getByText(`₹${competition.entryFee.toLocaleString('en-IN')}`)).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'File requirements' })
      .getByText('File types: JPEG, PNG or WebP'),
  ).toBeVisible();
});

test("the registration page's shell: heading, competition and field labels", async ({
  page,
  request,
}) => {
  const competition = await getCompetition(request, DEMO.competitions.monsoon);
  await page.goto(`/register/competition?competition=${competition.id}`);
  await expectPageHeading(page, 'Register');
  await expect(page.getByText(competition.title).first()).toBeVisible();
  for (const label of ['Full Name', 'Email', 'Phone Number', 'Address', 'Pincode']) {
    await expect(page.getByRole('textbox', { name: label, exact: true })).toBeVisible();
  }
});

test('the results page: the awards of City Lights 2026, the people’s choice among them', async ({
  page,
  request,
}) => {
  const competition = await getCompetition(request, DEMO.competitions.cityLights);
  await page.goto(`/competition/${competition.id}/results`);
  await expectPageHeading(page, `Results: ${DEMO.competitions.cityLights}`);
  // The demo's three awards (src/server/features/demo/demo-results.ts), each with its prize.
  for (const prize of ['₹25,000 and a solo show', '₹10,000', '₹5,000']) {
    await expect(page.getByText(`Prize: ${prize}`, { exact: true })).toBeVisible();
  }
  // The visitors' award, given once the exhibition's vote closed (demo-votes.ts).
  await expect(page.getByText("People's Choice", { exact: true })).toBeVisible();
});

test('the Results page: every published result, linked', async ({ page }) => {
  await page.goto('/results');
  await expectPageHeading(page, 'Results');
  await expect(
    page.getByRole('link', { name: `Results: ${DEMO.competitions.cityLights}`, exact: true }),
  ).toBeVisible();
});

for (const [path, heading] of [
  ['/about', 'About Us'],
  ['/contact', 'Contact Us'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms and Conditions'],
  ['/razorpay-policy', 'Razorpay Policy'],
  ['/registration-success', 'Registration Successful!'],
] as const) {
  test(`${path}: its heading and text`, async ({ page }) => {
    await page.goto(path);
    await expectPageHeading(page, heading);
    await expect(page.getByRole('contentinfo')).toContainText(SITE_TITLE);
  });
}
