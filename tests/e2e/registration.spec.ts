/*
 * The registration form as an artist meets it, without registering anyone (the
 * journeys that register are in registration.changes.spec.ts, after the read-only ones): what it
 * shows above the form, who it refuses, every validation message, the pictures' checks, the
 * draft that survives a reload, and a send that cannot get through.
 */
import { writeFile } from 'node:fs/promises';
import { expectNoAxeViolations } from './axe.ts';
import {
  DEMO,
  expect,
  expectPageHeading,
  fullDate,
  getCompetition,
  SITE_TITLE,
  test,
} from './fixtures.ts';
import {
  ARTIST,
  choosePicture,
  field,
  fillValidForm,
  formAlert,
  openRegistration,
  photo,
  registerPath,
  submitButton,
} from './registration-fixtures.ts';

const C = DEMO.competitions;
const DAY = 86_400_000;

/*
 * These journeys choose and shrink pictures, reload and run axe in both looks: more than the
 * default 30 s on a busy machine.
 */
test.slow();

/** Chromium's console error for an answer with this status, or a request that never got one. */
const SUBMISSION_FAILED = { text: /Failed to load resource/, url: /\/api\/submissions$/ };

test.describe('above the form', () => {
  test('an open, paid competition: picture, title, category, fee and time left', async ({
    page,
    request,
  }) => {
    const competition = await openRegistration(page, request, C.portraits);
    await expect(page).toHaveTitle(`Register: ${C.portraits} | ${SITE_TITLE}`);
    const main = page.getByRole('main');
    await expect(main.getByText('Open', { exact: true })).toBeVisible();
    await expect(main.getByText('Painting', { exact: true })).toBeVisible();
    await expect(main.getByText('Acrylic & Oil', { exact: true })).toBeVisible();
    await expect(main.getByText('Entry Fee:')).toBeVisible();
    const fee = main.locator('dl').filter({ hasText: 'Entry Fee:' });
    await expect(fee.getByText('₹499', { exact: true })).toBeVisible();
    // The form's breakdown says the same total before payment.
    const form = page.getByRole('form', { name: 'Registration' });
    await expect(form.getByText('₹499', { exact: true })).toBeVisible();
    const days = Math.floor((Date.parse(competition.closesAt) - Date.now()) / DAY);
    await expect(page.getByTestId('time-left')).toHaveText(
      `Closes in ${days} day${days === 1 ? '' : 's'}`,
    );
    const picture = main.locator('img').first();
    await expect(picture).toHaveAttribute('src', competition.image!.url);
    await expect(submitButton(page)).toBeVisible();
  });

  test("a free one says 'Free Entry'", async ({ page, request }) => {
    await openRegistration(page, request, C.monsoon);
    await expect(page.getByRole('main').getByText('Free Entry', { exact: true })).toBeVisible();
  });
});

test.describe('who is turned away', () => {
  test('without a competition, the visitor goes home', async ({ page }) => {
    await page.goto('/register/competition');
    await expect(page).toHaveURL('/');
    await expectPageHeading(page, SITE_TITLE);
  });

  test('for a competition that does not exist, the visitor goes home', async ({ page }) => {
    // The server sends the visitor home: no form is asked for (a 404 would fail the journey).
    await page.goto(registerPath('no-such-id'));
    await expect(page).toHaveURL('/');
    await expectPageHeading(page, SITE_TITLE);
  });

  test('a closed competition says so and offers no form', async ({ page, request }) => {
    await openRegistration(page, request, C.winter);
    await expect(page.getByRole('main').getByText('Closed', { exact: true })).toBeVisible();
    await expect(page.getByText('Registration for this competition has closed.')).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);
    await expect(submitButton(page)).toHaveCount(0);
    await expect(page.getByTestId('time-left')).toHaveText(/^Entries closed on /);
    await expect(page.getByRole('link', { name: 'View More Competitions' })).toBeVisible();
    await expectNoAxeViolations(page, 'the registration page of a closed competition');
  });

  test('an upcoming competition says when it opens', async ({ page, request }) => {
    const competition = await openRegistration(page, request, C.digitalDreams);
    await expect(
      page.getByText(`Registration opens on ${fullDate(competition.startDate)}.`),
    ).toBeVisible();
    await expect(submitButton(page)).toHaveCount(0);
  });
});

test.describe('validation', () => {
  test('every message of the form, each under its field, the first one focused', async ({
    page,
    request,
  }) => {
    await openRegistration(page, request, C.monsoon);
    await submitButton(page).click();

    await expect(formAlert(page)).toHaveText('14 answers need your attention.');
    await expect(field(page, 'Full Name')).toBeFocused();
    const expectMessage = async (label: string, message: string) => {
      const control = field(page, label);
      await expect(control).toHaveAttribute('aria-invalid', 'true');
      await expect(control).toHaveAccessibleDescription(new RegExp(`${message}$`));
    };
    await expectMessage('Full Name', 'Full name is required');
    await expectMessage('Age', 'Age is required');
    await expect(page.getByText('Gender is required')).toBeVisible();
    await expectMessage('Email', 'Email is required');
    await expectMessage('Phone Number', 'Phone number is required');
    await expectMessage('Address', 'Address is required');
    await expectMessage('Pincode', 'Pincode is required');
    await expectMessage('Photo', 'Photo is required');
    await expectMessage('Artwork Title', 'Artwork Title is required');
    await expectMessage('Artwork Photo', 'Artwork Photo is required');
    await expectMessage('Medium', 'Medium is required');
    await expectMessage('Size', 'Size is required');
    await expectMessage(
      'I have read the privacy policy',
      'Please agree to the privacy policy to register',
    );
    for (const choice of await page
      .getByRole('group', { name: /^If your work wins or is shortlisted/ })
      .getByRole('radio')
      .all()) {
      await expect(choice).not.toBeChecked();
      await expect(choice).toHaveAttribute('aria-invalid', 'true');
      await expect(choice).toHaveAccessibleDescription('Please choose how your work may be shown');
    }
    await expectNoAxeViolations(page, 'the registration form with its messages');

    // The messages follow the answers as they change.
    await field(page, 'Age').fill('0');
    await expectMessage('Age', 'Age must be at least 1 year');
    await field(page, 'Age').fill('81');
    await expectMessage('Age', 'Age must not exceed 80 years');
    await field(page, 'Email').fill('meera@example');
    await expectMessage('Email', 'Invalid email address');
    await field(page, 'Phone Number').fill('call me');
    await expectMessage('Phone Number', 'Invalid phone number');
    await field(page, 'Pincode').fill('70002');
    await expectMessage('Pincode', 'Invalid pincode format');
    await field(page, 'Full Name').fill('Meera Iyer');
    await expect(field(page, 'Full Name')).not.toHaveAttribute('aria-invalid');
  });

  test('a minor gives a parent or guardian and their consent', async ({ page, request }) => {
    await openRegistration(page, request, C.monsoon);
    await expect(field(page, "Parent or Guardian's Full Name")).toHaveCount(0);
    await field(page, 'Age').fill('9');
    await expect(field(page, 'Age')).toHaveAccessibleDescription(
      'From 1 to 80 years. Age category: Children.',
    );
    await expect(field(page, "Parent or Guardian's Full Name")).toBeVisible();
    await submitButton(page).click();
    await expect(page.getByText("Parent or guardian's name is required")).toBeVisible();
    await expect(page.getByText('A parent or guardian must give their consent')).toBeVisible();
    await expectNoAxeViolations(page, "a minor's registration form with the guardian's fields");

    await field(page, 'Age').fill('4');
    await expect(field(page, 'Age')).toHaveAccessibleDescription(/Age category: Preschool\.$/);
    await field(page, 'Age').fill('16');
    await expect(field(page, 'Age')).toHaveAccessibleDescription(/Age category: Adult\.$/);
    await field(page, 'Age').fill('18');
    await expect(field(page, "Parent or Guardian's Full Name")).toHaveCount(0);
  });
});

test.describe('pictures', () => {
  test("a picture is checked before anything is sent, in the seed's words", async ({
    page,
    request,
  }, testInfo) => {
    await openRegistration(page, request, C.monsoon);
    const picker = field(page, 'Photo');
    const expectRefusal = async (message: string) => {
      await expect(picker).toHaveAttribute('aria-invalid', 'true');
      await expect(picker).toHaveAccessibleDescription(new RegExp(`${message}$`));
      await expect(page.getByRole('img', { name: 'Photo: preview', exact: true })).toHaveCount(0);
    };
    await picker.setInputFiles({
      name: 'song.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await expectRefusal('Invalid file type. Please upload a JPEG or PNG image.');
    // Through a file on disk: the browser reads it itself, as it would from a phone's storage.
    const huge = testInfo.outputPath('huge.jpg');
    await writeFile(huge, Buffer.alloc(10 * 1024 * 1024 + 1));
    await picker.setInputFiles(huge);
    await expectRefusal('File size must be less than 10MB.');
    await picker.setInputFiles({
      name: 'script.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<?php echo "not a picture"; ?>'),
    });
    // The seed's words, and why.
    await expectRefusal(
      'Failed to process image\\. This file is not a JPEG, PNG or WebP picture\\.',
    );
    // A file the phone cannot read (moved, or its permission gone) fails on reading.
    await page.evaluate(() => {
      const read = Blob.prototype.arrayBuffer;
      Blob.prototype.arrayBuffer = function () {
        Blob.prototype.arrayBuffer = read;
        return Promise.reject(new DOMException('The file could not be read.', 'NotReadableError'));
      };
    });
    await picker.setInputFiles(await photo('gone.jpg'));
    await expectRefusal('Error reading file.');
  });

  test('a photo is shrunk to 800 px, upright, and can be replaced and removed', async ({
    page,
    request,
  }) => {
    await openRegistration(page, request, C.monsoon);
    // Taken with the phone held sideways: stored 1600 × 1200, shown upright as 1200 × 1600.
    await choosePicture(
      page,
      'Photo',
      await photo('sideways.jpg', { width: 1600, height: 1200, orientation: 6 }),
    );
    await expect(page.getByText(/^600 × 800 px, \d+ KB$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Replace photo' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Photo added.' })).toBeAttached();

    // An artwork is sent as chosen, at full size.
    await choosePicture(
      page,
      'Artwork Photo',
      await photo('art.jpg', { width: 4000, height: 3000 }),
    );
    await expect(page.getByText(/^4000 × 3000 px, [\d.]+ [KM]B$/)).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Replace photo' }).click();
    await (await chooser).setFiles(await photo('again.png', { width: 500, height: 400 }));
    await expect(page.getByText(/^500 × 400 px, \d+ KB$/)).toBeVisible();

    await page.getByRole('button', { name: 'Remove photo' }).click();
    await expect(page.getByRole('img', { name: 'Photo: preview', exact: true })).toHaveCount(0);
    await expect(field(page, 'Photo')).toBeFocused();
  });
});

test.describe('the draft', () => {
  test('what was typed survives a reload, and can be cleared', async ({ page, request }) => {
    const competition = await openRegistration(page, request, C.monsoon);
    await field(page, 'Full Name').fill(ARTIST.fullName);
    await field(page, 'Email').fill(ARTIST.email);
    await page.getByRole('radio', { name: 'Transgender' }).check();
    await field(page, 'Artwork Title').fill('Rain on Park Street');
    await field(page, 'Description').fill('Two lines\nof description');
    await field(page, 'I have read the privacy policy').check();
    await choosePicture(page, 'Photo', await photo('me.jpg'));
    await expect
      .poll(() =>
        page.evaluate((id) => localStorage.getItem(`ws:registration-draft:${id}`), competition.id),
      )
      .toContain('Two lines');

    await page.reload();
    await expect(page.getByText('We restored what you typed earlier.')).toBeVisible();
    await expect(field(page, 'Full Name')).toHaveValue(ARTIST.fullName);
    await expect(field(page, 'Email')).toHaveValue(ARTIST.email);
    await expect(page.getByRole('radio', { name: 'Transgender' })).toBeChecked();
    await expect(field(page, 'Artwork Title')).toHaveValue('Rain on Park Street');
    await expect(field(page, 'Description')).toHaveValue('Two lines\nof description');
    // Pictures and consent are not kept: chosen and given again.
    await expect(page.getByRole('img', { name: 'Photo: preview', exact: true })).toHaveCount(0);
    await expect(field(page, 'I have read the privacy policy')).not.toBeChecked();

    // Another competition's form starts empty.
    const other = await getCompetition(request, C.sketchers);
    await page.goto(registerPath(other.id));
    await expect(field(page, 'Full Name')).toHaveValue('');
    await expect(page.getByText('We restored what you typed earlier.')).toHaveCount(0);

    await page.goBack();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(field(page, 'Full Name')).toHaveValue('');
    await expect(field(page, 'Full Name')).toBeFocused();
    await page.reload();
    await expect(field(page, 'Full Name')).toHaveValue('');
    await expect(page.getByText('We restored what you typed earlier.')).toHaveCount(0);
  });
});

test.describe('when the send cannot get through', () => {
  test('too many registrations: says when to try again, keeping every answer', async ({
    page,
    request,
    expectConsoleError,
  }) => {
    expectConsoleError({ ...SUBMISSION_FAILED, text: /status of 429/ });
    const message = 'Too many registrations from this address. Please try again in 7 minutes.';
    await page.route('**/api/submissions', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '420' },
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message } }),
      }),
    );
    await openRegistration(page, request, C.monsoon);
    await fillValidForm(page);
    await submitButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
    await expect(formAlert(page)).toHaveText(
      new RegExp(
        `^${message.replace(/\./g, '\\.')} You can try again in 7 minutes, at \\d{1,2}:\\d{2} [ap]m\\.$`,
      ),
    );
    await expect(field(page, 'Full Name')).toHaveValue(ARTIST.fullName);
    await expect(submitButton(page)).toBeEnabled();
  });

  test("the server's field messages stand under their fields, the first one focused", async ({
    page,
    request,
    expectConsoleError,
  }) => {
    expectConsoleError({ ...SUBMISSION_FAILED, text: /status of 415/ });
    await page.route('**/api/submissions', (route) =>
      route.fulfill({
        status: 415,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'INVALID_IMAGE_TYPE',
            message: 'Invalid file type. Please upload a JPEG or PNG image.',
            fields: {
              'fieldValues.artworkUrl': 'Invalid file type. Please upload a JPEG or PNG image.',
              photo: 'Failed to process image',
            },
          },
        }),
      }),
    );
    await openRegistration(page, request, C.monsoon);
    await fillValidForm(page);
    await submitButton(page).click();
    const replacePhoto = page.getByRole('button', { name: 'Replace photo' });
    await expect(replacePhoto).toBeFocused();
    await expect(replacePhoto).toHaveAccessibleDescription(/Failed to process image$/);
    await expect(
      page.getByRole('button', { name: 'Replace artwork photo' }),
    ).toHaveAccessibleDescription(/Invalid file type\. Please upload a JPEG or PNG image\.$/);
    await expect(formAlert(page)).toHaveText('2 answers need your attention.');
    // The toast carries the server's message.
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /^Invalid file type\. Please upload a JPEG or PNG image\./ })
        .first(),
    ).toBeVisible();
  });

  test('a connection that keeps dropping: five retries, then a clear message, nothing lost', async ({
    page,
    request,
    expectConsoleError,
  }) => {
    expectConsoleError({ ...SUBMISSION_FAILED, text: /net::ERR_INTERNET_DISCONNECTED/ });
    await page.clock.install();
    const keys: string[] = [];
    await page.route('**/api/submissions', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      await route.abort('internetdisconnected');
    });
    await openRegistration(page, request, C.monsoon);
    await fillValidForm(page);
    await submitButton(page).click();

    const status = page.getByRole('status').filter({ hasText: 'Connection lost, retrying…' });
    for (let sent = 1; sent <= 5; sent++) {
      await expect.poll(() => keys.length).toBe(sent);
      await expect(status).toBeVisible();
      await expect(submitButton(page)).toBeDisabled();
      await expect(
        page.getByRole('progressbar', { name: 'Sending your registration' }),
      ).toBeVisible();
      await page.clock.fastForward(16_000);
    }
    await expect.poll(() => keys.length).toBe(6);
    await expect(formAlert(page)).toHaveText(
      'We could not reach the server, even after several tries. Everything you typed is still here: check your connection and press Submit Registration again.',
    );
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to submit registration' }),
    ).toBeVisible();
    // One registration, one key, whatever the retries.
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await expect(field(page, 'Full Name')).toHaveValue(ARTIST.fullName);
    await expect(page.getByRole('img', { name: 'Photo: preview', exact: true })).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the form fits the screen and its controls are big enough to tap', async ({
    page,
    request,
  }) => {
    await openRegistration(page, request, C.monsoon);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    for (const control of [field(page, 'Full Name'), submitButton(page)]) {
      const box = await control.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    await expect(field(page, 'Age')).toHaveAttribute('inputmode', 'numeric');
    await expect(field(page, 'Email')).toHaveAttribute('type', 'email');
    await expect(field(page, 'Phone Number')).toHaveAttribute('type', 'tel');
    await expect(field(page, 'Pincode')).toHaveAttribute('autocomplete', 'postal-code');
  });
});
