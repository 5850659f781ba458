import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ARTIST_SIGN_IN_MESSAGES } from '../../../../shared/schemas/artist.ts';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import { mayBeArtist } from '../me-api.ts';
import { SignInForm } from './sign-in-form.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const REQUEST = 'POST /api/artist/sign-in/requests';
const SIGN_IN = 'POST /api/artist/sign-in';
const SENT: Answer = { status: 202, body: { message: ARTIST_SIGN_IN_MESSAGES.sent } };
const SIGNED_IN: Answer = { status: 200, body: { email: 'meera@example.com' } };
const RATE_LIMITED = envelope(429, 'RATE_LIMITED', 'Too many requests. Please try again later.');

/** The form over fake routes; the bodies each route was sent, and what signing in handed on. */
function renderForm(routes: { request?: Answer; signIn?: Answer } = {}) {
  const bodies: Record<string, unknown[]> = { request: [], signIn: [] };
  const calls = stubApi({
    [REQUEST]: (body) => {
      bodies.request!.push(body);
      return routes.request ?? SENT;
    },
    [SIGN_IN]: (body) => {
      bodies.signIn!.push(body);
      return routes.signIn ?? SIGNED_IN;
    },
  });
  const onSignedIn = vi.fn();
  const { container } = render(<SignInForm onSignedIn={onSignedIn} />);
  return { calls, bodies, onSignedIn, container, user: userEvent.setup() };
}

/** The text of the element(s) a control's aria-describedby names. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

const email = () => screen.getByLabelText(/^Email/);
const code = () => screen.getByLabelText(/^6-digit code/);
const send = () => screen.getByRole('button', { name: 'Send me a sign-in e-mail' });

async function askFor(user: ReturnType<typeof userEvent.setup>, address = 'Meera@Example.com') {
  await user.type(email(), address);
  await user.click(send());
  await screen.findByLabelText(/^6-digit code/);
}

describe('the artist sign-in form', () => {
  it('asks for the address, sends it, then asks for the code with the one answer', async () => {
    const { bodies, user, container } = renderForm();
    expect(email().getAttribute('type')).toBe('email');
    expect(email().getAttribute('autocomplete')).toBe('email');
    expect((await axe.run(container)).violations).toEqual([]);
    await askFor(user);
    expect(bodies.request).toEqual([{ email: 'Meera@Example.com' }]);
    expect(screen.getByRole('status').textContent).toBe(ARTIST_SIGN_IN_MESSAGES.sent);
    expect(code().getAttribute('inputmode')).toBe('numeric');
    expect(code().getAttribute('autocomplete')).toBe('one-time-code');
    expect(description(code())).toBe('Sent to Meera@Example.com');
    await waitFor(() => expect(document.activeElement).toBe(code()));
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('says what is wrong with the address under it, sending nothing', async () => {
    const { calls, user } = renderForm();
    await user.click(send());
    expect(description(email())).toBe('Email is required');
    expect(email().getAttribute('aria-invalid')).toBe('true');
    await user.type(email(), 'meera@example');
    await user.click(send());
    expect(description(email())).toBe('Invalid email address');
    expect(calls).toEqual([]);
  });

  it("shows the server's field message under the address", async () => {
    const { user } = renderForm({
      request: envelope(400, 'VALIDATION_ERROR', 'Invalid input', { email: 'Too long' }),
    });
    await user.type(email(), 'meera@example.com');
    await user.click(send());
    await waitFor(() => expect(description(email())).toBe('Too long'));
  });

  it("shows the rate limit's message, keeping the address", async () => {
    const { user } = renderForm({ request: RATE_LIMITED });
    await user.type(email(), 'meera@example.com');
    await user.click(send());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please try again later.',
    );
    expect((email() as HTMLInputElement).value).toBe('meera@example.com');
  });

  it('signs in with the address and the code, and remembers that this browser signed in', async () => {
    const { bodies, onSignedIn, user } = renderForm();
    await askFor(user);
    await user.type(code(), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ email: 'meera@example.com' }));
    expect(bodies.signIn).toEqual([{ email: 'Meera@Example.com', code: '123456' }]);
    expect(mayBeArtist()).toBe(true);
  });

  it('checks the code as the server does before sending it', async () => {
    const { calls, user } = renderForm();
    await askFor(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(description(code())).toContain(ARTIST_SIGN_IN_MESSAGES.codeRequired);
    await user.type(code(), '12a45');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(description(code())).toContain(ARTIST_SIGN_IN_MESSAGES.codeInvalid);
    expect(calls).toEqual([REQUEST]);
  });

  it.each([
    ['a refused code', envelope(401, 'SIGN_IN_REJECTED', ARTIST_SIGN_IN_MESSAGES.rejected)],
    ['too many tries', RATE_LIMITED],
  ])('says %s under the code, keeping the form', async (_, answer) => {
    const { onSignedIn, user } = renderForm({ signIn: answer });
    await askFor(user);
    await user.type(code(), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const message = (answer.body as { error: { message: string } }).error.message;
    await waitFor(() => expect(description(code())).toContain(message));
    expect(code().getAttribute('aria-invalid')).toBe('true');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(mayBeArtist()).toBe(false);
  });

  it('asks again for the same address, or lets the artist change it', async () => {
    const { bodies, user } = renderForm();
    await askFor(user, 'meera@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new e-mail' }));
    await waitFor(() => expect(bodies.request).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    expect((email() as HTMLInputElement).value).toBe('meera@example.com');
    expect(screen.queryByLabelText(/^6-digit code/)).toBeNull();
  });
});
