/*
 * The site behind a real load balancer. `npm run test:cluster` starts nginx over HTTPS
 * (deploy/nginx.conf) in front of two app servers, round robin, on one PostgreSQL and one S3
 * server (scripts/lib/cluster.ts). An admin signs in and changes the site's title, an artist
 * registers and pays, and each step is then asked of the cluster until both app servers have
 * answered it: the session, the title, the paid entry and its photo are the same on either.
 * nginx's access log names the server of every request ($upstream_addr); each probe carries a
 * marker of its own in its address, so its line is found there.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIResponse, Page } from '@playwright/test';
import { SIGNED_OUT_CHECK, submitSignIn } from '../e2e/admin-fixtures.ts';
import { appStarted, DEMO, expect, expectPageHeading, test } from '../e2e/fixtures.ts';
import {
  ARTIST,
  fillValidForm,
  openRegistration,
  receiptValue,
  submitButton,
} from '../e2e/registration-fixtures.ts';

const { CLUSTER_ACCESS_LOG, CLUSTER_SERVERS, CLUSTER_ADMIN_PASSWORD, CLUSTER_HTTP_URL } =
  process.env;
if (!CLUSTER_ACCESS_LOG || !CLUSTER_SERVERS || !CLUSTER_ADMIN_PASSWORD || !CLUSTER_HTTP_URL) {
  throw new Error('Run the cluster journey with `npm run test:cluster` (scripts/cluster.ts)');
}
const SERVERS = CLUSTER_SERVERS.split(',').sort();
const ADMIN = { username: 'admin', password: CLUSTER_ADMIN_PASSWORD };

interface LoggedRequest {
  request: string;
  status: number;
  /** The app server that answered: the last one nginx tried. */
  server: string;
}

/** nginx's access log (deploy/nginx.conf's `white_stroke` format), proxied requests only. */
function loggedRequests(): LoggedRequest[] {
  const pattern = /"([^"]*)" (\d{3}) .* upstream=(.*?) upstream_status=/;
  return readFileSync(CLUSTER_ACCESS_LOG as string, 'utf8')
    .split('\n')
    .map((line) => pattern.exec(line))
    .filter((match) => match !== null && match[3] !== '-')
    .map((match) => {
      const [, request, status, servers] = match as unknown as [string, string, string, string];
      return { request, status: Number(status), server: servers.split(', ').at(-1) as string };
    });
}

/**
 * Asks GET `path` again and again until both app servers have given an answer `accepted` takes,
 * and fails when that does not come within the poll's time. An answer not taken (another server
 * that has not heard of a change yet) is asked again.
 */
async function answeredByBoth(
  page: Page,
  path: string,
  what: string,
  accepted: (response: APIResponse) => Promise<boolean>,
): Promise<void> {
  const markers: string[] = [];
  const servedBy = new Set<string>();
  await expect
    .poll(
      async () => {
        const marker = randomUUID();
        const response = await page.request.get(
          `${path}${path.includes('?') ? '&' : '?'}cluster-probe=${marker}`,
        );
        if (await accepted(response)) markers.push(marker);
        // nginx writes a request's line once the answer is sent: it may come a moment later.
        for (const logged of loggedRequests()) {
          if (markers.some((m) => logged.request.includes(m))) servedBy.add(logged.server);
        }
        return [...servedBy].sort();
      },
      { message: `${what}, from both app servers`, timeout: 30_000, intervals: [100] },
    )
    .toEqual(SERVERS);
}

test('through nginx over HTTPS: sign in, change the title, register and pay, on both servers', async ({
  page,
  context,
  request,
  baseURL,
  expectConsoleError,
}) => {
  const before = loggedRequests().length;
  const suffix = randomBytes(3).toString('hex');

  // Plain HTTP only sends the visitor to the same page over HTTPS.
  const plain = await request.get(`${CLUSTER_HTTP_URL}/about?from=plain`, { maxRedirects: 0 });
  expect(plain.status()).toBe(301);
  expect(plain.headers().location).toBe(`${baseURL}/about?from=plain`);

  // The admin signs in through the proxy: the session cookie is the HTTPS one.
  expectConsoleError(SIGNED_OUT_CHECK);
  await page.goto('/admin');
  await expectPageHeading(page, 'Admin Login');
  await appStarted(page);
  await submitSignIn(page, ADMIN);
  await expect(page).toHaveURL('/admin/dashboard');
  await expectPageHeading(page, 'Dashboard');
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === '__Host-ws_session');
  expect(session, JSON.stringify(cookies)).toMatchObject({
    secure: true,
    httpOnly: true,
    path: '/',
    sameSite: 'Lax',
  });
  for (const cookie of cookies) {
    expect(cookie.name).toMatch(/^__Host-/);
    expect(cookie.secure).toBe(true);
  }
  await answeredByBoth(page, '/api/auth/session', 'the session', async (response) => {
    return response.status() === 200;
  });

  // A setting saved on one server is what every server draws.
  const title = `Riverside Art Club ${suffix}`;
  await page.goto('/admin/site-settings');
  await expectPageHeading(page, 'Site Settings');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Site settings updated successfully')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveTitle(title);
  await expect(page.getByRole('banner').getByRole('link', { name: title })).toBeVisible();
  await answeredByBoth(page, '/', 'the home page with the new title', async (response) => {
    return response.status() === 200 && (await response.text()).includes(`<title>${title}</title>`);
  });

  // An artist registers for a paid competition with two pictures and pays.
  await openRegistration(page, request, DEMO.competitions.portraits);
  await fillValidForm(page, { ...ARTIST, email: `cluster.${suffix}@example.com` });
  await submitButton(page).click();
  const checkout = page.getByRole('dialog', { name: 'Test payment' });
  await checkout.getByRole('button', { name: 'Pay ₹499' }).click();
  await expect(page).toHaveURL('/registration-success');
  await expectPageHeading(page, 'Registration Successful!');
  await expect(receiptValue(page, 'Payment')).toHaveText('Paid: ₹499');
  const reference = (await receiptValue(page, 'Your reference').textContent()) ?? '';
  expect(reference).toMatch(/^WS-\d{4}-\d{6}$/);

  // Both servers list the entry as paid, and read its photo from the shared storage.
  let photoUrl = '';
  await answeredByBoth(
    page,
    `/api/admin/submissions?q=${reference}`,
    'the paid entry',
    async (response) => {
      if (response.status() !== 200) return false;
      const { items } = (await response.json()) as {
        items: { reference: string; paymentState: string; photoUrl: string }[];
      };
      const entry = items.find((item) => item.reference === reference);
      if (entry?.paymentState !== 'received') return false;
      photoUrl = entry.photoUrl;
      return true;
    },
  );
  await answeredByBoth(page, photoUrl, "the artist's photo", async (response) => {
    return response.status() === 200 && /^image\//.test(response.headers()['content-type'] ?? '');
  });

  // Every request of the journey went through nginx to one of the two servers, and both served
  // a share of them, the page loads and the writes alike.
  const journey = loggedRequests().slice(before);
  const writes = journey.filter((logged) =>
    /^(POST|PUT) \/api\/(auth\/login|admin\/site-settings|submissions|payments\/)/.test(
      logged.request,
    ),
  );
  for (const logged of writes) {
    test.info().annotations.push({
      type: 'served by',
      description: `${logged.request.split(' ').slice(0, 2).join(' ')} → ${logged.server}`,
    });
  }
  expect(writes.map((logged) => logged.status).every((status) => status < 400)).toBe(true);
  const shares = SERVERS.map((server) => journey.filter((l) => l.server === server).length);
  test.info().annotations.push({
    type: 'requests per server',
    description: SERVERS.map((server, i) => `${server}: ${shares[i]}`).join(', '),
  });
  for (const share of shares) expect(share).toBeGreaterThan(journey.length / 4);
});
