import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  OutboxMessage,
  OutboxMessageDetail,
  OutboxStatus,
} from '../../../../shared/schemas/outbox.ts';
import { envelope, renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const PATH = '/api/admin/outbox';

function messageOf(n: number, status: OutboxStatus, overrides: Partial<OutboxMessage> = {}) {
  return {
    id: `m${n}`,
    kind: 'registration-confirmation',
    to: `artist${n}@example.com`,
    subject: `Registration received: Monsoon Colours (WS-2026-00000${n})`,
    status,
    attempts: { pending: 0, sending: 1, sent: 1, failed: 8, not_sent: 0 }[status],
    lastError: {
      pending: null,
      sending: null,
      sent: null,
      failed: 'connect ECONNREFUSED 127.0.0.1:2525',
      not_sent: 'Not sent: no SMTP server is configured',
    }[status],
    createdAt: '2026-11-21T09:30:00.000Z',
    sentAt: status === 'sent' ? '2026-11-21T09:30:05.000Z' : null,
    sendAfter: '2026-11-21T09:30:00.000Z',
    ...overrides,
  } satisfies OutboxMessage;
}

function detailOf(message: OutboxMessage): OutboxMessageDetail {
  return {
    ...message,
    text: 'Dear <b>Ananya</b>,\n\nReference: WS-2026-000001',
    html: '<p>Dear &lt;b&gt;Ananya&lt;/b&gt;,</p><script>window.injected = true</script>',
  };
}

/** The server's outbox (one page), which the stubbed send-again changes as the real one does. */
function stubOutbox(initial: OutboxMessage[], extra: Parameters<typeof stubApi>[0] = {}) {
  let list = [...initial];
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    [`GET ${PATH}`]: (_body, url) => ({
      status: 200,
      body: {
        page: Number(url.searchParams.get('page')),
        pageSize: 50,
        total: list.length,
        messages: list,
      },
    }),
    ...Object.fromEntries(
      initial.flatMap((m) => [
        [
          `GET ${PATH}/${m.id}`,
          () => ({ status: 200, body: detailOf(list.find((x) => x.id === m.id)!) }),
        ],
        [
          `POST ${PATH}/${m.id}/send-again`,
          () => {
            list = list.map((x) =>
              x.id === m.id
                ? { ...x, status: 'pending' as const, attempts: 0, lastError: null }
                : x,
            );
            return { status: 200, body: detailOf(list.find((x) => x.id === m.id)!) };
          },
        ],
      ]),
    ),
    ...extra,
  });
  return calls;
}

const rows = () => screen.getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the outbox page', () => {
  it('lists the messages newest first with state, recipient, subject, attempts and errors', async () => {
    stubOutbox([
      messageOf(1, 'not_sent'),
      messageOf(2, 'failed'),
      messageOf(3, 'sent'),
      messageOf(4, 'pending', { attempts: 2, lastError: 'Greeting never received' }),
      messageOf(5, 'sending'),
    ]);
    renderAdmin('/admin/outbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Outbox' })).toBeTruthy();
    await screen.findByText('artist1@example.com');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'State',
      'Recipient',
      'Subject',
      'Attempts',
      'Last error',
      'Created',
      'Sent',
      'Actions',
    ]);
    const [notSent, failed, sent, pending, sending] = rows();
    expect(cellsOf(notSent!).slice(0, 5)).toEqual([
      'Not sent',
      'artist1@example.com',
      'Registration received: Monsoon Colours (WS-2026-000001)',
      '0',
      'Not sent: no SMTP server is configured',
    ]);
    expect(cellsOf(failed!).slice(0, 5)).toEqual([
      'Failed',
      'artist2@example.com',
      'Registration received: Monsoon Colours (WS-2026-000002)',
      '8',
      'connect ECONNREFUSED 127.0.0.1:2525',
    ]);
    expect(cellsOf(sent!)[0]).toBe('Sent');
    expect(cellsOf(sent!)[4]).toBe('—');
    expect(within(sent!).getAllByRole('cell')[6]!.querySelector('time')?.dateTime).toBe(
      '2026-11-21T09:30:05.000Z',
    );
    expect(cellsOf(pending!)[0]).toMatch(/^PendingNext try /);
    expect(cellsOf(sending!)[0]).toBe('Sending');
    // 'Send again' only where there is nothing else coming: a failed or not sent message.
    expect(
      screen.getAllByRole('button', { name: /^Send again/ }).map((b) => b.closest('tr')),
    ).toEqual([notSent, failed]);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('keeps the page in the URL', async () => {
    const calls = stubApi({
      'GET /api/auth/session': SIGNED_IN,
      [`GET ${PATH}`]: (_body, url) => {
        const page = Number(url.searchParams.get('page'));
        return {
          status: 200,
          body: { page, pageSize: 1, total: 2, messages: [messageOf(page, 'sent')] },
        };
      },
    });
    renderAdmin('/admin/outbox');
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('artist2@example.com')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/outbox?page=2');
    expect(calls).toContain('GET /api/admin/outbox?page=2');
  });

  it('opens a message to its text, and its HTML only in a sandboxed frame', async () => {
    stubOutbox([messageOf(1, 'not_sent')]);
    const user = userEvent.setup();
    renderAdmin('/admin/outbox');
    const subject = await screen.findByRole('button', {
      name: 'Registration received: Monsoon Colours (WS-2026-000001)',
    });
    await user.click(subject);
    const dialog = screen.getByRole('dialog', {
      name: 'Registration received: Monsoon Colours (WS-2026-000001)',
    });
    const text = await within(dialog).findByText(/Reference: WS-2026-000001/);
    // The text body as text: what the artist typed is never markup here.
    expect(text.textContent).toBe('Dear <b>Ananya</b>,\n\nReference: WS-2026-000001');
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByText('Not sent: no SMTP server is configured')).toBeTruthy();
    expect(within(dialog).getByText('artist1@example.com')).toBeTruthy();

    // No frame until the HTML version is asked for.
    expect(within(dialog).queryByTitle('HTML version of the message')).toBeNull();
    await user.click(within(dialog).getByText('HTML version'));
    const frame = await within(dialog).findByTitle('HTML version of the message');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(
      '<p>Dear &lt;b&gt;Ananya&lt;/b&gt;,</p><script>window.injected = true</script>',
    );
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect((window as { injected?: boolean }).injected).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(subject);
  });

  it('says when a message cannot be read', async () => {
    stubOutbox([messageOf(1, 'sent')], {
      [`GET ${PATH}/m1`]: envelope(404, 'NOT_FOUND', 'Message not found'),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/outbox');
    await user.click(await screen.findByRole('button', { name: /WS-2026-000001/ }));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to fetch message');
  });

  it('sends a failed message again, with a toast, focus kept on its row', async () => {
    const calls = stubOutbox([messageOf(1, 'sent'), messageOf(2, 'failed')]);
    const user = userEvent.setup();
    renderAdmin('/admin/outbox');
    await user.click(
      await screen.findByRole('button', {
        name: 'Send again Registration received: Monsoon Colours (WS-2026-000002)',
      }),
    );
    expect(await screen.findByText('Message queued to be sent again')).toBeTruthy();
    expect(calls).toContain('POST /api/admin/outbox/m2/send-again');
    await waitFor(() => expect(cellsOf(rows()[1]!)[0]).toBe('Pending'));
    expect(screen.queryByRole('button', { name: /^Send again/ })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /WS-2026-000002/ })),
    );
  });

  it('says why a message could not be sent again', async () => {
    stubOutbox([messageOf(1, 'not_sent')], {
      [`POST ${PATH}/m1/send-again`]: envelope(
        409,
        'NOT_SENDABLE_AGAIN',
        'Only a failed or not sent message can be sent again.',
      ),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/outbox');
    await user.click(await screen.findByRole('button', { name: /^Send again/ }));
    expect(
      await screen.findByText(
        'Failed to send message again. Only a failed or not sent message can be sent again.',
      ),
    ).toBeTruthy();
  });

  it("shows 'Failed to fetch messages' in red when the list cannot load, and tries again", async () => {
    let fail = true;
    stubApi({
      'GET /api/auth/session': SIGNED_IN,
      [`GET ${PATH}`]: () =>
        fail
          ? { status: 500, body: { oops: true } }
          : {
              status: 200,
              body: { page: 1, pageSize: 50, total: 1, messages: [messageOf(1, 'sent')] },
            },
    });
    renderAdmin('/admin/outbox');
    const alert = await screen.findByText('Failed to fetch messages');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toContain('text-red-800');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('artist1@example.com')).toBeTruthy();
  });

  it('says so when there are no messages yet', async () => {
    stubOutbox([]);
    renderAdmin('/admin/outbox');
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });

  it('is in the side navigation as Outbox', async () => {
    stubOutbox([]);
    renderAdmin('/admin/outbox');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const link = within(nav).getByRole('link', { name: 'Outbox' });
    expect(link.getAttribute('href')).toBe('/admin/outbox');
    expect(link.getAttribute('aria-current')).toBe('page');
  });
});
