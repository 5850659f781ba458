import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINK_REQUEST_MESSAGES } from '../../../../shared/schemas/entry.ts';
import { ERROR_MESSAGES } from '../../../lib/api-client.ts';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import { LostLinkForm } from './lost-link-form.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const REQUEST = 'POST /api/entries/link-requests';
const SENT: Answer = { status: 202, body: { message: LINK_REQUEST_MESSAGES.sent } };

/** The form with the link-request route answering `answer`; the calls and bodies sent. */
function renderForm(answer: Answer | (() => Answer | Promise<Answer>) = SENT) {
  const bodies: unknown[] = [];
  const calls = stubApi({
    [REQUEST]: (body) => {
      bodies.push(body);
      return typeof answer === 'function' ? answer() : answer;
    },
  });
  render(<LostLinkForm />);
  return { calls, bodies, user: userEvent.setup() };
}

const form = () => within(screen.getByRole('region', { name: 'Lost your link?' }));
const email = () => form().getByLabelText(/^Email/);
const reference = () => form().getByLabelText(/^Reference/);
const send = () => form().getByRole('button', { name: /^(Send me the link|Sending…)$/ });

/** The text of the element(s) a control's aria-describedby names. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

const HINT = 'As in your confirmation e-mail, such as WS-2026-000123';

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { email: string; reference: string },
) {
  await user.type(email(), values.email);
  await user.type(reference(), values.reference);
}

describe('Lost your link?', () => {
  it('asks for the e-mail and the reference, both required and marked', () => {
    renderForm();
    expect(form().getByRole('heading', { level: 2, name: 'Lost your link?' })).toBeTruthy();
    expect(email().getAttribute('type')).toBe('email');
    expect(email().getAttribute('autocomplete')).toBe('email');
    expect((email() as HTMLInputElement).required).toBe(true);
    expect((reference() as HTMLInputElement).required).toBe(true);
    expect(description(reference())).toBe(HINT);
    expect(send().textContent).toBe('Send me the link');
  });

  it("says 'Email is required' and 'Reference is required' for an empty form, sending nothing", async () => {
    const { calls, user } = renderForm();
    await user.click(send());
    await waitFor(() => expect(description(email())).toBe('Email is required'));
    expect(description(reference())).toBe(`${HINT} Reference is required`);
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(reference().getAttribute('aria-invalid')).toBe('true');
    // The first field to fix has focus.
    expect(document.activeElement).toBe(email());
    expect(calls).toEqual([]);
  });

  it("says 'Invalid email address' for an address that is not one, sending nothing", async () => {
    const { calls, user } = renderForm();
    await fill(user, { email: 'meera@example', reference: 'WS-2026-000123' });
    await user.click(send());
    await waitFor(() => expect(description(email())).toBe('Invalid email address'));
    expect(reference().getAttribute('aria-invalid')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('refuses a reference not shaped like WS-2026-000123, sending nothing', async () => {
    const { calls, user } = renderForm();
    await fill(user, { email: 'meera@example.com', reference: 'WS-26-123' });
    await user.click(send());
    await waitFor(() =>
      expect(description(reference())).toBe(`${HINT} ${LINK_REQUEST_MESSAGES.referenceInvalid}`),
    );
    expect(calls).toEqual([]);
  });

  it('takes a reference typed in lower case, with spaces, and sends it in capitals', async () => {
    const { calls, bodies, user } = renderForm();
    await fill(user, { email: 'meera@example.com', reference: ' ws-2026-000123 ' });
    await user.click(send());
    await waitFor(() => expect(calls).toEqual([REQUEST]));
    expect(bodies).toEqual([{ email: 'meera@example.com', reference: 'WS-2026-000123' }]);
  });

  it("shows the server's answer in a status region, and 'Sending…' while it is on its way", async () => {
    let answer: (value: Answer) => void = () => {};
    const { user } = renderForm(() => new Promise<Answer>((resolve) => (answer = resolve)));
    const status = form().getByRole('status');
    expect(status.textContent).toBe('');
    await fill(user, { email: 'meera@example.com', reference: 'WS-2026-000123' });
    await user.click(send());
    await waitFor(() => expect(send().textContent).toBe('Sending…'));
    expect((send() as HTMLButtonElement).disabled).toBe(true);

    await act(async () => answer(SENT));
    expect(status.textContent).toBe(LINK_REQUEST_MESSAGES.sent);
    expect(send().textContent).toBe('Send me the link');
    expect((send() as HTMLButtonElement).disabled).toBe(false);
    expect(form().queryByRole('alert')).toBeNull();
  });

  it("shows a 400's field messages under their fields, and nothing above them", async () => {
    const { user } = renderForm(
      envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        email: 'Email is too long',
        reference: 'Reference is not known here',
      }),
    );
    await fill(user, { email: 'meera@example.com', reference: 'WS-2026-000123' });
    await user.click(send());
    await waitFor(() => expect(description(email())).toBe('Email is too long'));
    expect(description(reference())).toBe(`${HINT} Reference is not known here`);
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(form().queryByRole('alert')).toBeNull();
    expect(form().getByRole('status').textContent).toBe('');
  });

  it("shows a 429's message as an alert", async () => {
    const message = 'Too many requests for entry links. Please try again in 42 minutes.';
    const { user } = renderForm(envelope(429, 'RATE_LIMITED', message));
    await fill(user, { email: 'meera@example.com', reference: 'WS-2026-000123' });
    await user.click(send());
    expect((await form().findByRole('alert')).textContent).toBe(message);
    expect(form().getByRole('status').textContent).toBe('');
  });

  it('says the server cannot be reached, and a later answer replaces the alert', async () => {
    let reachable = false;
    const { calls, user } = renderForm(() => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return SENT;
    });
    await fill(user, { email: 'meera@example.com', reference: 'WS-2026-000123' });
    await user.click(send());
    expect((await form().findByRole('alert')).textContent).toBe(ERROR_MESSAGES.NETWORK_ERROR);

    reachable = true;
    await user.click(send());
    await waitFor(() =>
      expect(form().getByRole('status').textContent).toBe(LINK_REQUEST_MESSAGES.sent),
    );
    expect(form().queryByRole('alert')).toBeNull();
    expect(calls).toEqual([REQUEST, REQUEST]);
  });
});
