import { act, render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast.tsx';
import AdminEntry from '../admin-entry.tsx';
// Loaded ahead, as a prefetch would: the area's lazy import then answers at once.
import '../admin-area.tsx';

/** What a fake route answers: a status and a JSON body (none for 204), or a promise of that. */
export type Answer = { status: number; body?: unknown };
type Handler = (body: unknown, url: URL) => Answer | Promise<Answer>;

/**
 * Stands in for the server: 'METHOD /path' → handler (the query string is not part of the key).
 * Returns the list of calls made, as 'METHOD /path?query'. Undone by vi.restoreAllMocks().
 */
export function stubApi(routes: Record<string, Handler | Answer>): string[] {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`No fake answer for ${method} ${url.pathname}`);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = typeof route === 'function' ? await route(body, url) : route;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

export const envelope = (status: number, code: string, message: string, fields?: object) => ({
  status,
  body: { error: { code, message, fields } },
});

export const SIGNED_IN: Answer = {
  status: 200,
  body: {
    username: 'admin',
    role: 'admin',
    twoFactorEnabled: false,
    twoFactorSetupRequired: false,
  },
};
export const SIGNED_OUT = envelope(401, 'UNAUTHENTICATED', 'Please sign in.');

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** /admin as the app mounts it (sign-in, then the area), at `url`, with the location shown. */
export function renderAdmin(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ToastProvider>
        <Routes>
          <Route path="/admin/*" element={<AdminEntry />} />
        </Routes>
        <CurrentLocation />
      </ToastProvider>
    </MemoryRouter>,
  );
}

/**
 * Stands in for the browser's upload request (XMLHttpRequest, which uploadImage uses): with
 * `answer`, each upload is kept at once as the image at that url; without, each waits in `pending`
 * until `finish(url)` answers the oldest. Undone by vi.unstubAllGlobals().
 */
export function stubUploads({ answer }: { answer?: string } = {}) {
  const pending: FakeUpload[] = [];
  class FakeUpload {
    status = 0;
    response: unknown = null;
    responseType = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      if (answer === undefined) pending.push(this);
      else queueMicrotask(() => this.keep(answer));
    }
    keep(url: string) {
      this.answer(201, { url, width: 1600, height: 667, srcset: '' });
    }
    answer(status: number, body: unknown) {
      this.status = status;
      this.response = body;
      this.onload?.();
    }
    abort() {
      if (pending.includes(this)) pending.splice(pending.indexOf(this), 1);
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return {
    pending,
    finish: (url: string) => act(async () => pending.shift()?.keep(url)),
    /** The oldest upload answered with another status and body (an error envelope, say). */
    refuse: (status: number, body: unknown) =>
      act(async () => pending.shift()?.answer(status, body)),
    /** The oldest upload's connection lost. */
    cutOff: () => act(async () => pending.shift()?.onerror?.()),
  };
}

/**
 * The labels (as shown) of the required controls in `container`, and the labels and legends shown
 * with the required mark ' *': the two agree when every required field is marked, and only those.
 */
export function requiredMarks(container: HTMLElement) {
  const labels = [...container.querySelectorAll('label')];
  const labelOf = (control: Element) =>
    labels.find((label) => label.htmlFor === control.id)?.textContent ?? `unlabelled ${control.id}`;
  const required = [...container.querySelectorAll('input, select, textarea')]
    .filter((c) => (c as HTMLInputElement).required || c.getAttribute('aria-required') === 'true')
    .map(labelOf);
  const marked = [...container.querySelectorAll('label, legend')]
    .map((element) => element.textContent ?? '')
    .filter((text) => text.endsWith(' *'));
  return { required, marked };
}

/**
 * For timing a toast: fake timers that still run on by themselves (so Testing Library's waiting
 * works), and a user whose pauses move them. Undone by vi.useRealTimers().
 */
export function userOnFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
}

/** `toast`, on screen now, is still there 100 ms before `ms` have passed and gone 100 ms after. */
export function expectToastFor(toast: HTMLElement, ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms - 100);
  });
  expect(toast.isConnected).toBe(true);
  act(() => {
    vi.advanceTimersByTime(200);
  });
  expect(toast.isConnected).toBe(false);
}

/** A dashboard answer that matches its schema, for tests that land on /admin signed in. */
export const DASHBOARD: Answer = {
  status: 200,
  body: {
    totalCompetitions: 3,
    totalCategories: 2,
    activeCompetitions: 1,
    participants: 40,
    pendingReviews: 5,
    monthlyGrowthPercent: 25,
    revenue: 125000,
    recentCompetitions: [{ id: 'c1', title: 'Spring Colours', createdAt: '2026-03-01T10:00:00Z' }],
    upcomingCompetitions: [],
    recentSubmissions: [],
    paidTwice: [],
    likelyDuplicates: { total: 0, groups: [] },
  },
};
