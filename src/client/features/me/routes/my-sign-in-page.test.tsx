import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ARTIST_SIGN_IN_MESSAGES } from '../../../../shared/schemas/artist.ts';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import { mayBeArtist } from '../me-api.ts';
import MySignInPage from './my-sign-in-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const SIGN_IN = 'POST /api/artist/sign-in';
/** Shaped as the server issues them: 43 characters of base64url. Each test has its own. */
const tokenOf = (n: number) => `${'A1b2_C3d4-'.repeat(4)}xy${n}`;

function Location() {
  const { pathname, hash } = useLocation();
  return <output data-testid="location">{`${pathname}${hash}`}</output>;
}

function renderPage(url: string, answer: Answer) {
  const bodies: unknown[] = [];
  const calls = stubApi({
    [SIGN_IN]: (body) => {
      bodies.push(body);
      return answer;
    },
  });
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/me/sign-in" element={<MySignInPage />} />
        <Route path="/me" element={<h1>My entries</h1>} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
  return { calls, bodies };
}

const location = () => screen.getByTestId('location').textContent;

describe('the sign-in link’s page', () => {
  it('posts the token after # in the body, once, and goes to /me signed in', async () => {
    const token = tokenOf(1);
    const { calls, bodies } = renderPage(`/me/sign-in#${token}`, {
      status: 200,
      body: { email: 'meera@example.com' },
    });
    expect(screen.getByText('Signing you in…').getAttribute('role')).toBe('status');
    await waitFor(() => expect(location()).toBe('/me'));
    expect(calls).toEqual([SIGN_IN]);
    expect(bodies).toEqual([{ token }]);
    expect(String(vi.mocked(fetch).mock.calls[0]![0])).toBe('/api/artist/sign-in');
    expect(mayBeArtist()).toBe(true);
    expect(document.title).toMatch(/^Sign in/);
  });

  it('says a refused link is not right, with the form to ask for another', async () => {
    renderPage(
      `/me/sign-in#${tokenOf(2)}`,
      envelope(401, 'SIGN_IN_REJECTED', ARTIST_SIGN_IN_MESSAGES.rejected),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(ARTIST_SIGN_IN_MESSAGES.rejected);
    expect(screen.getByRole('button', { name: 'Send me a sign-in e-mail' })).toBeTruthy();
    expect(location()).toBe(`/me/sign-in#${tokenOf(2)}`);
  });

  it('says a damaged link (refused by the schema) the same way', async () => {
    renderPage(
      '/me/sign-in#short',
      envelope(400, 'VALIDATION_ERROR', 'Invalid input', { token: 'Invalid' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(ARTIST_SIGN_IN_MESSAGES.rejected);
  });

  it('says the rate limit in its own words', async () => {
    renderPage(
      `/me/sign-in#${tokenOf(3)}`,
      envelope(429, 'RATE_LIMITED', 'Too many requests. Please try again later.'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please try again later.',
    );
  });

  it('without a token, goes to /me, sending nothing', async () => {
    const { calls } = renderPage('/me/sign-in', { status: 500 });
    await waitFor(() => expect(location()).toBe('/me'));
    expect(calls).toEqual([]);
  });
});
