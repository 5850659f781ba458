import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearApiCache } from '../../../lib/api-cache.ts';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import { YourDataSection } from './your-data-section.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  clearApiCache();
});

const ERASURE = 'GET /api/me/erasure';
const ASK = 'POST /api/me/erasure';
const REQUEST = {
  id: 'r1',
  requestedAt: '2026-11-29T06:00:00.000Z',
  dueAt: '2026-12-29T06:00:00.000Z',
};
const WAITING_TEXT =
  'You asked us to erase your data on 29 November 2026. We will complete it by 29 December 2026.';

function renderSection(routes: Record<string, Answer | (() => Answer)>) {
  const calls = stubApi(routes);
  const { container } = render(<YourDataSection />);
  return { calls, container, user: userEvent.setup() };
}

describe('Your data', () => {
  it('offers the download of the ZIP and the erasure', async () => {
    const { container } = renderSection({ [ERASURE]: { status: 200, body: { request: null } } });
    const download = screen.getByRole('link', { name: 'Download my data' });
    expect(download.getAttribute('href')).toBe('/api/me/data');
    expect(download.hasAttribute('download')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Erase my data' })).toBeTruthy();
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('asks first, then says when the erasure will be done', async () => {
    const { calls, user } = renderSection({
      [ERASURE]: { status: 200, body: { request: null } },
      [ASK]: { status: 201, body: REQUEST },
    });
    await user.click(await screen.findByRole('button', { name: 'Erase my data' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Erase your data?' }));
    expect(dialog.getByText(/We will erase your data within 30 days/)).toBeTruthy();
    expect(calls).not.toContain(ASK);
    await user.click(dialog.getByRole('button', { name: 'Erase my data' }));
    const said = await screen.findByText(WAITING_TEXT);
    expect(said.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erase my data' })).toBeNull();
    expect(calls.filter((call) => call === ASK)).toHaveLength(1);
  });

  it('cancels without asking', async () => {
    const { calls, user } = renderSection({ [ERASURE]: { status: 200, body: { request: null } } });
    await user.click(await screen.findByRole('button', { name: 'Erase my data' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).not.toContain(ASK);
  });

  it('shows a request already waiting, with no second way to ask', async () => {
    renderSection({ [ERASURE]: { status: 200, body: { request: REQUEST } } });
    expect(await screen.findByText(WAITING_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erase my data' })).toBeNull();
  });

  it('says why the request failed, in the dialog', async () => {
    const { user } = renderSection({
      [ERASURE]: { status: 200, body: { request: null } },
      [ASK]: envelope(503, 'UNAVAILABLE', 'The service is unavailable.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Erase my data' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Erase your data?' }));
    await user.click(dialog.getByRole('button', { name: 'Erase my data' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('The service is unavailable.');
  });
});
