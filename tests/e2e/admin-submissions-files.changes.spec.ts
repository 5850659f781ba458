/*
 * What an admin does with whole submissions and their files on 'Competition
 * Submissions' (/admin/submissions): deletes one after the question, saves its photo and artwork
 * under a name made of the entry and its artist, and exports the view as CSV for the jury. The
 * journeys register (through the API, each registration from an address of its own) and delete,
 * so they run with the ones that change the site's data. Other journeys register side by side
 * with these, so every view here is narrowed by a search for this journey's own artists.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { buffer } from 'node:stream/consumers';
import { fromBufferPromise } from 'yauzl';
import { openAdminScreen } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEMO, expect, expectPageHeading, test } from './fixtures.ts';
import {
  counted,
  expectListed,
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
/** REVIEW_TEXT.deleteQuestion and .deleted. */
const DELETE_QUESTION =
  'Are you sure you want to delete this submission? This action cannot be undone.';
const DELETED = 'Submission deleted';

// Each journey registers through the API, then downloads or deletes, on two shared cores.
test.slow();

/**
 * A word only this journey's artists have. It starts with letters, so a search for it never
 * matches the digits of another entry's reference.
 */
const newTag = () => `zq${randomBytes(3).toString('hex')}`;

/** Types a search and waits until the address holds it (typing rests for a moment first). */
async function searchFor(page: Page, text: string): Promise<void> {
  await searchBox(page).fill(text);
  await expect(page).toHaveURL(
    (url) => url.pathname === SCREEN && url.searchParams.get('q') === text,
  );
}

/** Clicks a link that saves a file; the file as the browser saved it. */
async function downloadFrom(page: Page, link: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = await readFile(await download.path());
  return { name: download.suggestedFilename(), url: new URL(download.url()), bytes };
}

/** The bytes are a whole JPEG (its start and end markers) of this size. */
async function expectJpeg(bytes: Buffer, size: { width: number; height: number }, what: string) {
  expect(bytes.subarray(0, 3).toString('hex'), `${what} starts as a JPEG`).toBe('ffd8ff');
  expect(bytes.subarray(-2).toString('hex'), `${what} ends as a JPEG`).toBe('ffd9');
  const { format, width, height } = await sharp(bytes).metadata();
  expect({ format, width, height }, `${what} is the picture sent`).toEqual({
    format: 'jpeg',
    ...size,
  });
}

/**
 * RFC 4180 as the export writes it: fields split by commas, records ended by CRLF, a quoted field
 * with its quotes doubled. A bare line feed outside quotes is no record's end: it fails.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (c === '\n' || c === '\r') {
      throw new Error(`A line break that is not CRLF at character ${i}`);
    } else {
      field += c;
    }
  }
  if (field !== '' || record.length > 0) throw new Error('The last record does not end in CRLF');
  return records;
}

/** Today in the demo site's time zone, as the export's name gives it. */
const siteDay = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

test('Delete asks first: Cancel and Escape keep the entry, Delete removes it and every file of it; axe finds nothing in the question', async ({
  page,
  request,
  baseURL,
}) => {
  const tag = newTag();
  const entry = await register(request, C.monsoon, {
    fullName: `Rohan Mehta ${tag}`,
    email: `rohan-${tag}@example.com`,
  });

  await openAdminScreen(page, SCREEN, HEADING);
  await searchFor(page, entry.fullName);
  await expectListed(page, [entry]);
  await expect(counted(page, 'Pending Review')).toHaveText('1');
  const row = rowOf(page, entry);

  // Its files, as the row shows and offers them: each answers the signed-in admin now.
  const files = [
    await row
      .getByRole('img', { name: `Photo of ${entry.fullName}`, exact: true })
      .getAttribute('src'),
    await row.getByRole('link', { name: 'Download', exact: true }).getAttribute('href'),
    await row.getByRole('img', { name: 'Artwork Photo', exact: true }).getAttribute('src'),
    await row
      .getByRole('link', { name: 'Download Artwork Photo', exact: true })
      .getAttribute('href'),
  ].map((url) => url ?? '');
  expect(files[0]).toMatch(/^\/api\/admin\/files\//);
  for (const url of files) {
    // page.request carries the page's session: the admin's.
    expect((await page.request.get(url)).status(), `${url} before the deletion`).toBe(200);
  }

  const deletions: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'DELETE') deletions.push(sent.url());
  });
  const deleteButton = page.getByRole('button', { name: `Delete ${entry.reference}`, exact: true });
  const question = page.getByRole('dialog', { name: 'Delete submission', exact: true });

  // The site's own dialog asks, in words that say it cannot be undone; Cancel keeps the entry.
  await deleteButton.click();
  await expect(question).toBeVisible();
  await expect(question).toHaveAccessibleDescription(DELETE_QUESTION);
  await expect(question.getByText(DELETE_QUESTION, { exact: true })).toBeVisible();
  await expect(question.getByRole('button')).toHaveText(['Cancel', 'Delete']);
  await expectNoAxeViolations(page, `the question before deleting ${entry.reference}`);
  await question.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(question).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expectListed(page, [entry]);

  // Escape keeps it too.
  await deleteButton.click();
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(deleteButton).toBeFocused();
  expect(deletions, 'nothing was deleted before the admin confirmed').toEqual([]);
  await page.reload();
  await expectPageHeading(page, HEADING);
  await expect(searchBox(page)).toHaveValue(entry.fullName);
  await expectListed(page, [entry]);

  // Confirmed: the row goes, the search finds nothing, and the focus waits above the results.
  await deleteButton.click();
  await question.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(successToast(page, DELETED)).toBeVisible();
  await expect(question).toBeHidden();
  await expect(page.getByText(NOTHING_FOUND, { exact: true })).toBeVisible();
  await expect(table(page)).toHaveCount(0);
  await expect(counted(page, 'Pending Review')).toHaveText('0');
  await expect(page.getByRole('heading', { name: 'Results', exact: true })).toBeFocused();
  expect(deletions).toEqual([`${baseURL}/api/admin/submissions/${entry.id}`]);

  // The server agrees: gone after a reload, and every file of it answers 404.
  await page.reload();
  await expectPageHeading(page, HEADING);
  await expect(page.getByText(NOTHING_FOUND, { exact: true })).toBeVisible();
  for (const url of files) {
    expect((await page.request.get(url)).status(), `${url} after the deletion`).toBe(404);
  }
});

test("a row's photo and artwork download as the JPEGs sent, named after the entry and its artist in the artist's own script", async ({
  page,
  request,
}) => {
  const tag = newTag();
  const meera = await register(request, C.monsoon, {
    fullName: `मीरा अय्यर ${tag}`,
    email: `meera-${tag}@example.com`,
  });
  const zoe = await register(request, C.portraits, {
    fullName: `Zoë D'Souza-Rao ${tag}`,
    email: `zoe-${tag}@example.com`,
  });

  await openAdminScreen(page, SCREEN, HEADING);
  await searchFor(page, tag);
  await expectListed(page, [zoe, meera]);

  // download-name.ts: `<reference>_<artist>_<field>.<ext>`, the artist's name and the field's
  // lower-cased, with anything but letters, marks and digits (of any script) as one hyphen.
  const photo = await downloadFrom(
    page,
    rowOf(page, meera).getByRole('link', { name: 'Download', exact: true }),
  );
  expect(photo.name).toBe(`${meera.reference}_मीरा-अय्यर-${tag}_photo.jpg`);
  expect(photo.url.pathname).toBe(`/api/admin/submissions/${meera.id}/download/photo`);
  // registerThroughApi sends a 400 × 500 photo and 640 × 400 artworks.
  await expectJpeg(photo.bytes, { width: 400, height: 500 }, `${meera.fullName}'s photo`);

  const zoePhoto = await downloadFrom(
    page,
    rowOf(page, zoe).getByRole('link', { name: 'Download', exact: true }),
  );
  expect(zoePhoto.name).toBe(`${zoe.reference}_zoë-d-souza-rao-${tag}_photo.jpg`);
  await expectJpeg(zoePhoto.bytes, { width: 400, height: 500 }, `${zoe.fullName}'s photo`);

  const artwork = await downloadFrom(
    page,
    rowOf(page, zoe).getByRole('link', { name: 'Download Artwork Photo', exact: true }),
  );
  expect(artwork.name).toBe(`${zoe.reference}_zoë-d-souza-rao-${tag}_artwork-photo.jpg`);
  await expectJpeg(artwork.bytes, { width: 640, height: 400 }, `${zoe.fullName}'s artwork`);

  // Saving files leaves the screen as it was.
  await expect(page).toHaveURL((url) => url.pathname === SCREEN);
  await expectListed(page, [zoe, meera]);
});

test("Export CSV saves the searched view's rows only, with a byte-order mark, every script intact and a formula made harmless", async ({
  page,
  request,
}) => {
  const tag = newTag();
  const karthika = await register(request, C.monsoon, {
    fullName: `கார்த்திகா சுப்பிரமணியம் ${tag}`,
    email: `karthika-${tag}@example.com`,
  });
  // A spreadsheet would run this name as a formula, were it not neutralised.
  const formula = await register(request, C.portraits, {
    fullName: `=HYPERLINK("https://example.com/steal","Open") ${tag}`,
    email: `formula-${tag}@example.com`,
  });
  // A comma and quotes: the field is quoted, its quotes doubled.
  const arjun = await register(request, C.monsoon, {
    fullName: `Arjun "AJ" Nair, Jr ${tag}`,
    email: `arjun-${tag}@example.com`,
  });

  await openAdminScreen(page, SCREEN, HEADING);
  await searchFor(page, tag);
  await expectListed(page, [arjun, formula, karthika]);
  // The screen shows the name as it was typed.
  await expect(rowOf(page, formula)).toContainText(formula.fullName);

  const dayBefore = siteDay();
  const csv = await downloadFrom(page, page.getByRole('link', { name: 'Export CSV', exact: true }));
  const days = [dayBefore, siteDay()];
  expect(days.map((day) => `submissions-${day}.csv`)).toContain(csv.name);
  expect(csv.url.pathname).toBe('/api/admin/submissions/export.csv');
  expect([...csv.url.searchParams]).toEqual([['q', tag]]);

  // UTF-8 with a byte-order mark, so that spreadsheets read the Indian scripts.
  expect(csv.bytes.subarray(0, 3).toString('hex'), 'a UTF-8 byte-order mark').toBe('efbbbf');
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(csv.bytes);
  const [columns = [], ...records] = parseCsv(text.slice(1));
  expect(columns).toEqual([
    'Reference',
    // The site's time zone, which the dates are written in.
    'Submitted (Asia/Kolkata)',
    'Full name',
    'Age',
    'Age category',
    'Gender',
    'Email',
    'Phone',
    'Address',
    'Pincode',
    'Competition',
    'Category',
    'Subcategory',
    'Status',
    'Payment',
    'Entry fee (INR)',
    // What the fee was before a code's discount, the discount and what was charged.
    'Gross (INR)',
    'Discount (INR)',
    'Net (INR)',
    // A row a work: its number, then the demo categories' fields, each a column.
    'Work',
    'Artwork Title',
    'Artwork Photo',
    'Medium',
    'Size',
    'Description',
    'YouTube Video Link',
    'Additional Link',
  ]);
  // This journey's entries and no other, in the screen's order (newest first).
  expect(records.map((record) => record[0])).toEqual(
    [arjun, formula, karthika].map((entry) => entry.reference),
  );
  const byReference = new Map(
    records.map((record) => [
      record[0] as string,
      Object.fromEntries(columns.map((column, i) => [column, record[i]])),
    ]),
  );

  const tamil = byReference.get(karthika.reference);
  expect(tamil).toMatchObject({
    'Full name': karthika.fullName,
    Age: '36',
    'Age category': 'Adult',
    Gender: 'Female',
    Email: karthika.email,
    Address: '21 Ghole Road, Pune',
    Pincode: '411005',
    Competition: C.monsoon,
    Category: DEMO.categories.painting.name,
    Subcategory: DEMO.categories.painting.subcategories[0],
    Status: 'Pending Review',
    Payment: 'Free Entry',
    'Entry fee (INR)': '0',
    'Artwork Title': `Artwork Title of ${karthika.fullName}`,
    'YouTube Video Link': '',
    'Additional Link': '',
  });
  // Local time a spreadsheet reads as a date, e.g. 2026-12-20 23:59.
  expect(tamil?.['Submitted (Asia/Kolkata)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  // An image is its download's address, which the signed-in admin can open.
  const artworkAddress = new URL(tamil?.['Artwork Photo'] ?? '');
  expect(artworkAddress.pathname).toBe(`/api/admin/submissions/${karthika.id}/download/artworkUrl`);
  const artwork = await page.request.get(artworkAddress.pathname);
  expect(artwork.status()).toBe(200);
  expect(artwork.headers()['content-type']).toBe('image/jpeg');

  // A cell a spreadsheet would run as a formula starts with an apostrophe instead.
  expect(byReference.get(formula.reference)).toMatchObject({
    'Full name': `'${formula.fullName}`,
    Competition: C.portraits,
    Payment: 'Payment Pending',
    'Entry fee (INR)': '499',
    'Gross (INR)': '499',
    'Discount (INR)': '0',
    'Net (INR)': '499',
    Work: '1',
  });
  expect(byReference.get(arjun.reference)?.['Full name']).toBe(arjun.fullName);
  // So does every other one, the phone numbers with their '+' among them.
  expect(tamil?.Phone).toBe("'+91 98765 43210");
  for (const record of records) {
    for (const [i, cell] of record.entries()) {
      expect(cell, `${record[0]}'s ${columns[i]}`).not.toMatch(/^[=+\-@\t\r]/);
    }
  }
});

/** The names in a ZIP archive and the bytes of each, read with yauzl (as the server's tests do). */
async function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    entries.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  }
  return entries;
}

test("a competition's artworks download as one ZIP, named per entry, with only the approved ones when asked", async ({
  page,
  request,
}) => {
  // The save dialog would wait for a person: the page saves through a link instead, as in Firefox.
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  const tag = newTag();
  const chosen = await register(request, C.portraits, {
    fullName: `Nila Varghese ${tag}`,
    email: `nila-${tag}@example.com`,
  });
  const waiting = await register(request, C.portraits, {
    fullName: `Omar Qureshi ${tag}`,
    email: `omar-${tag}@example.com`,
  });

  await openAdminScreen(page, SCREEN, HEADING);
  const download = page.getByRole('button', { name: 'Download artworks (ZIP)' });
  // Every competition at once would be too much to ask: one is chosen first.
  await expect(page.getByText('Choose a competition to download its artworks.')).toBeVisible();
  await searchFor(page, tag);
  await expectListed(page, [waiting, chosen]);
  await rowOf(page, chosen)
    .getByRole('button', { name: `Approve ${chosen.reference}`, exact: true })
    .click();
  await expect(successToast(page, 'Submission approved')).toBeVisible();
  await page
    .getByRole('search', { name: 'Filter submissions' })
    .getByRole('combobox', { name: 'Competition', exact: true })
    .selectOption({ label: C.portraits });
  await expect(download).toBeEnabled();

  const artworkOf = (entry: Registered, slug: string) =>
    `${entry.reference}_${slug}-${tag}_artwork-photo.jpg`;
  const all = await downloadFrom(page, download);
  expect(all.name).toMatch(/_artworks\.zip$/);
  await expect(page.getByRole('status').getByText(`Saved ${all.name}.`)).toBeVisible();
  const everything = await zipEntries(all.bytes);
  for (const [entry, slug] of [
    [chosen, 'nila-varghese'],
    [waiting, 'omar-qureshi'],
  ] as const) {
    const bytes = everything.get(artworkOf(entry, slug));
    expect(
      bytes,
      `${artworkOf(entry, slug)} in ${[...everything.keys()].join(', ')}`,
    ).toBeDefined();
    await expectJpeg(bytes as Buffer, { width: 640, height: 400 }, artworkOf(entry, slug));
  }

  await page.getByRole('checkbox', { name: 'Approved entries only' }).check();
  const approved = await downloadFrom(page, download);
  expect(approved.name).toMatch(/_approved-artworks\.zip$/);
  const approvedOnly = await zipEntries(approved.bytes);
  expect(approvedOnly.has(artworkOf(chosen, 'nila-varghese'))).toBe(true);
  expect(approvedOnly.has(artworkOf(waiting, 'omar-qureshi'))).toBe(false);
  await expectNoAxeViolations(page, `${SCREEN} after downloading a competition's artworks`);
});

test("the ZIP arrives as an ordinary download when the browser's save dialog closes at once, and no error shows", async ({
  page,
  request,
}) => {
  // Headless Chromium has showSaveFilePicker but closes its dialog at once, as an abort: the
  // browser's own picker is left in place here, so this is what an admin in such a browser gets.
  const tag = newTag();
  const entry = await register(request, C.portraits, {
    fullName: `Pia Fernandes ${tag}`,
    email: `pia-${tag}@example.com`,
  });
  await openAdminScreen(page, SCREEN, HEADING);
  await searchFor(page, tag);
  await expectListed(page, [entry]);
  await page
    .getByRole('search', { name: 'Filter submissions' })
    .getByRole('combobox', { name: 'Competition', exact: true })
    .selectOption({ label: C.portraits });
  const download = page.getByRole('button', { name: 'Download artworks (ZIP)' });
  await expect(download).toBeEnabled();

  const zip = await downloadFrom(page, download);
  expect(zip.name).toMatch(/_artworks\.zip$/);
  await expect(page.getByRole('status').getByText(`Saved ${zip.name}.`)).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Artworks archive' }).getByRole('alert'),
  ).toHaveCount(0);
  const artwork = `${entry.reference}_pia-fernandes-${tag}_artwork-photo.jpg`;
  expect([...(await zipEntries(zip.bytes)).keys()]).toContain(artwork);
});
