/*
 * An artist downloads their data on a phone: two entries made through the API to two demo
 * competitions, a sign-in with the code from the Outbox, then "Download my data" on My entries;
 * the ZIP's data.json lists both entries.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { fromBufferPromise } from 'yauzl';
import { apiSignedInAs, FIRST_ADMIN } from './admin-fixtures.ts';
import { DEMO, expect, expectPageHeading, test } from './fixtures.ts';
import { registerThroughApi } from './registration-fixtures.ts';
import { codeInMail } from '../setup/mailed-code.ts';

test.use({ viewport: { width: 390, height: 844 } });

interface OutboxItem {
  id: string;
  to: string;
}

test('an artist downloads their data and finds every entry in it', async ({
  page,
  baseURL,
  expectConsoleError,
}) => {
  // The page asks who is signed in before the artist has.
  expectConsoleError({ text: /status of 401/, url: /\/api\/me$/ });
  const email = `data-${randomBytes(4).toString('hex')}@artist.example`;
  const artist = { fullName: 'Data Journey Artist', email };
  const made = [
    await registerThroughApi(page.request, DEMO.competitions.monsoon, artist),
    await registerThroughApi(page.request, DEMO.competitions.portraits, artist),
  ];

  await page.goto('/me');
  await expectPageHeading(page, 'My entries');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in e-mail' }).click();
  const admin = await apiSignedInAs(baseURL ?? '', FIRST_ADMIN);
  let code = '';
  await expect(async () => {
    const list = (await (await admin.get('/api/admin/outbox')).json()) as {
      messages: OutboxItem[];
    };
    const mail = list.messages.find((item) => item.to === email);
    expect(mail, 'no sign-in e-mail yet').toBeDefined();
    const detail = (await (await admin.get(`/api/admin/outbox/${mail?.id}`)).json()) as {
      text: string;
    };
    code = codeInMail(detail.text, 6) ?? '';
    expect(code).not.toBe('');
  }).toPass({ timeout: 20_000 });
  await admin.dispose();
  await page.getByLabel(/^6-digit code/).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  const yourData = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await yourData.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('my-data.zip');
  const zip = await fromBufferPromise(await readFile((await download.path()) ?? ''), {
    lazyEntries: true,
  });
  let json = '';
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName === 'data.json') {
      json = (await buffer(await zip.openReadStreamPromise(entry))).toString('utf8');
    }
  }
  const data = JSON.parse(json) as { email: string; entries: { reference: string }[] };
  expect(data.email).toBe(email);
  expect(data.entries.map((entry) => entry.reference).sort()).toEqual(
    made.map((receipt) => receipt.reference).sort(),
  );
});
