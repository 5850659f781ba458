import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FORM_FIELDS } from '../../../../shared/schemas/form-field.ts';
import type { MyDetails } from '../../../../shared/schemas/artist.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import { mayBeArtist, rememberArtist } from '../../me/me-api.ts';
import { saveDraft } from '../registration-draft.ts';
import { PREFILLED_NOTE } from './artist-prefill.tsx';
import { RegistrationForm } from './registration-form.tsx';
import { TEST_COMPETITION } from './test-competition.ts';

afterEach(() => {
  // Unmounting saves a draft on its way: unmount first, then forget it.
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const DETAILS = 'GET /api/me/details';
const FIELDS = DEFAULT_FORM_FIELDS.filter((f) => f.enabled);
const MINE: MyDetails = {
  fullName: 'Meera Iyer',
  age: 34,
  gender: 'female',
  email: 'meera@example.com',
  phone: '+91 98765 43210',
  address: '4 Lake Road, Kolkata',
  pincode: '700029',
  photo: { id: 'f0', label: 'photo', kind: 'image', url: '/api/me/files/f0' },
};

function renderForm(answer?: Answer, routes: Record<string, Answer> = {}) {
  const calls = stubApi({ ...(answer ? { [DETAILS]: answer } : {}), ...routes });
  render(
    <MemoryRouter>
      <ToastProvider>
        <RegistrationForm competition={TEST_COMPETITION} formFields={FIELDS} />
      </ToastProvider>
    </MemoryRouter>,
  );
  return { calls, user: userEvent.setup() };
}

const valueOf = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the registration form of a signed-in artist', () => {
  it('starts from the details of their last entry, editable, and says so', async () => {
    rememberArtist();
    const { calls, user } = renderForm({ status: 200, body: MINE });
    await waitFor(() => expect(valueOf(/^Full Name/)).toBe('Meera Iyer'));
    expect(screen.getByText(new RegExp(`^${PREFILLED_NOTE}`))).toBeTruthy();
    expect(valueOf(/^Age/)).toBe('34');
    expect((screen.getByRole('radio', { name: 'Female' }) as HTMLInputElement).checked).toBe(true);
    expect(valueOf(/^Email/)).toBe('meera@example.com');
    expect(valueOf(/^Phone Number/)).toBe('+91 98765 43210');
    expect(valueOf(/^Address/)).toBe('4 Lake Road, Kolkata');
    expect(valueOf(/^Pincode/)).toBe('700029');
    expect(calls).toEqual([DETAILS]);
    await user.clear(screen.getByLabelText(/^Full Name/));
    await user.type(screen.getByLabelText(/^Full Name/), 'Meera R. Iyer');
    expect(valueOf(/^Full Name/)).toBe('Meera R. Iyer');
  });

  it('keeps what a draft in this browser holds, filling in only the empty fields', async () => {
    rememberArtist();
    saveDraft('c1', { fullName: 'Meera R. Iyer', phone: '+91 90000 00000' });
    renderForm({ status: 200, body: MINE });
    await waitFor(() => expect(valueOf(/^Email/)).toBe('meera@example.com'));
    expect(valueOf(/^Full Name/)).toBe('Meera R. Iyer');
    expect(valueOf(/^Phone Number/)).toBe('+91 90000 00000');
  });

  it('offers the last photo, and uses it when asked', async () => {
    rememberArtist();
    const { user } = renderForm({ status: 200, body: MINE });
    const photo = await screen.findByRole('img', { name: 'Your photo from your last entry' });
    expect(photo.getAttribute('src')).toBe('/api/me/files/f0');
    vi.mocked(fetch).mockResolvedValueOnce(
      new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })),
    );
    await user.click(screen.getByRole('button', { name: 'Use this photo' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Use this photo' })).toBeNull(),
    );
    expect(String(vi.mocked(fetch).mock.calls.at(-1)![0])).toBe('/api/me/files/f0');
    expect(screen.getByRole('button', { name: /^Replace/ })).toBeTruthy();
  });
});

describe('the registration form of anyone else', () => {
  it('asks for nothing when this browser never signed in as an artist', async () => {
    const { calls } = renderForm();
    await screen.findByLabelText(/^Full Name/);
    expect(calls).toEqual([]);
    expect(valueOf(/^Full Name/)).toBe('');
  });

  it.each([
    ['signed out', envelope(401, 'UNAUTHENTICATED', 'Please sign in.')],
    ['with no entry yet', envelope(404, 'NOT_FOUND', 'No entries.')],
  ])('fills nothing and says nothing when %s', async (_, answer) => {
    rememberArtist();
    const { calls } = renderForm(answer);
    await waitFor(() => expect(calls).toEqual([DETAILS]));
    await waitFor(() => expect(mayBeArtist()).toBe(answer.status !== 401));
    expect(valueOf(/^Full Name/)).toBe('');
    expect(screen.queryByText(new RegExp(PREFILLED_NOTE))).toBeNull();
    // The form's own live regions are there, empty: nothing is said in them.
    const said = screen.queryAllByRole('alert').map((alert) => alert.textContent?.trim());
    expect(said.filter(Boolean)).toEqual([]);
  });
});
