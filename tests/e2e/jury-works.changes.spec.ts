/*
 * Several works per entry, from the admin's review to the certificate: a competition takes up to
 * three works; an entry of three (sent through the API as the form sends it) is approved. The
 * admin sees its three works on the entry's page; a juror scores each work separately under its
 * own alias on the jury's screens; the admin takes the awards proposed from the closed round,
 * moves the award to the SECOND work with the work chooser, and publishes; the certificate
 * (its PDF read by pdftotext) names the second work alone. axe is clean on each screen changed.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { generatedImage, openAdminScreen, OURS, SIGNED_OUT_CHECK } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEMO, expect, expectPageHeading, getCategories, test } from './fixtures.ts';
import * as jury from './jury-fixtures.ts';
import { nextClientAddress } from './registration-fixtures.ts';

async function json<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** An entry of three works, its parts named `works.<n>.<field>` as the form sends them. */
async function entryOfThreeWorks(
  request: APIRequestContext,
  competitionId: string,
  tag: string,
  titles: string[],
) {
  const form = await json<{ formFields: { id: string; type: string; label: string }[] }>(
    await request.get(`/api/competitions/${competitionId}/registration-form`),
  );
  const files: Record<string, Awaited<ReturnType<typeof generatedImage>>> = {
    photo: await generatedImage({ name: 'me.jpg', background: '#1d4ed8', width: 400, height: 500 }),
  };
  const colours = ['#be123c', '#0f766e', '#a16207'];
  const works = [];
  for (const [n, title] of titles.entries()) {
    const fieldValues: Record<string, string> = {};
    for (const field of form.formFields) {
      if (field.type === 'image') {
        files[`works.${n}.${field.id}`] = await generatedImage({
          name: `${field.id}-${n}.jpg`,
          background: colours[n]!,
        });
      } else if (field.type === 'text') {
        fieldValues[field.id] = field.id === 'artworkTitle' ? title : `${field.label} ${n + 1}`;
      }
    }
    works.push({ fieldValues });
  }
  const data = {
    competitionId,
    fullName: `Artist ${tag}`,
    age: 36,
    gender: 'female',
    email: `artist-${tag}@example.com`,
    phone: '+91 98765 43210',
    address: '21 Ghole Road, Pune',
    pincode: '411005',
    fieldValues: {},
    works,
    consent: true,
    publicationConsent: 'name',
  };
  const headers = {
    ...OURS,
    'idempotency-key': randomUUID(),
    'x-forwarded-for': nextClientAddress(),
  };
  const response = await request.post('/api/submissions', {
    headers,
    multipart: { data: JSON.stringify(data), ...files },
  });
  return json<{ id: string; reference: string }>(response, 201);
}

// Two roles, three screens checked by axe in both modes: longer than a journey's usual minute.
test.slow();

test('an entry of three works: reviewed, scored work by work, the second awarded and certified', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const tag = jury.newTag();
  const title = `Works Journey ${tag}`;
  const titles = [`Tide ${tag}`, `Harbour ${tag}`, `Lantern ${tag}`];
  const admin = await jury.adminApi(baseURL!);
  const categories = await getCategories(request);
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const created = await admin.post('/api/admin/competitions', {
    data: {
      title,
      description: 'Up to three works an entry.',
      categoryId: categories.find((c) => c.name === DEMO.categories.painting.name)?.id,
      startDate: day(-1),
      endDate: day(365),
      entryType: 'free',
      minWorks: 1,
      maxWorks: 3,
    },
  });
  const competitionId = (await json<{ id: string }>(created, 201)).id;
  const competition = `/api/admin/competitions/${competitionId}`;
  const entry = await entryOfThreeWorks(request, competitionId, tag, titles);
  await json(
    await admin.put(`/api/admin/submissions/${entry.id}/status`, { data: { status: 'approved' } }),
  );

  // The admin reviews the entry: its three works, each with its picture and original.
  await openAdminScreen(page, `/admin/submissions/${entry.id}`, `Entry ${entry.reference}`);
  const works = page.getByRole('region', { name: 'Works (3)' });
  await expect(works.getByRole('heading', { level: 3 })).toHaveText(['Work 1', 'Work 2', 'Work 3']);
  for (const [n, work] of titles.entries()) {
    const panel = works.getByRole('article', { name: `Work ${n + 1}` });
    await expect(panel).toContainText(work);
    await expect(panel.getByRole('link', { name: /^Download Work \d/ })).toHaveAttribute(
      'href',
      new RegExp(`/download/artworkUrl${n === 0 ? '' : `-${n + 1}`}$`),
    );
  }
  await expect(works.getByRole('img')).toHaveCount(3);
  await expectNoAxeViolations(page, "the admin's entry page of three works");

  // One juror judges every work; the round opens with three works of one entry.
  const juror = await json<jury.Juror>(
    await admin.post('/api/admin/jurors', { data: jury.jurorNamed(tag, 'W') }),
    201,
  );
  const setup = {
    criteria: jury.CRITERIA,
    panel: [juror.id],
    jurorsPerEntry: 1,
    publishJury: false,
  };
  await json(await admin.put(`${competition}/judging`, { data: setup }));
  const round = await json<{ id: string }>(
    await admin.post(`${competition}/rounds`, { data: {} }),
    201,
  );
  await json(await admin.post(`${competition}/rounds/${round.id}/open`));

  const text = await jury.readInvitation(page, juror.email);
  const own = await jury.jurorBrowser(browser, baseURL!, { expected: [SIGNED_OUT_CHECK] });
  const jurorPage = own.page;
  await jurorPage.goto(`/jury/invitation#${jury.tokenOfLink(text)}`);
  const password = jury.newPassword();
  await jurorPage.getByLabel('Password', { exact: true }).fill(password);
  await jurorPage.getByLabel('Confirm password').fill(password);
  await jurorPage.getByRole('button', { name: 'Set password' }).click();
  await expectPageHeading(jurorPage, 'Your rounds');
  const card = jurorPage.getByRole('region', { name: `${title}: round 1` });
  await expect(card.getByText('0 of 3 scored')).toBeVisible();
  await card.getByRole('link', { name: 'Start' }).click();
  // Tide best, then Harbour, then Lantern: each work scored on its own, under its own alias.
  const scoreOf = new Map(
    titles.map((t, i) => [
      t,
      [
        ['9', '5'],
        ['6', '3'],
        ['2', '1'],
      ][i]!,
    ]),
  );
  const aliases = new Set<string>();
  for (let n = 1; n <= 3; n++) {
    await expect(jurorPage.getByText(/^Work \d of 3$/)).toHaveText(`Work ${n} of 3`);
    const alias = (await jurorPage.getByRole('heading', { level: 1 }).textContent())!.slice(5);
    aliases.add(alias);
    // The work's own title is on its screen, and no other work's.
    const main = jurorPage.getByRole('main');
    await expect(main.getByText(new RegExp(`^(${titles.join('|')})$`))).toHaveCount(1);
    const which = (await main.getByText(new RegExp(`^(${titles.join('|')})$`)).textContent())!;
    if (n === 1) await expectNoAxeViolations(jurorPage, "a juror's work of an entry of three");
    for (const [i, { name }] of jury.CRITERIA.entries()) {
      const scale = jurorPage.getByRole('group', { name, exact: true });
      // A number key gives that score, as the juror's keyboard does.
      await scale.getByRole('radio').first().focus();
      const key = scoreOf.get(which)![i]!;
      await jurorPage.keyboard.press(key);
      await expect(scale.getByRole('radio', { name: key, exact: true })).toBeChecked();
    }
    await jurorPage.getByRole('button', { name: 'Save and next' }).click();
    if (n < 3) {
      await expect(jurorPage.getByRole('status').filter({ hasText: 'saved' })).toHaveText(
        `Scores for work ${alias} saved.`,
      );
    }
  }
  await expectPageHeading(jurorPage, 'Your rounds');
  await expect(card.getByText('3 of 3 scored')).toBeVisible();
  expect(aliases.size).toBe(3);
  expect(own.unexpectedErrors()).toEqual([]);
  await own.context.close();

  // The admin closes the round and the entries, and takes the proposal: the three works.
  await json(await admin.post(`${competition}/rounds/${round.id}/close`));
  await json(await admin.post(`${competition}/close-entries`));
  await openAdminScreen(page, `/admin/judging/${competitionId}`, `Judging: ${title}`);
  await page.getByRole('button', { name: 'Propose from the last closed round' }).click();
  await expect(jury.toast(page, 'Awards proposed from round 1. Save to keep them.')).toBeVisible();
  const awards = page.getByRole('table', { name: 'Awards, in the order they are shown' });
  await expect(awards.getByRole('rowheader')).toHaveCount(3);
  // One award only: the Second and Third rows go; First moves from Tide to Harbour.
  await awards
    .getByRole('button', { name: `Remove ${entry.reference}` })
    .last()
    .click();
  await awards
    .getByRole('button', { name: `Remove ${entry.reference}` })
    .last()
    .click();
  await expect(awards.getByRole('rowheader')).toHaveCount(1);
  const chooser = awards.getByRole('group', {
    name: `Work of ${entry.reference} that gets the award`,
  });
  const first = chooser.getByRole('radio', { name: new RegExp(`^Work 1 · .+ ${titles[0]}$`) });
  await expect(first).toBeChecked();
  // The thumbnails are decoration beside each work's words (alt "").
  await expect(chooser.locator('img')).toHaveCount(3);
  await expectNoAxeViolations(page, 'the awards with a work chooser');
  await first.focus();
  await page.keyboard.press('ArrowDown');
  const second = chooser.getByRole('radio', { name: new RegExp(`^Work 2 · .+ ${titles[1]}$`) });
  await expect(second).toBeChecked();
  await expect(second).toBeFocused();
  await page.getByRole('button', { name: 'Save awards' }).click();
  await expect(jury.toast(page, 'Awards saved.')).toBeVisible();
  await expect(second).toBeChecked();
  const saved = await json<{ workId: string; artworkTitle: string }[]>(
    await admin.get(`${competition}/awards`),
  );
  expect(saved.map((a) => a.artworkTitle)).toEqual([titles[1]]);

  await page.getByRole('button', { name: 'Publish results…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish the results' });
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Results published: 1 e-mail queued.')).toBeVisible();

  // The certificate from the artist's results e-mail names the second work, and no other.
  type Outbox = { messages: { id: string; kind: string; to: string }[] };
  const list = await json<Outbox>(await admin.get('/api/admin/outbox?page=1'));
  const message = list.messages.find(
    (m) => m.kind === 'results-winner' && m.to === `artist-${tag}@example.com`,
  );
  expect(message).toBeDefined();
  const mail = await json<{ text: string }>(await admin.get(`/api/admin/outbox/${message!.id}`));
  const code = /\/certificates\/([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeDefined();
  const pdf = await request.get(`/api/certificates/${code}/pdf`);
  expect(pdf.status()).toBe(200);
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'jury-works-')), 'certificate.pdf');
  await writeFile(file, await pdf.body());
  const words = execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  });
  expect(words).toContain(titles[1]);
  expect(words).not.toContain(titles[0]);
  expect(words).not.toContain(titles[2]);
  await admin.dispose();
});
