import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubApi } from '../admin/common/test-helpers.tsx';
import {
  aWork,
  currentLocation,
  JUROR_SIGNED_IN,
  renderJury,
  workPath,
} from './jury-test-helpers.tsx';
import { RESTORED_NOTICE } from './work-screen.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

/** Work W013 opened, with W012 before it and W014 after. */
function stubWorks(extra: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    'GET /api/auth/session': JUROR_SIGNED_IN,
    [`GET ${workPath('W013')}`]: { status: 200, body: aWork() },
    [`GET ${workPath('W012')}`]: {
      status: 200,
      body: aWork({ alias: 'W012', position: 12, previousAlias: null, nextAlias: 'W013' }),
    },
    [`GET ${workPath('W014')}`]: { status: 200, body: aWork({ alias: 'W014', position: 14 }) },
    'GET /api/jury/rounds': { status: 200, body: [] },
    ...extra,
  });
  renderJury('/jury/rounds/r1/works/W013');
  return calls;
}

const composition = () => screen.findByRole('group', { name: /^Composition/ });
const beforeUnloadBlocked = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('leaving a work', () => {
  it('asks before leaving unsaved scores, in the app and for the tab, and keeps them', async () => {
    stubWorks();
    const user = userEvent.setup();
    await user.click(within(await composition()).getByRole('radio', { name: '5' }));
    expect(beforeUnloadBlocked()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(currentLocation()).toBe('/jury/rounds/r1/works/W013');

    await user.click(screen.getByRole('link', { name: 'Your rounds' }));
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your rounds' })).toBeTruthy();
    expect(beforeUnloadBlocked()).toBe(false);
    // This tab keeps the unsaved score for when the juror comes back to the work.
    expect(JSON.parse(window.sessionStorage.getItem('jury-sheet:r1:W013') ?? '{}')).toEqual({
      scores: { c1: 5 },
      comment: '',
      feedback: '',
    });
  });

  it('restores the unsaved sheet this tab kept for the work', async () => {
    window.sessionStorage.setItem(
      'jury-sheet:r1:W013',
      JSON.stringify({ scores: { c1: 9 }, comment: 'Kept' }),
    );
    stubWorks();
    const group = await composition();
    expect((within(group).getByRole('radio', { name: '9' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('Kept');
    expect(screen.getByText(RESTORED_NOTICE)).toBeTruthy();
    expect(beforeUnloadBlocked()).toBe(true);
  });

  it('moves between works without asking when nothing changed, focusing the work', async () => {
    stubWorks();
    const user = userEvent.setup();
    await composition();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Work 12 of 40');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'Work W012' }),
    );
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('zooming an image', () => {
  it('opens the original full size, and Escape gives focus back to the image', async () => {
    stubWorks();
    const user = userEvent.setup();
    await composition();
    const zoom = screen.getByRole('button', { name: 'Zoom in: Detail' });
    zoom.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Detail' });
    expect(within(dialog).getByRole('img', { name: 'Detail' }).getAttribute('src')).toBe(
      '/api/jury/rounds/r1/works/W013/images/2?size=full',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Actual size' }));
    expect(within(dialog).getByRole('button', { name: 'Fit to screen' })).toBeTruthy();
    // Escape: the browser fires 'cancel' at the modal dialog (the test DOM does not on its own).
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'Detail' })).toBeNull();
    expect(document.activeElement).toBe(zoom);

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Detail' })).toBeNull();
  });
});

describe('declaring a conflict', () => {
  it('asks for a reason, and goes on to the next work the server names', async () => {
    const reasons: unknown[] = [];
    stubWorks({
      [`POST ${workPath('W013')}/conflict`]: (body) => {
        reasons.push(body);
        return { status: 200, body: { nextAlias: 'W014' } };
      },
    });
    const user = userEvent.setup();
    await user.click(within(await composition()).getByRole('radio', { name: '2' }));
    await user.click(screen.getByRole('button', { name: 'Declare a conflict' }));
    const dialog = screen.getByRole('dialog', { name: 'Declare a conflict' });
    await user.click(within(dialog).getByRole('button', { name: 'Declare the conflict' }));
    expect(within(dialog).getByText('Say briefly why, for the admin')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Reason/), 'I taught the artist.');
    await user.click(within(dialog).getByRole('button', { name: 'Declare the conflict' }));
    expect(await screen.findByText('Work 14 of 40')).toBeTruthy();
    expect(reasons).toEqual([{ reason: 'I taught the artist.' }]);
    // The scores given to a work passed on are not kept.
    expect(window.sessionStorage.length).toBe(0);
  });

  it('shows the server’s refusal in the dialog', async () => {
    stubWorks({
      [`POST ${workPath('W013')}/conflict`]: envelope(
        409,
        'ROUND_CLOSED',
        'This round is closed: scores can no longer change.',
      ),
    });
    const user = userEvent.setup();
    await composition();
    await user.click(screen.getByRole('button', { name: 'Declare a conflict' }));
    const dialog = screen.getByRole('dialog', { name: 'Declare a conflict' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Family.');
    await user.click(within(dialog).getByRole('button', { name: 'Declare the conflict' }));
    expect((await within(dialog).findByText(/This round is closed/)).getAttribute('role')).toBe(
      'alert',
    );
  });
});
