import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import nodeConsole from 'node:console';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUBLIC_SETTINGS } from '../../../../shared/site-defaults.ts';
import {
  type Answer,
  envelope,
  expectToastFor,
  renderAdmin,
  requiredMarks,
  SIGNED_IN,
  stubApi,
  userOnFakeClock,
} from '../common/test-helpers.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
// happy-dom never loads iframe pages (no request to YouTube from a test) and says so on the
// process console, outside the page's: quiet that one expected message (as video-facade.test).
beforeEach(() => {
  const print = nodeConsole.error.bind(nodeConsole);
  vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('Iframe page loading is disabled')) print(...args);
  });
});

const CURRENT = 'aqz-KE-bpKQ';
const NEW = 'dQw4w9WgXcQ';
const settings = (youtubeVideoId: string) => ({
  status: 200,
  body: { ...DEFAULT_PUBLIC_SETTINGS, youtubeVideoId },
});

const REMOVED: Answer = { status: 200, body: { youtubeVideoId: '' } };

function stubVideo(
  put: Parameters<typeof stubApi>[0][string],
  current = CURRENT,
  remove: () => Answer = () => REMOVED,
) {
  const bodies: unknown[] = [];
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/settings': settings(current),
    'PUT /api/admin/video': (body, url) => {
      bodies.push(body);
      return typeof put === 'function' ? put(body, url) : put;
    },
    'DELETE /api/admin/video': () => remove(),
  });
  renderAdmin('/admin/video-settings');
  return { bodies, calls };
}

const input = () => screen.getByLabelText('YouTube video URL or ID *') as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save Video' });

describe('the video settings page', () => {
  it('shows the current video: its id in the field and the home page player as preview', async () => {
    stubVideo({ status: 500 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Video Settings' })).toBeTruthy();
    expect(await screen.findByText(CURRENT)).toBeTruthy();
    await waitFor(() => expect(input().value).toBe(CURRENT));
    const preview = screen.getByRole('region', { name: 'Featured Video' });
    await userEvent.setup().click(within(preview).getByRole('button', { name: 'Play video' }));
    expect(within(preview).getByTitle('Featured video').getAttribute('src')).toBe(
      `https://www.youtube-nocookie.com/embed/${CURRENT}?autoplay=1&rel=0`,
    );
  });

  it('marks the link as required', async () => {
    stubVideo({ status: 500 });
    const link = await screen.findByRole('textbox', { name: 'YouTube video URL or ID' });
    const marked = ['YouTube video URL or ID *'];
    expect(requiredMarks(link.closest('form') as HTMLFormElement)).toEqual({
      required: marked,
      marked,
    });
  });

  it('gives each seed message for bad input, sending nothing', async () => {
    const { calls } = stubVideo({ status: 500 });
    const user = userEvent.setup();
    await waitFor(() => expect(input().value).toBe(CURRENT));
    for (const [text, message] of [
      ['', 'URL is required'],
      ['not a link', 'Invalid URL format'],
      [`ftp://youtube.com/watch?v=${NEW}`, 'URL must start with http:// or https://'],
      [`https://vimeo.com/${NEW}`, 'Invalid YouTube URL or video ID'],
    ] as const) {
      await user.clear(input());
      if (text) await user.type(input(), text);
      await user.click(save());
      expect(await screen.findByText(message)).toBeTruthy();
      expect(input().getAttribute('aria-invalid')).toBe('true');
    }
    expect(calls.filter((c) => c.startsWith('PUT'))).toEqual([]);
  });

  it('saves a youtu.be link, toasts for 3 s and previews the new video', async () => {
    const user = userOnFakeClock();
    const { bodies } = stubVideo({ status: 200, body: { youtubeVideoId: NEW } });
    await waitFor(() => expect(input().value).toBe(CURRENT));
    await user.clear(input());
    await user.type(input(), `https://youtu.be/${NEW}`);
    await user.click(save());
    expectToastFor(await screen.findByText('Video updated successfully'), 3000);
    // Only the id is sent (and kept).
    expect(bodies).toEqual([{ url: NEW }]);
    expect(input().value).toBe(NEW);
    expect(screen.getByText(NEW)).toBeTruthy();
    const preview = screen.getByRole('region', { name: 'Featured Video' });
    await user.click(within(preview).getByRole('button', { name: 'Play video' }));
    expect(within(preview).getByTitle('Featured video').getAttribute('src')).toContain(
      `/embed/${NEW}?`,
    );
  });

  it("says 'Failed to update video' in red when saving fails, with the server's field message", async () => {
    let answer = envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
      url: 'Invalid YouTube URL or video ID',
    });
    stubVideo(() => answer);
    const user = userEvent.setup();
    await waitFor(() => expect(input().value).toBe(CURRENT));
    await user.click(save());
    const alert = await screen.findByText('Failed to update video');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toContain('text-red-900');
    expect(screen.getByText('Invalid YouTube URL or video ID')).toBeTruthy();

    answer = { status: 503, body: undefined as never };
    await user.click(save());
    await waitFor(() => expect(screen.queryByText('Invalid YouTube URL or video ID')).toBeNull());
    expect(screen.getByText('Failed to update video')).toBeTruthy();
  });

  it("says 'Failed to load current video' in red when it cannot be read, and tries again", async () => {
    let fail = true;
    stubApi({
      'GET /api/auth/session': SIGNED_IN,
      'GET /api/settings': () => (fail ? { status: 500 } : settings(CURRENT)),
    });
    renderAdmin('/admin/video-settings');
    const alert = await screen.findByText('Failed to load current video');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toContain('text-red-800');
    expect(screen.queryByRole('region', { name: 'Featured Video' })).toBeNull();
    // The form still works: a new video can be set without knowing the old one.
    expect(input().value).toBe('');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(CURRENT)).toBeTruthy();
    expect(screen.queryByText('Failed to load current video')).toBeNull();
  });

  it('says when no video is set', async () => {
    stubVideo({ status: 500 }, '');
    expect(await screen.findByText('No video is set: the home page shows none.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Featured Video' })).toBeNull();
    // Nothing to remove.
    expect(screen.queryByRole('button', { name: 'Remove video' })).toBeNull();
  });

  it('removes the video after asking: a 3 s toast, and the preview says none is set', async () => {
    const user = userOnFakeClock();
    const { calls } = stubVideo({ status: 500 });
    const remove = await screen.findByRole('button', { name: 'Remove video' });
    // Cancel keeps it.
    await user.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'Remove video' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to remove the featured video? The home page shows no video until a new one is saved.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).not.toContain('DELETE /api/admin/video');
    expect(screen.getByText(CURRENT)).toBeTruthy();

    await user.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Remove video' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expectToastFor(await screen.findByText('Video removed successfully'), 3000);
    expect(calls.filter((c) => c === 'DELETE /api/admin/video')).toHaveLength(1);
    expect(screen.getByText('No video is set: the home page shows none.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Featured Video' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove video' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Its button has gone: the focus is on the field, where a new video would go.
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());
  });

  it("says 'Failed to update video' in the question when removing fails, keeping the video", async () => {
    stubVideo({ status: 500 }, CURRENT, () =>
      envelope(503, 'BUSY', 'The server is busy. Please try again in a moment.'),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove video' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove video' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Failed to update video');
    expect(alert.className).toContain('text-red-900');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(CURRENT)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Featured Video' })).toBeTruthy();
  });
});
