import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DECISION_EMAIL_DELAY_MS,
  NOTHING_TO_UNDO,
  type ReviewCounts,
  type ReviewItem,
  type ReviewPage,
} from '../../../../shared/schemas/review.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import AdminEntry from '../admin-entry.tsx';
import {
  type Answer,
  envelope,
  SIGNED_IN,
  stubApi,
  userOnFakeClock,
} from '../common/test-helpers.tsx';
import { adminCompetitionOf } from '../competitions/competition-fixture.ts';
import { reviewItemOf } from './review-item-fixture.ts';
import { REVIEW_TEXT } from './review-view.ts';

/*
 * The page lives in a BrowserRouter here, as in the app (main.tsx): its search is written with
 * useUpdateSearchParams, which reads the address bar, and the back button is a real popstate.
 */

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const LIST = '/api/admin/submissions';
const COMPETITION_A = '3b1f7c2e-8d4a-4e6b-9c0d-1a2b3c4d5e6f';
const COMPETITION_B = '7e6d5c4b-3a29-4180-8f7e-6d5c4b3a2910';
const idOf = (n: number) => `0c0ffee0-0000-4000-8000-00000000000${n}`;
const referenceOf = (n: number) => `WS-2026-00000${n}`;

function itemOf(n: number, overrides: Partial<ReviewItem> = {}): ReviewItem {
  return reviewItemOf({
    id: idOf(n),
    reference: referenceOf(n),
    fullName: `Artist ${n}`,
    email: `artist${n}@example.com`,
    phone: `98300 0000${n}`,
    competition: { id: COMPETITION_A, title: 'Monsoon Colours' },
    photoUrl: `/api/admin/uploads/photo-${n}.webp`,
    fields: [],
    ...overrides,
  });
}

const COUNTS: ReviewCounts = {
  status: { pending: 1234, approved: 56, rejected: 7, withdrawn: 0 },
  payment: { free: 3, paid: 123456, pending: 0, refunded: 2 },
};

const pageOf = (items: ReviewItem[], overrides: Partial<ReviewPage> = {}): Answer => ({
  status: 200,
  body: { items, nextCursor: null, ...overrides } satisfies ReviewPage,
});

const COMPETITIONS: Answer = {
  status: 200,
  body: [
    adminCompetitionOf({ id: COMPETITION_A, title: 'Monsoon Colours' }),
    adminCompetitionOf({ id: COMPETITION_B, title: 'Winter Sketches' }),
  ],
};

/**
 * The server's review: `list` answers the list (by default the items as they now stand), and the
 * decisions change the items as the real ones do. The calls are returned.
 */
function stubReview({
  items = [itemOf(1)],
  list,
  counts,
  routes = {},
}: {
  items?: ReviewItem[];
  list?: (url: URL) => Answer | Promise<Answer>;
  counts?: (url: URL) => Answer | Promise<Answer>;
  routes?: Parameters<typeof stubApi>[0];
} = {}) {
  let stored = [...items];
  // As the server keeps it on a waiting e-mail: each entry's status before its waiting decisions.
  const before = new Map<string, ReviewItem['status']>();
  const decide = (ids: string[], status: 'approved' | 'rejected') => {
    const changed = stored
      .filter((i) => ids.includes(i.id) && i.status !== status)
      .map((i) => i.id);
    const waiting: string[] = [];
    for (const item of stored.filter((i) => changed.includes(i.id))) {
      const was = before.get(item.id) ?? item.status;
      if (was === status) before.delete(item.id);
      else {
        before.set(item.id, was);
        waiting.push(item.id);
      }
    }
    stored = stored.map((i) => (ids.includes(i.id) ? { ...i, status } : i));
    const unchanged = ids.filter((id) => !changed.includes(id));
    return { status: 200, body: { changed, unchanged, waiting } };
  };
  const undo = (ids: string[]) => {
    const undone = ids.filter((id) => before.has(id));
    if (undone.length === 0) return envelope(409, 'NOTHING_TO_UNDO', NOTHING_TO_UNDO);
    stored = stored.map((i) => (undone.includes(i.id) ? { ...i, status: before.get(i.id)! } : i));
    for (const id of undone) before.delete(id);
    return { status: 200, body: { undone, notUndone: ids.filter((id) => !undone.includes(id)) } };
  };
  return stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/competitions': COMPETITIONS,
    [`GET ${LIST}`]: (_body, url) => (list ? list(url) : pageOf(stored)),
    [`GET ${LIST}/counts`]: (_body, url) => (counts ? counts(url) : { status: 200, body: COUNTS }),
    ...Object.fromEntries(
      items.map((item) => [
        `PUT ${LIST}/${item.id}/status`,
        (body: unknown) => decide([item.id], (body as { status: 'approved' | 'rejected' }).status),
      ]),
    ),
    [`POST ${LIST}/status`]: (body) => {
      const { ids, status } = body as { ids: string[]; status: 'approved' | 'rejected' };
      return decide(ids, status);
    },
    ...Object.fromEntries(
      items.map((item) => [`POST ${LIST}/${item.id}/status/undo`, () => undo([item.id])]),
    ),
    [`POST ${LIST}/status/undo`]: (body) => undo((body as { ids: string[] }).ids),
    ...routes,
  });
}

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** The admin area at `address`, mounted as the app mounts it; a new history entry. */
function renderReview(address: string) {
  window.history.pushState(null, '', address);
  return render(
    <BrowserRouter>
      <ToastProvider>
        <Routes>
          <Route path="/admin/*" element={<AdminEntry />} />
        </Routes>
        <CurrentLocation />
      </ToastProvider>
    </BrowserRouter>,
  );
}

const location = () => screen.getByTestId('location').textContent;
/** The list requests made, as 'path?query'. */
const listCalls = (calls: string[]) =>
  calls
    .filter((c) => c.startsWith(`GET ${LIST}`) && !c.startsWith(`GET ${LIST}/counts`))
    .map((c) => c.slice(4));
/** The counts requests made, as 'path?query'. */
const countsCalls = (calls: string[]) =>
  calls.filter((c) => c.startsWith(`GET ${LIST}/counts`)).map((c) => c.slice(4));
const table = () => screen.getByRole('table', { name: 'Competition submissions' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = (n: number) =>
  screen.getByRole('checkbox', { name: new RegExp(referenceOf(n)) }).closest('tr')!;
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell');
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const searchField = () => screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
const countsShown = () =>
  Object.fromEntries(
    [...document.querySelectorAll('dl[aria-label="Counts for these filters"] dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]),
  );

async function loaded() {
  await screen.findByRole('table', { name: 'Competition submissions' });
}

/** A fake answer that waits until `answer` is called. */
function deferred() {
  let answer: (a: Answer) => void = () => {};
  const promise = new Promise<Answer>((resolve) => (answer = resolve));
  return { promise, answer: (a: Answer) => act(async () => answer(a)) };
}

describe('the submissions review: the address', () => {
  it('asks the server for only the filters the address holds, and shows them chosen', async () => {
    const calls = stubReview();
    renderReview(
      `/admin/submissions?q=rain&status=approved&payment=paid&competition=${COMPETITION_B}&sort=oldest&cursor=abc&page=7&utm_source=mail`,
    );
    await loaded();
    expect(listCalls(calls)).toEqual([
      `${LIST}?q=rain&status=approved&payment=paid&competition=${COMPETITION_B}&sort=oldest&cursor=abc`,
    ]);
    expect(searchField().value).toBe('rain');
    expect(searchField().placeholder).toBe('Search by name or email...');
    expect(select('Status').value).toBe('approved');
    expect(select('Payment').value).toBe('paid');
    expect(select('Order').value).toBe('oldest');
    await waitFor(() => expect(select('Competition').value).toBe(COMPETITION_B));
    expect([...select('Competition').options].map((o) => o.textContent)).toEqual([
      'All competitions',
      'Monsoon Colours',
      'Winter Sketches',
    ]);
  });

  it('asks for the whole list when the address holds no filters', async () => {
    const calls = stubReview();
    renderReview('/admin/submissions');
    await loaded();
    expect(listCalls(calls)).toEqual([LIST]);
    expect(calls).toContain('GET /api/admin/competitions');
    expect(searchField().value).toBe('');
    expect(select('Status').value).toBe('');
  });

  it('puts each chosen filter in the address as a new history entry, from the first page, and asks for it', async () => {
    const calls = stubReview();
    renderReview('/admin/submissions?q=rain&cursor=abc');
    await loaded();
    await waitFor(() => expect(select('Competition').options).toHaveLength(3));
    const user = userEvent.setup();
    const entries = window.history.length;

    await user.selectOptions(select('Status'), 'Approved');
    expect(location()).toBe('/admin/submissions?q=rain&status=approved');
    expect(window.history.length).toBe(entries + 1);
    await user.selectOptions(select('Payment'), 'Paid');
    expect(location()).toBe('/admin/submissions?q=rain&status=approved&payment=paid');
    await user.selectOptions(select('Competition'), 'Winter Sketches');
    expect(location()).toBe(
      `/admin/submissions?q=rain&status=approved&payment=paid&competition=${COMPETITION_B}`,
    );
    await user.selectOptions(select('Order'), 'Oldest first');
    expect(location()).toBe(
      `/admin/submissions?q=rain&status=approved&payment=paid&competition=${COMPETITION_B}&sort=oldest`,
    );
    await user.selectOptions(select('Status'), 'All statuses');
    expect(location()).toBe(
      `/admin/submissions?q=rain&payment=paid&competition=${COMPETITION_B}&sort=oldest`,
    );
    expect(window.history.length).toBe(entries + 5);

    await waitFor(() => expect(listCalls(calls)).toHaveLength(6));
    expect(listCalls(calls)).toEqual([
      `${LIST}?q=rain&cursor=abc`,
      `${LIST}?q=rain&status=approved`,
      `${LIST}?q=rain&status=approved&payment=paid`,
      `${LIST}?q=rain&status=approved&payment=paid&competition=${COMPETITION_B}`,
      `${LIST}?q=rain&status=approved&payment=paid&competition=${COMPETITION_B}&sort=oldest`,
      `${LIST}?q=rain&payment=paid&competition=${COMPETITION_B}&sort=oldest`,
    ]);

    // Back goes through the choices.
    act(() => window.history.back());
    expect(location()).toBe(
      `/admin/submissions?q=rain&status=approved&payment=paid&competition=${COMPETITION_B}&sort=oldest`,
    );
    await waitFor(() => expect(select('Status').value).toBe('approved'));
  });

  it('puts the search in the address once typing rests, without a request or history entry per key', async () => {
    const calls = stubReview();
    renderReview('/admin/submissions?status=pending&cursor=abc');
    await loaded();
    const user = userOnFakeClock();
    const entries = window.history.length;

    await user.type(searchField(), 'su');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    await user.type(searchField(), 'n');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    // 400 ms after the first keys, but only 200 after the last: nothing yet.
    expect(location()).toBe('/admin/submissions?status=pending&cursor=abc');
    expect(listCalls(calls)).toEqual([`${LIST}?status=pending&cursor=abc`]);

    await act(async () => vi.advanceTimersByTime(200));
    expect(location()).toBe('/admin/submissions?status=pending&q=sun');
    expect(window.history.length).toBe(entries);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toBe(`${LIST}?q=sun&status=pending`);
    expect(searchField().value).toBe('sun');
  });

  it('exports the search as typed, before typing has rested', async () => {
    stubReview();
    renderReview('/admin/submissions?status=pending');
    await loaded();
    const user = userOnFakeClock();
    const exportLink = () => screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink().getAttribute('href')).toBe(`${LIST}/export.csv?status=pending`);

    await user.type(searchField(), 'sun');
    // The list still shows the last view; the export is of what the admin sees typed.
    expect(location()).toBe('/admin/submissions?status=pending');
    expect(exportLink().getAttribute('href')).toBe(`${LIST}/export.csv?q=sun&status=pending`);
  });

  it('brings back the search of the place the back and forward buttons go to', async () => {
    const calls = stubReview();
    renderReview('/admin/submissions?q=rain');
    await loaded();
    const user = userOnFakeClock();

    await user.selectOptions(select('Status'), 'Approved');
    expect(location()).toBe('/admin/submissions?q=rain&status=approved');
    await user.clear(searchField());
    await user.type(searchField(), 'sun');
    await act(async () => vi.advanceTimersByTime(400));
    expect(location()).toBe('/admin/submissions?q=sun&status=approved');

    act(() => window.history.back());
    expect(location()).toBe('/admin/submissions?q=rain');
    expect(searchField().value).toBe('rain');
    expect(select('Status').value).toBe('');
    // The field's search is the address's: nothing is written back after the pause.
    await act(async () => vi.advanceTimersByTime(1000));
    expect(location()).toBe('/admin/submissions?q=rain');
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe(`${LIST}?q=rain`));

    act(() => window.history.forward());
    expect(searchField().value).toBe('sun');
    expect(select('Status').value).toBe('approved');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(location()).toBe('/admin/submissions?q=sun&status=approved');
  });
});

describe('the submissions review: what it shows', () => {
  it('shows the counts for the current filters above the table, and those of each new answer', async () => {
    const calls = stubReview({
      list: (url) =>
        url.searchParams.get('status') === 'rejected'
          ? pageOf([itemOf(1, { status: 'rejected' })], { nextCursor: 'next' })
          : pageOf([itemOf(1)]),
      counts: (url) =>
        url.searchParams.get('status') === 'rejected'
          ? {
              status: 200,
              body: {
                status: { pending: 0, approved: 0, rejected: 1, withdrawn: 0 },
                payment: { free: 0, paid: 1, pending: 0, refunded: 0 },
              } satisfies ReviewCounts,
            }
          : { status: 200, body: COUNTS },
    });
    renderReview('/admin/submissions');
    await loaded();
    expect(countsShown()).toEqual({
      'Pending Review': '1,234',
      Approved: '56',
      Rejected: '7',
      Withdrawn: '0',
      // The counts say what they count; a free entry is never counted paid.
      'Payment Received': '1,23,456',
      'Payment Pending': '0',
      Refunded: '2',
      'Free Entry': '3',
    });
    const counts = document.querySelector('dl[aria-label="Counts for these filters"]')!;
    expect(counts.compareDocumentPosition(table()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.setup().selectOptions(select('Status'), 'Rejected');
    await waitFor(() => expect(countsShown().Rejected).toBe('1'));
    expect(countsShown()).toEqual({
      'Pending Review': '0',
      Approved: '0',
      Rejected: '1',
      Withdrawn: '0',
      'Payment Received': '1',
      'Payment Pending': '0',
      Refunded: '0',
      'Free Entry': '0',
    });
    expect(countsCalls(calls)).toEqual([`${LIST}/counts`, `${LIST}/counts?status=rejected`]);

    // The next page and another order are the same view: the counts are not asked again.
    await userEvent.setup().click(button('Next page'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe(`${LIST}?status=rejected&cursor=next`),
    );
    await userEvent.setup().selectOptions(select('Order'), 'Oldest first');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe(`${LIST}?status=rejected&sort=oldest`),
    );
    expect(countsCalls(calls)).toHaveLength(2);
  });

  it('keeps the table when the counts fail, and says so', async () => {
    stubReview({ counts: () => envelope(500, 'INTERNAL', 'Boom') });
    renderReview('/admin/submissions');
    await loaded();
    expect(await screen.findByText(REVIEW_TEXT.countsFailed)).toBeTruthy();
    expect(rows()).toHaveLength(1);
  });

  it('shows each submission: the artist with photo, the competition and its fields, category, status and payment', async () => {
    stubReview({
      items: [
        itemOf(1, {
          fullName: 'Meera Iyer',
          email: 'meera@example.com',
          phone: '98300 12345',
          fields: [
            { id: 'f1', label: 'Artwork Title', type: 'text', value: 'Rain on the Hooghly' },
            {
              id: 'f2',
              label: 'Artwork',
              type: 'image',
              value: '/api/admin/uploads/artwork-1.webp',
            },
            {
              id: 'f3',
              label: 'Process Video',
              type: 'video',
              value: 'https://videos.example/v/1',
            },
            { id: 'f4', label: 'Portfolio', type: 'link', value: 'http://meera.example/work' },
            { id: 'f5', label: 'Website', type: 'link', value: 'javascript:alert(1)' },
            { id: 'f6', label: 'Making Of', type: 'video', value: 'ftp://files.example/v.mp4' },
          ],
        }),
        itemOf(2, {
          age: 34,
          ageCategory: 'adult',
          competition: { id: null, title: '' },
          category: { id: 'cat-gone', name: null },
          subcategory: { id: 'sub-gone', name: null },
          status: 'approved',
          paymentState: 'free',
        }),
        itemOf(3, {
          status: 'rejected',
          paymentState: 'pending',
          subcategory: { id: null, name: null },
        }),
        itemOf(4, { paymentState: 'refunded' }),
      ],
    });
    renderReview('/admin/submissions');
    await loaded();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Select',
      'Participant Details',
      'Competition & Submission',
      'Category',
      'Status',
      'Actions',
    ]);
    expect(rows()).toHaveLength(4);

    const [, artist, competition, category, status] = cellsOf(rowOf(1));
    const inArtist = within(artist!);
    expect(inArtist.getByText('Meera Iyer')).toBeTruthy();
    expect(inArtist.getByText('meera@example.com')).toBeTruthy();
    expect(inArtist.getByText('98300 12345')).toBeTruthy();
    expect(inArtist.getByText('Age: 12 • Children')).toBeTruthy();
    // The previews are the display copies; Download asks for the file, named after the entry.
    const photo = inArtist.getByRole('img', { name: 'Photo of Meera Iyer' });
    expect(photo.getAttribute('src')).toBe('/api/admin/uploads/photo-1.webp');
    const download = inArtist.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe(`${LIST}/${idOf(1)}/download/photo`);
    expect(download.hasAttribute('download')).toBe(true);

    const inCompetition = within(competition!);
    expect(inCompetition.getByText('Monsoon Colours')).toBeTruthy();
    // The entry page is told the view it was opened from, for its Back.
    expect(inCompetition.getByRole('link', { name: 'WS-2026-000001' }).getAttribute('href')).toBe(
      `/admin/submissions/${idOf(1)}?from=%2Fadmin%2Fsubmissions`,
    );
    expect(inCompetition.getByText('Rain on the Hooghly')).toBeTruthy();
    expect(inCompetition.getByRole('img', { name: 'Artwork' }).getAttribute('src')).toBe(
      '/api/admin/uploads/artwork-1.webp',
    );
    const artwork = inCompetition.getByRole('link', { name: 'Download Artwork' });
    expect(artwork.getAttribute('href')).toBe(`${LIST}/${idOf(1)}/download/f2`);
    expect(artwork.hasAttribute('download')).toBe(true);
    const video = inCompetition.getByRole('link', { name: 'View Video' });
    expect(video.getAttribute('href')).toBe('https://videos.example/v/1');
    expect(video.getAttribute('target')).toBe('_blank');
    expect(video.getAttribute('rel')).toBe('noopener noreferrer');
    const link = inCompetition.getByRole('link', { name: 'Open Link' });
    expect(link.getAttribute('href')).toBe('http://meera.example/work');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // Anything but http(s) is text, never a link.
    expect(inCompetition.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(inCompetition.getByText('ftp://files.example/v.mp4').closest('a')).toBeNull();
    expect(inCompetition.getAllByRole('link')).toHaveLength(4);
    expect(document.querySelector('a[href^="javascript"], a[href^="ftp"]')).toBeNull();

    // Each cell carries its heading for the phone, where the table's heading row is hidden.
    expect(category!.textContent).toBe('CategoryPaintingWatercolour');
    expect(status!.textContent).toBe('StatusPending ReviewPayment Received');

    const second = cellsOf(rowOf(2));
    expect(within(second[1]!).getByText('Age: 34 • Adult')).toBeTruthy();
    expect(within(second[2]!).getByText('Unknown Competition')).toBeTruthy();
    expect(second[3]!.textContent).toBe('Categorycat-gonesub-gone');
    expect(second[4]!.textContent).toBe('StatusApprovedFree Entry');

    const third = cellsOf(rowOf(3));
    expect(third[3]!.textContent).toBe('CategoryPainting');
    expect(third[4]!.textContent).toBe('StatusRejectedPayment Pending');
    expect(cellsOf(rowOf(4))[4]!.textContent).toBe('StatusPending ReviewRefunded');
  });

  it('says so when no submission matches', async () => {
    stubReview({ items: [] });
    renderReview('/admin/submissions?q=nobody');
    expect(await screen.findByText(REVIEW_TEXT.empty)).toBeTruthy();
    expect(REVIEW_TEXT.empty).toBe('No submissions found matching your criteria.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it("shows 'Failed to fetch submissions' in red when the list cannot load, and tries again", async () => {
    let fail = true;
    const calls = stubReview({
      list: () => (fail ? { status: 500, body: { oops: true } } : pageOf([itemOf(1)])),
    });
    renderReview('/admin/submissions?status=pending');
    const alert = await screen.findByText('Failed to fetch submissions');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toContain('text-red-800');
    expect(screen.queryByRole('table')).toBeNull();
    fail = false;
    await userEvent.setup().click(button('Try again'));
    await loaded();
    expect(screen.queryByText('Failed to fetch submissions')).toBeNull();
    expect(listCalls(calls)).toEqual([`${LIST}?status=pending`, `${LIST}?status=pending`]);
  });
});

describe('the submissions review: decisions', () => {
  it('offers Approve and Reject except the decision already made', async () => {
    stubReview({
      items: [itemOf(1), itemOf(2, { status: 'approved' }), itemOf(3, { status: 'rejected' })],
    });
    renderReview('/admin/submissions');
    await loaded();
    const state = (n: number) =>
      [`Approve ${referenceOf(n)}`, `Reject ${referenceOf(n)}`].map(
        (name) => button(name).disabled,
      );
    expect(state(1)).toEqual([false, false]);
    expect(state(2)).toEqual([true, false]);
    expect(state(3)).toEqual([false, true]);
    expect(button(`Approve ${referenceOf(1)}`).textContent).toBe('Approve');
    expect(button(`Reject ${referenceOf(1)}`).textContent).toBe('Reject');
  });

  it('approves a submission: PUTs its status, disables both while it goes, then a toast and the list again', async () => {
    const put = deferred();
    const sent: unknown[] = [];
    const calls = stubReview({
      items: [itemOf(1), itemOf(2)],
      routes: {
        [`PUT ${LIST}/${idOf(1)}/status`]: (body) => {
          sent.push(body);
          return put.promise;
        },
      },
    });
    renderReview('/admin/submissions');
    await loaded();
    const user = userEvent.setup();
    await user.click(button(`Approve ${referenceOf(1)}`));

    expect(button(`Approve ${referenceOf(1)}`).disabled).toBe(true);
    expect(button(`Reject ${referenceOf(1)}`).disabled).toBe(true);
    // Only that row waits.
    expect(button(`Approve ${referenceOf(2)}`).disabled).toBe(false);
    expect(sent).toEqual([{ status: 'approved' }]);
    expect(listCalls(calls)).toHaveLength(1);

    await put.answer({
      status: 200,
      body: { changed: [idOf(1)], unchanged: [], waiting: [idOf(1)] },
    });
    const toast = await screen.findByText('Submission approved');
    expect(toast.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    const writes = calls.filter(
      (c) => !c.startsWith('GET /api/auth') && !c.includes('competitions'),
    );
    // The list and its counts are asked again: the entry moved between the status counts.
    expect(writes).toEqual([
      `GET ${LIST}`,
      `GET ${LIST}/counts`,
      `PUT ${LIST}/${idOf(1)}/status`,
      `GET ${LIST}`,
      `GET ${LIST}/counts`,
    ]);
    expect(button(`Reject ${referenceOf(1)}`).disabled).toBe(false);
  });

  it('rejects a submission, and the reloaded list shows it rejected', async () => {
    const calls = stubReview({ items: [itemOf(1), itemOf(2)] });
    renderReview('/admin/submissions');
    await loaded();
    await userEvent.setup().click(button(`Reject ${referenceOf(2)}`));
    expect(await screen.findByText('Submission rejected')).toBeTruthy();
    await waitFor(() =>
      expect(cellsOf(rowOf(2))[4]!.textContent).toBe('StatusRejectedPayment Received'),
    );
    expect(button(`Reject ${referenceOf(2)}`).disabled).toBe(true);
    expect(button(`Approve ${referenceOf(2)}`).disabled).toBe(false);
    expect(calls).toContain(`PUT ${LIST}/${idOf(2)}/status`);
    expect(listCalls(calls)).toHaveLength(2);
  });

  it("says 'Failed to update submission status' with the reason when a change fails, and reloads the list", async () => {
    const calls = stubReview({
      items: [itemOf(1)],
      routes: {
        [`PUT ${LIST}/${idOf(1)}/status`]: envelope(
          404,
          'NOT_FOUND',
          'This submission no longer exists.',
        ),
      },
    });
    renderReview('/admin/submissions');
    await loaded();
    await userEvent.setup().click(button(`Approve ${referenceOf(1)}`));
    const toast = await screen.findByText(/^Failed to update submission status/);
    expect(toast.textContent).toBe(
      'Failed to update submission status. This submission no longer exists.',
    );
    expect(toast.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByText('Submission approved')).toBeNull();
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(button(`Approve ${referenceOf(1)}`).disabled).toBe(false);
    expect(cellsOf(rowOf(1))[4]!.textContent).toBe('StatusPending ReviewPayment Received');
  });

  it("approves the selected rows with one POST of their ids ('Approve selected')", async () => {
    const post = deferred();
    const sent: unknown[] = [];
    const calls = stubReview({
      items: [itemOf(1), itemOf(2), itemOf(3)],
      routes: {
        [`POST ${LIST}/status`]: (body) => {
          sent.push(body);
          return post.promise;
        },
      },
    });
    renderReview('/admin/submissions');
    await loaded();
    const user = userEvent.setup();
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect(button('Approve selected').disabled).toBe(true);
    expect(button('Reject selected').disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: `Select ${referenceOf(3)} (Artist 3)` }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${referenceOf(1)} (Artist 1)` }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(button('Approve selected').disabled).toBe(false);

    await user.click(button('Approve selected'));
    expect(button('Approve selected').disabled).toBe(true);
    expect(button('Reject selected').disabled).toBe(true);
    expect(button(`Approve ${referenceOf(1)}`).disabled).toBe(true);
    expect(button(`Approve ${referenceOf(2)}`).disabled).toBe(false);
    await user.click(button('Approve selected'));

    await post.answer({
      status: 200,
      body: { changed: [idOf(3), idOf(1)], unchanged: [], waiting: [idOf(3), idOf(1)] },
    });
    expect(await screen.findByText('2 submissions approved')).toBeTruthy();
    expect(sent).toEqual([{ ids: [idOf(3), idOf(1)], status: 'approved' }]);
    expect(calls.filter((c) => c.startsWith('POST') || c.startsWith('PUT'))).toEqual([
      `POST ${LIST}/status`,
    ]);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect(
      (
        screen.getByRole('checkbox', {
          name: `Select ${referenceOf(1)} (Artist 1)`,
        }) as HTMLInputElement
      ).checked,
    ).toBe(false);
  });

  it("rejects the selected rows with one POST ('Reject selected'), leaving the others", async () => {
    const calls = stubReview({ items: [itemOf(1), itemOf(2), itemOf(3)] });
    renderReview('/admin/submissions');
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: `Select ${referenceOf(2)} (Artist 2)` }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${referenceOf(3)} (Artist 3)` }));
    await user.click(button('Reject selected'));
    expect(await screen.findByText('2 submissions rejected')).toBeTruthy();
    await waitFor(() =>
      expect(cellsOf(rowOf(2))[4]!.textContent).toBe('StatusRejectedPayment Received'),
    );
    expect(cellsOf(rowOf(3))[4]!.textContent).toBe('StatusRejectedPayment Received');
    expect(cellsOf(rowOf(1))[4]!.textContent).toBe('StatusPending ReviewPayment Received');
    expect(calls.filter((c) => c.startsWith('POST') || c.startsWith('PUT'))).toEqual([
      `POST ${LIST}/status`,
    ]);
  });
});

describe('the submissions review: undoing a decision while its e-mail waits', () => {
  const undoButton = () => screen.queryByRole('button', { name: 'Undo' }) as HTMLButtonElement;
  const statusShown = (n: number) => cellsOf(rowOf(n))[4]!.textContent;

  it("says 'E-mail goes in 5 minutes — Undo' after Approve; Undo puts the row back as it was", async () => {
    const calls = stubReview({ items: [itemOf(1), itemOf(2)] });
    renderReview('/admin/submissions');
    await loaded();
    expect(undoButton()).toBeNull();
    const user = userEvent.setup();
    await user.click(button(`Approve ${referenceOf(1)}`));
    expect(await screen.findByText('Submission approved')).toBeTruthy();
    const notice = await screen.findByText('E-mail goes in 5 minutes —');
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(undoButton().closest('p')).toBe(notice.closest('p'));
    await waitFor(() => expect(statusShown(1)).toBe('StatusApprovedPayment Received'));

    await user.click(undoButton());
    expect(await screen.findByText('Decision undone')).toBeTruthy();
    await waitFor(() => expect(statusShown(1)).toBe('StatusPending ReviewPayment Received'));
    expect(undoButton()).toBeNull();
    expect(screen.queryByText('E-mail goes in 5 minutes —')).toBeNull();
    expect(calls.filter((c) => c.startsWith('POST') || c.startsWith('PUT'))).toEqual([
      `PUT ${LIST}/${idOf(1)}/status`,
      `POST ${LIST}/${idOf(1)}/status/undo`,
    ]);
    // The Undo button is gone: focus waits on the results.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Results' }));
  });

  it('undoes the selected rows at once after a bulk decision', async () => {
    const calls = stubReview({ items: [itemOf(1), itemOf(2), itemOf(3, { status: 'approved' })] });
    renderReview('/admin/submissions');
    await loaded();
    const user = userEvent.setup();
    for (const n of [1, 2, 3]) {
      await user.click(
        screen.getByRole('checkbox', { name: `Select ${referenceOf(n)} (Artist ${n})` }),
      );
    }
    await user.click(button('Reject selected'));
    expect(await screen.findByText('3 e-mails go in 5 minutes —')).toBeTruthy();
    await user.click(undoButton());
    expect(await screen.findByText('3 decisions undone')).toBeTruthy();
    await waitFor(() => expect(statusShown(3)).toBe('StatusApprovedPayment Received'));
    expect(statusShown(1)).toBe('StatusPending ReviewPayment Received');
    expect(statusShown(2)).toBe('StatusPending ReviewPayment Received');
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([
      `POST ${LIST}/status`,
      `POST ${LIST}/status/undo`,
    ]);
  });

  it('offers no Undo once a decision is back where the entry was: nothing is sent', async () => {
    stubReview({ items: [itemOf(1, { status: 'approved' })] });
    renderReview('/admin/submissions');
    await loaded();
    const user = userEvent.setup();
    await user.click(button(`Reject ${referenceOf(1)}`));
    expect(await screen.findByText('E-mail goes in 5 minutes —')).toBeTruthy();
    await waitFor(() => expect(button(`Approve ${referenceOf(1)}`).disabled).toBe(false));
    await user.click(button(`Approve ${referenceOf(1)}`));
    await waitFor(() => expect(statusShown(1)).toBe('StatusApprovedPayment Received'));
    expect(undoButton()).toBeNull();
  });

  it('takes the Undo away when the e-mail goes, and says why an Undo came too late', async () => {
    // The server has sent the second entry's e-mail by the time its Undo arrives.
    stubReview({
      items: [itemOf(1), itemOf(2)],
      routes: {
        [`POST ${LIST}/${idOf(2)}/status/undo`]: envelope(409, 'NOTHING_TO_UNDO', NOTHING_TO_UNDO),
      },
    });
    const user = userOnFakeClock();
    renderReview('/admin/submissions');
    await loaded();
    await user.click(button(`Approve ${referenceOf(1)}`));
    await screen.findByText('E-mail goes in 5 minutes —');
    act(() => {
      vi.advanceTimersByTime(DECISION_EMAIL_DELAY_MS - 100);
    });
    expect(undoButton()).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(undoButton()).toBeNull();

    await user.click(button(`Reject ${referenceOf(2)}`));
    await screen.findByText('E-mail goes in 5 minutes —');
    await user.click(undoButton());
    const toast = await screen.findByText(/^Failed to undo the decision/);
    expect(toast.textContent).toBe(`Failed to undo the decision. ${NOTHING_TO_UNDO}`);
    expect(toast.closest('[role="alert"]')).toBeTruthy();
    expect(undoButton()).toBeNull();
    await waitFor(() => expect(statusShown(2)).toBe('StatusRejectedPayment Received'));
  });
});

describe('the submissions review: pages', () => {
  it("follows the server's cursor with 'Next page' and drops it with 'First page'", async () => {
    const cursor = 'MjAyNi0xMS0yMVQwOTozMDowMFo=|a/b';
    const cursorsAsked: (string | null)[] = [];
    const calls = stubReview({
      list: (url) => {
        cursorsAsked.push(url.searchParams.get('cursor'));
        return url.searchParams.get('cursor') === cursor
          ? pageOf([itemOf(2)])
          : pageOf([itemOf(1)], { nextCursor: cursor });
      },
    });
    renderReview('/admin/submissions?status=pending');
    await loaded();
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'First page' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /WS-2026-000001/ }));
    const entries = window.history.length;

    await user.click(button('Next page'));
    await screen.findByText('Artist 2');
    expect(window.history.length).toBe(entries + 1);
    expect(new URLSearchParams(location()!.split('?')[1]).get('cursor')).toBe(cursor);
    expect(new URLSearchParams(location()!.split('?')[1]).get('status')).toBe('pending');
    expect(cursorsAsked).toEqual([null, cursor]);
    expect(listCalls(calls)[1]).toBe(
      `${LIST}?${new URLSearchParams({ status: 'pending', cursor })}`,
    );
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    expect(screen.getByText('0 selected')).toBeTruthy();

    await user.click(button('First page'));
    await screen.findByText('Artist 1');
    expect(location()).toBe('/admin/submissions?status=pending');
    expect(listCalls(calls).at(-1)).toBe(`${LIST}?status=pending`);
    expect(screen.queryByRole('button', { name: 'First page' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });
});

describe('the submissions review: a new view starts afresh', () => {
  it('drops the selection when the search changes, so no hidden row is approved', async () => {
    const calls = stubReview({
      list: (url) =>
        url.searchParams.get('q') === 'sun' ? pageOf([itemOf(2)]) : pageOf([itemOf(1), itemOf(2)]),
    });
    renderReview('/admin/submissions');
    await loaded();
    const user = userOnFakeClock();
    await user.click(screen.getByRole('checkbox', { name: /WS-2026-000001/ }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    await user.type(searchField(), 'sun');
    await act(async () => vi.advanceTimersByTime(400));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect(button('Approve selected').disabled).toBe(true);
    expect(calls.some((call) => call.startsWith('PUT') || call.startsWith('POST'))).toBe(false);
  });

  it("clears the search when the sidebar's Submissions link is followed", async () => {
    const calls = stubReview();
    renderReview('/admin/submissions?q=rain&status=approved');
    await loaded();
    const user = userOnFakeClock();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    await user.click(within(nav).getByRole('link', { name: 'Submissions' }));
    expect(location()).toBe('/admin/submissions');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(searchField().value).toBe('');
    expect(location()).toBe('/admin/submissions');
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe(LIST));
  });
});

describe('the submissions review: likely duplicates', () => {
  it('marks a likely duplicate with a badge that opens the review of its group', async () => {
    const calls = stubReview({
      items: [itemOf(1, { possibleDuplicate: true, email: ' Meera@Example.com ' }), itemOf(2)],
    });
    renderReview('/admin/submissions?status=pending');
    await loaded();
    const badge = within(rowOf(1)).getByRole('link', {
      name: 'Possible duplicate: the entries of Meera@Example.com in Monsoon Colours',
    });
    expect(badge.textContent).toBe('Possible duplicate');
    expect(badge.getAttribute('href')).toBe(
      `/admin/submissions?competition=${COMPETITION_A}&q=Meera%40Example.com&duplicates=only`,
    );
    expect(within(rowOf(2)).queryByText('Possible duplicate')).toBeNull();

    await userEvent.setup().click(badge);
    expect(location()).toBe(
      `/admin/submissions?competition=${COMPETITION_A}&q=Meera%40Example.com&duplicates=only`,
    );
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe(
        `${LIST}?q=Meera%40Example.com&competition=${COMPETITION_A}&duplicates=only`,
      ),
    );
    expect(searchField().value).toBe('Meera@Example.com');
    expect(select('Duplicates').value).toBe('only');
    expect(countsCalls(calls).at(-1)).toBe(
      `${LIST}/counts?q=Meera%40Example.com&competition=${COMPETITION_A}&duplicates=only`,
    );
  });

  it('filters to the likely duplicates, and back to every entry', async () => {
    const calls = stubReview();
    renderReview('/admin/submissions?payment=pending&cursor=abc');
    await loaded();
    expect([...select('Duplicates').options].map((o) => o.textContent)).toEqual([
      'All entries',
      'Possible duplicates only',
    ]);
    const user = userEvent.setup();
    await user.selectOptions(select('Duplicates'), 'Possible duplicates only');
    expect(location()).toBe('/admin/submissions?payment=pending&duplicates=only');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe(`${LIST}?payment=pending&duplicates=only`),
    );
    await user.selectOptions(select('Duplicates'), 'All entries');
    expect(location()).toBe('/admin/submissions?payment=pending');
  });

  it("gives each entry's page the view it was opened from: filters, search and page", async () => {
    stubReview();
    renderReview(
      `/admin/submissions?q=rain&status=pending&competition=${COMPETITION_A}&cursor=abc`,
    );
    await loaded();
    const link = within(rowOf(1)).getByRole('link', { name: referenceOf(1) });
    const from = new URL(link.getAttribute('href')!, 'http://localhost').searchParams.get('from');
    expect(from).toBe(
      `/admin/submissions?q=rain&status=pending&competition=${COMPETITION_A}&cursor=abc`,
    );
  });
});
