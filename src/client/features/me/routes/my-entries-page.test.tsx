import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyEntry } from '../../../../shared/schemas/artist.ts';
import { clearApiCache } from '../../../lib/api-cache.ts';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import { mayBeArtist, rememberArtist } from '../me-api.ts';
import { myEntryOf } from '../my-entries-fixture.ts';
import MyEntriesPage from './my-entries-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  clearApiCache();
});

const SESSION = 'GET /api/me';
const ENTRIES = 'GET /api/me/entries';
const SIGNED_OUT = envelope(401, 'UNAUTHENTICATED', 'Please sign in.');
const ME: Answer = { status: 200, body: { email: 'meera@example.com' } };
const listOf = (...entries: MyEntry[]): Answer => ({ status: 200, body: { entries } });
const NO_ERASURE: Answer = { status: 200, body: { request: null } };

function renderPage(routes: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls = stubApi({ [SESSION]: ME, 'GET /api/me/erasure': NO_ERASURE, ...routes });
  const { container } = render(
    <MemoryRouter initialEntries={['/me']}>
      <MyEntriesPage />
    </MemoryRouter>,
  );
  return { calls, container, user: userEvent.setup() };
}

/** The line naming the address signed in with. */
const signedInAs = () => screen.getByText(/^Signed in as/).textContent;
const card = (name: string) => within(screen.getByRole('article', { name }));

/** The terms and descriptions of a <dl>, as shown. */
function termsOf(list: Element): Record<string, string | null | undefined> {
  return Object.fromEntries(
    [...list.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]),
  );
}

describe('My entries, signed out', () => {
  it('shows the sign-in form under the page heading, saying nothing went wrong', async () => {
    rememberArtist();
    const { calls } = renderPage({ [SESSION]: SIGNED_OUT });
    expect(await screen.findByRole('button', { name: 'Send me a sign-in e-mail' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My entries' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toEqual([SESSION]);
    // A session that ended: the registration form no longer asks for the details.
    expect(mayBeArtist()).toBe(false);
    expect(document.title).toMatch(/^My entries/);
  });

  it('shows the entries once the artist signs in with the code', async () => {
    const { user } = renderPage({
      [SESSION]: SIGNED_OUT,
      'POST /api/artist/sign-in/requests': { status: 202, body: { message: 'Sent.' } },
      'POST /api/artist/sign-in': ME,
      [ENTRIES]: listOf(myEntryOf()),
    });
    await user.type(await screen.findByLabelText(/^Email/), 'meera@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in e-mail' }));
    await user.type(await screen.findByLabelText(/^6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('article', { name: 'Monsoon Colours' })).toBeTruthy();
    expect(signedInAs()).toBe('Signed in as meera@example.com');
  });
});

describe('My entries, signed in', () => {
  it('names the address, and shows each entry as its entry page says it', async () => {
    const { container } = renderPage({ [ENTRIES]: listOf(myEntryOf()) });
    await screen.findByRole('article', { name: 'Monsoon Colours' });
    expect(signedInAs()).toBe('Signed in as meera@example.com');
    const entry = card('Monsoon Colours');
    expect(termsOf(entry.getAllByRole('term')[0]!.closest('dl')!)).toEqual({
      Reference: 'WS-2026-000123',
      Submitted: '21 November 2026',
      Status: 'Pending Review',
      Payment: 'Payment Received (₹1,500)',
      'Entries close': '20 Dec 2026, 11:59 pm IST',
    });
    expect(entry.getByRole('link', { name: 'Monsoon Colours' }).getAttribute('href')).toBe(
      '/competition/c1',
    );
    expect(entry.getByText('Work 1: Rain on the Hooghly')).toBeTruthy();
    const artwork = entry.getByRole('img', { name: 'Work 1: Artwork Photo' });
    expect(artwork.getAttribute('src')).toBe('/api/me/files/e1.artworkUrl');
    expect(artwork.closest('a')?.getAttribute('href')).toBe('/api/me/files/e1.artworkUrl');
    expect(
      entry.getByRole('link', { name: 'Work 1: Statement (document)' }).getAttribute('href'),
    ).toBe('/api/me/files/e1.statement');
    expect(entry.getByRole('img', { name: 'You: photo' }).getAttribute('src')).toBe(
      '/api/me/files/e1._photo',
    );
    expect(
      entry.getByRole('link', { name: 'Receipt WS-R-2026-0001 (PDF)' }).getAttribute('href'),
    ).toBe('/api/me/receipts/r1');
    expect(entry.getByText('What you sent')).toBeTruthy();
    expect(entry.getByRole('button', { name: 'Edit entry WS-2026-000123' })).toBeTruthy();
    expect(entry.getByRole('button', { name: 'Withdraw entry WS-2026-000123' })).toBeTruthy();
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('shows a withdrawn entry with its date and no way to change it, and a published result', async () => {
    renderPage({
      [ENTRIES]: listOf(
        myEntryOf({
          id: 'e2',
          reference: 'WS-2026-000200',
          competition: { id: 'c2', title: 'Stone Whispers' },
          status: 'withdrawn',
          withdrawnAt: '2026-11-25T06:00:00.000Z',
          editable: false,
          withdrawable: false,
        }),
        myEntryOf({
          competition: { id: null, title: 'Old Show' },
          status: 'approved',
          editable: false,
          withdrawable: false,
          result: {
            outcome: 'award',
            award: 'First',
            resultsUrl: '/competition/c9/results',
            certificateCode: 'K7QX-3MPA-9TZD',
          },
        }),
      ),
    });
    const withdrawn = within(await screen.findByRole('article', { name: 'Stone Whispers' }));
    expect(withdrawn.getByText('Withdrawn on 25 November 2026')).toBeTruthy();
    expect(withdrawn.queryByRole('button')).toBeNull();
    const old = card('Old Show');
    expect(old.queryByRole('link', { name: 'Old Show' })).toBeNull();
    expect(old.getByText('Your work won: First')).toBeTruthy();
    expect(old.getByRole('link', { name: 'See the results' }).getAttribute('href')).toBe(
      '/competition/c9/results',
    );
    expect(
      old.getByRole('link', { name: 'Your certificate (PDF)' }).getAttribute('href'),
    ).toContain('K7QX-3MPA-9TZD');
    expect(old.queryByText('Entries close')).toBeNull();
  });

  it('withdraws an entry, says so where the focus goes, and shows it withdrawn', async () => {
    let entry = myEntryOf();
    const { user } = renderPage({
      [ENTRIES]: () => listOf(entry),
      'POST /api/me/entries/e1/withdraw': () => {
        entry = myEntryOf({
          status: 'withdrawn',
          withdrawnAt: '2026-11-29T06:00:00.000Z',
          editable: false,
          withdrawable: false,
        });
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Withdraw entry WS-2026-000123' }));
    const ask = within(screen.getByRole('dialog', { name: 'Withdraw this entry?' }));
    await user.click(ask.getByRole('button', { name: 'Withdraw entry' }));
    expect(await screen.findByText('Withdrawn on 29 November 2026')).toBeTruthy();
    const said = screen.getByText('Your entry WS-2026-000123 is withdrawn.');
    expect(said.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(said);
    expect(card('Monsoon Colours').queryByRole('button')).toBeNull();
  });

  it('says when there are no entries yet', async () => {
    renderPage({ [ENTRIES]: listOf() });
    expect(
      await screen.findByText('There are no entries made with this address yet.'),
    ).toBeTruthy();
  });

  it('says why the entries did not load, and tries again', async () => {
    let answer: Answer = envelope(503, 'UNAVAILABLE', 'The service is unavailable.');
    const { user } = renderPage({ [ENTRIES]: () => answer });
    expect((await screen.findByRole('alert')).textContent).toContain('The service is unavailable.');
    answer = listOf(myEntryOf());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Monsoon Colours' })).toBeTruthy();
  });

  it('signs out, showing the sign-in form again', async () => {
    rememberArtist();
    const { calls, user } = renderPage({
      [ENTRIES]: listOf(myEntryOf()),
      'POST /api/me/sign-out': { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Send me a sign-in e-mail' })).toBeTruthy();
    expect(calls).toContain('POST /api/me/sign-out');
    expect(mayBeArtist()).toBe(false);
  });

  it('shows the form when the session has ended meanwhile', async () => {
    renderPage({ [ENTRIES]: SIGNED_OUT });
    expect(await screen.findByRole('button', { name: 'Send me a sign-in e-mail' })).toBeTruthy();
  });
});
