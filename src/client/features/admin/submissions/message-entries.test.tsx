import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GROUP_MESSAGE_TEXT,
  type GroupMessagePreview,
} from '../../../../shared/schemas/group-message.ts';
import type { ReviewCounts } from '../../../../shared/schemas/review.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import AdminEntry from '../admin-entry.tsx';
import { envelope, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { MESSAGE_TEXT } from './message-entries.tsx';
import { reviewItemOf } from './review-item-fixture.ts';

/*
 * "Message these entries" on the review: the view's filters go with the draft, the preview shows
 * the count and the first message, a send goes once with the dialog's request id (again on a
 * retry), and the server's refusals show where the admin reads them.
 */

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const LIST = '/api/admin/submissions';
const COMPETITION = '3b1f7c2e-8d4a-4e6b-9c0d-1a2b3c4d5e6f';
const COUNTS: ReviewCounts = {
  status: { pending: 2, approved: 0, rejected: 0, withdrawn: 0 },
  payment: { free: 0, paid: 2, pending: 0, refunded: 0 },
};
const PREVIEW: GroupMessagePreview = {
  count: 2,
  first: {
    reference: 'WS-2026-000102',
    to: 'meera@example.com',
    subject: 'About your entry WS-2026-000102',
    text: 'Dear Meera Raghavan,\n\nPlease send a larger photo.',
  },
};

function stub(routes: Parameters<typeof stubApi>[0]) {
  const bodies: unknown[] = [];
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/competitions': { status: 200, body: [] },
    [`GET ${LIST}`]: { status: 200, body: { items: [reviewItemOf({})], nextCursor: null } },
    [`GET ${LIST}/counts`]: { status: 200, body: COUNTS },
    ...Object.fromEntries(
      Object.entries(routes).map(([key, handler]) => [
        key,
        (body: unknown, url: URL) => {
          bodies.push(body);
          return typeof handler === 'function' ? handler(body, url) : handler;
        },
      ]),
    ),
  });
  return { calls, bodies };
}

async function openDialog() {
  window.history.pushState(
    null,
    '',
    `/admin/submissions?competition=${COMPETITION}&status=pending`,
  );
  render(
    <BrowserRouter>
      <ToastProvider>
        <Routes>
          <Route path="/admin/*" element={<AdminEntry />} />
        </Routes>
      </ToastProvider>
    </BrowserRouter>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: MESSAGE_TEXT.open }));
  const dialog = await screen.findByRole('dialog', { name: MESSAGE_TEXT.title });
  await user.type(within(dialog).getByLabelText(/Subject/), 'About your entry {{reference}');
  await user.type(within(dialog).getByLabelText(/Message/), 'Dear {{name},');
  return { user, dialog };
}

const DRAFT = {
  filters: { competition: COMPETITION, status: 'pending' },
  subject: 'About your entry {reference}',
  body: 'Dear {name},',
};

describe('message these entries', () => {
  it('previews with the view’s filters, then sends once with the dialog’s request id', async () => {
    let attempts = 0;
    const { bodies } = stub({
      [`POST ${LIST}/messages/preview`]: { status: 200, body: PREVIEW },
      // The first try fails on the way back: the retry carries the same request id.
      [`POST ${LIST}/messages`]: () =>
        ++attempts === 1
          ? envelope(503, 'DATABASE_UNAVAILABLE', 'Unable to connect to the server.')
          : { status: 200, body: { id: 'm1', count: 2, repeated: attempts > 2 } },
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXT.preview }));
    const status = await within(dialog).findByText(MESSAGE_TEXT.count(2));
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(
      within(dialog).getByText(MESSAGE_TEXT.first('meera@example.com', 'WS-2026-000102')),
    ).toBeDefined();
    expect(within(dialog).getByText(/Please send a larger photo/)).toBeDefined();
    expect(bodies[0]).toEqual(DRAFT);
    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXT.send(2) }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Unable to connect to the server.',
    );
    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXT.send(2) }));
    expect(await screen.findByText(GROUP_MESSAGE_TEXT.sent(2))).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sends = bodies.slice(1) as { requestId: string }[];
    expect(sends).toHaveLength(2);
    expect(sends[0]).toMatchObject(DRAFT);
    expect(sends[0]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sends[1]?.requestId).toBe(sends[0]?.requestId);
  });

  it('asks for a new preview after a change, and shows the server’s refusals', async () => {
    stub({
      [`POST ${LIST}/messages/preview`]: (body) =>
        (body as { body: string }).body.includes('{award}')
          ? envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
              body: 'Unknown placeholder {award}.',
            })
          : (body as { subject: string }).subject.includes('nobody')
            ? envelope(409, 'NO_RECIPIENTS', GROUP_MESSAGE_TEXT.empty)
            : { status: 200, body: PREVIEW },
    });
    const { user, dialog } = await openDialog();
    const preview = () => within(dialog).getByRole('button', { name: MESSAGE_TEXT.preview });
    await user.click(preview());
    await within(dialog).findByText(MESSAGE_TEXT.count(2));
    await user.type(within(dialog).getByLabelText(/Message/), ' {{award}');
    expect(within(dialog).queryByRole('button', { name: MESSAGE_TEXT.send(2) })).toBeNull();
    expect(within(dialog).getByText(MESSAGE_TEXT.previewAgain)).toBeDefined();
    await user.click(preview());
    expect(await within(dialog).findByText('Unknown placeholder {award}.')).toBeDefined();
    expect(
      within(dialog)
        .getByLabelText(/Message/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    await user.clear(within(dialog).getByLabelText(/Message/));
    await user.type(within(dialog).getByLabelText(/Message/), 'Hello');
    await user.type(within(dialog).getByLabelText(/Subject/), ' nobody');
    await user.click(preview());
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      GROUP_MESSAGE_TEXT.empty,
    );
  });
});
