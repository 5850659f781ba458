import { fireEvent, render, screen } from '@testing-library/react';
import nodeConsole from 'node:console';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoFacade, youtubeEmbedUrl } from './video-facade.tsx';

const ID = 'dQw4w9WgXcQ';

describe('youtubeEmbedUrl', () => {
  it('builds the privacy-enhanced embed URL for a valid id only', () => {
    expect(youtubeEmbedUrl(ID)).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
    expect(youtubeEmbedUrl('a-b_c-d_e-f')).not.toBeNull();
    for (const bad of [
      '',
      'dQw4w9WgXc',
      'dQw4w9WgXcQQ',
      'dQw4w9WgX/Q',
      '"><script>',
      'dQw4w9WgXc?',
    ]) {
      expect(youtubeEmbedUrl(bad)).toBeNull();
    }
  });
});

describe('VideoFacade', () => {
  // happy-dom never loads iframe pages (good: no request to YouTube from a test) and says so on
  // the process console, outside the page's; quiet that one expected message.
  beforeEach(() => {
    const print = nodeConsole.error.bind(nodeConsole);
    vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('Iframe page loading is disabled')) print(...args);
    });
  });

  it('shows a play button that loads nothing from another site', () => {
    const { container } = render(<VideoFacade videoId={ID} />);
    expect(screen.getByRole('region', { name: 'Featured Video' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Featured Video');
    expect(screen.getByRole('button', { name: 'Play video' })).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toMatch(/youtube|ytimg|https?:/);
  });

  it('swaps in the embed on click and moves focus to it', () => {
    const { container } = render(<VideoFacade videoId={ID} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play video' }));
    expect(screen.queryByRole('button')).toBeNull();
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
    expect(frame?.getAttribute('title')).toBe('Featured video');
    expect(frame?.getAttribute('allow')).toBe(
      'autoplay; encrypted-media; picture-in-picture; fullscreen',
    );
    expect(frame?.hasAttribute('allowfullscreen')).toBe(true);
    expect(frame?.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    expect(document.activeElement).toBe(frame);
    // Same 16:9 box as the button.
    expect(frame?.parentElement?.className).toContain('aspect-video');
  });

  it('renders nothing without a video, or with an id that is not a YouTube id', () => {
    const { container, rerender } = render(<VideoFacade videoId="" />);
    expect(container.innerHTML).toBe('');
    rerender(<VideoFacade videoId={`${ID}&autoplay=0`} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the facade again when the video changes', () => {
    const { container, rerender } = render(<VideoFacade videoId={ID} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play video' }));
    rerender(<VideoFacade videoId="abcdefghijk" />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button', { name: 'Play video' })).toBeTruthy();
  });
});
