import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
// The test draws the page as the server does, to hydrate it as the browser does.
// eslint-disable-next-line no-restricted-imports
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const RENDERED_AT = Date.parse('2025-03-01T12:00:00.000Z');
const SECOND = 1000;

/**
 * A fresh copy of the modules for each test: "the page became interactive" happens once per page
 * load, and each test is a page load of its own.
 */
async function freshModules() {
  vi.resetModules();
  return import('./render-time.tsx');
}

/** Renders the time it is given as an ISO string, and counts its renders. */
async function clockComponent() {
  const { RenderTimeProvider, useNow } = await freshModules();
  const renders = { count: 0 };
  function Clock() {
    renders.count++;
    return <p data-testid="clock">{new Date(useNow(SECOND)).toISOString()}</p>;
  }
  const page = (value: number | undefined) => (
    <RenderTimeProvider value={value}>
      <Clock />
    </RenderTimeProvider>
  );
  return { page, renders };
}

const shown = () => screen.getByTestId('clock').textContent;
const iso = (ms: number) => new Date(ms).toISOString();
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(RENDERED_AT);
  });
  afterEach(() => vi.useRealTimers());

  it("renders the server's render time on the server", async () => {
    const { page } = await clockComponent();
    vi.setSystemTime(RENDERED_AT + 3 * SECOND);
    expect(renderToString(page(RENDERED_AT))).toBe(
      `<p data-testid="clock">${iso(RENDERED_AT)}</p>`,
    );
  });

  it('hydrates without a mismatch seconds later, and ticks only once the page is interactive', async () => {
    const { page, renders } = await clockComponent();
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(RENDERED_AT));
    document.body.append(container);
    const recoverable = vi.fn();
    // The browser gets the page five seconds after the server drew it.
    vi.setSystemTime(RENDERED_AT + 5 * SECOND);
    renders.count = 0;
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, page(RENDERED_AT), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(shown()).toBe(iso(RENDERED_AT));
    expect(renders.count).toBe(1);

    // Interactive (here, where there is no requestIdleCallback, 200 ms after load): the live time.
    advance(200);
    expect(shown()).toBe(iso(RENDERED_AT + 5200));
    expect(renders.count).toBe(2);
    advance(SECOND);
    expect(shown()).toBe(iso(RENDERED_AT + 6200));
    expect(renders.count).toBe(3);
    act(() => root?.unmount());
    container.remove();
  });

  it('starts from the live time in a render after the page became interactive', async () => {
    const { page } = await clockComponent();
    const first = render(page(RENDERED_AT));
    advance(200);
    first.unmount();
    // A later navigation: the server's render time is long gone.
    vi.setSystemTime(RENDERED_AT + 60 * SECOND);
    render(page(RENDERED_AT));
    expect(shown()).toBe(iso(RENDERED_AT + 60 * SECOND));
    advance(SECOND);
    expect(shown()).toBe(iso(RENDERED_AT + 61 * SECOND));
  });

  it('goes live at once when the visitor presses something before idle time', async () => {
    const { page } = await clockComponent();
    render(page(RENDERED_AT - 2 * SECOND));
    expect(shown()).toBe(iso(RENDERED_AT - 2 * SECOND));
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    expect(shown()).toBe(iso(RENDERED_AT));
  });

  it('reads the live time where the server rendered nothing (the dev server)', async () => {
    const { page } = await clockComponent();
    render(page(undefined));
    expect(shown()).toBe(iso(RENDERED_AT));
  });

  it('waits for the load event before counting idle time', async () => {
    const { page } = await clockComponent();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    render(page(RENDERED_AT - 2 * SECOND));
    advance(5 * SECOND);
    expect(shown()).toBe(iso(RENDERED_AT - 2 * SECOND));
    readyState.mockReturnValue('complete');
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    advance(200);
    expect(shown()).toBe(iso(RENDERED_AT + 5200));
  });

  it('stops ticking when unmounted', async () => {
    const { page } = await clockComponent();
    const { unmount } = render(page(undefined));
    advance(200);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('useFirstRenderTime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(RENDERED_AT);
  });
  afterEach(() => vi.useRealTimers());

  async function openedAt() {
    const { RenderTimeProvider, useFirstRenderTime } = await freshModules();
    const renders = { count: 0 };
    function Opened() {
      renders.count++;
      return <p data-testid="clock">{iso(useFirstRenderTime())}</p>;
    }
    const page = (value: number | undefined) => (
      <RenderTimeProvider value={value}>
        <Opened />
      </RenderTimeProvider>
    );
    return { page, renders };
  }

  it("hydrates with the server's render time and keeps it, rendering no more", async () => {
    const { page, renders } = await openedAt();
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(RENDERED_AT));
    document.body.append(container);
    vi.setSystemTime(RENDERED_AT + 5 * SECOND);
    renders.count = 0;
    const recoverable = vi.fn();
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, page(RENDERED_AT), { onRecoverableError: recoverable });
    });
    advance(60 * SECOND);
    expect(recoverable).not.toHaveBeenCalled();
    expect(shown()).toBe(iso(RENDERED_AT));
    expect(renders.count).toBe(1);
    act(() => root?.unmount());
    container.remove();
  });

  it('is the live time in a render after the page became interactive', async () => {
    const { page } = await openedAt();
    const first = render(page(RENDERED_AT));
    advance(200);
    first.unmount();
    vi.setSystemTime(RENDERED_AT + 60 * SECOND);
    render(page(RENDERED_AT));
    expect(shown()).toBe(iso(RENDERED_AT + 60 * SECOND));
  });
});
