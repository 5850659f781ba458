import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubReducedMotion } from './browser-stubs.ts';
import { SCROLL_HINT_HIDE_PX, ScrollHint } from './scroll-hint.tsx';

function scrollTo(y: number) {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
  act(() => void window.dispatchEvent(new Event('scroll')));
}

function renderWithTarget() {
  const result = render(
    <>
      <ScrollHint targetId="featured" className="absolute bottom-6" />
      <section id="featured" tabIndex={-1}>
        Featured
      </section>
    </>,
  );
  const target = result.container.querySelector('section') as HTMLElement;
  const scrollIntoView = vi.fn();
  target.scrollIntoView = scrollIntoView;
  return { ...result, target, scrollIntoView };
}

const hint = () => screen.queryByRole('link', { name: 'Scroll to explore' });

beforeEach(() => stubReducedMotion(false));

describe('ScrollHint', () => {
  it('links to the target section with a bouncing chevron, placed by the parent', () => {
    renderWithTarget();
    const link = hint();
    expect(link?.getAttribute('href')).toBe('#featured');
    expect(link?.textContent).toBe('Scroll to explore');
    expect(link?.className).toContain('absolute bottom-6');
    const chevron = link?.querySelector('svg');
    expect(chevron?.getAttribute('aria-hidden')).toBe('true');
    expect(chevron?.classList.contains('animate-bounce')).toBe(true);
  });

  it('disappears past 100 px of scrolling and comes back near the top', () => {
    expect(SCROLL_HINT_HIDE_PX).toBe(100);
    renderWithTarget();
    scrollTo(100);
    expect(hint()).not.toBeNull();
    scrollTo(101);
    expect(hint()).toBeNull();
    scrollTo(0);
    expect(hint()).not.toBeNull();
  });

  it('starts hidden on a page loaded already scrolled down', () => {
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(500);
    renderWithTarget();
    expect(hint()).toBeNull();
  });

  it('listens passively and stops listening on unmount', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderWithTarget();
    const call = add.mock.calls.find(([type]) => type === 'scroll');
    expect(call?.[2]).toEqual({ passive: true });
    unmount();
    expect(remove).toHaveBeenCalledWith('scroll', call?.[1]);
  });

  it('scrolls the target into view smoothly and moves focus to it', () => {
    const { target, scrollIntoView } = renderWithTarget();
    const link = hint() as HTMLElement;
    const notPrevented = fireEvent.click(link);
    expect(notPrevented).toBe(false);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(target);
  });

  it('jumps without animation under reduced motion', () => {
    stubReducedMotion(true);
    const { scrollIntoView } = renderWithTarget();
    fireEvent.click(hint() as HTMLElement);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it('leaves the plain link to the browser when the target is missing', () => {
    render(<ScrollHint targetId="nowhere" />);
    let prevented: boolean | undefined;
    // Runs after React's handler; then stops the test browser from following the link.
    const onClick = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', onClick, { once: true });
    fireEvent.click(hint() as HTMLElement);
    expect(prevented).toBe(false);
  });
});
