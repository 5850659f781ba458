import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearApiCache, primeApiCache, useApiResource } from './api-cache.ts';

afterEach(() => {
  vi.restoreAllMocks();
  clearApiCache();
});

const PATH = '/api/things';

/** Fetch answers in turn, recording each request's path. */
function stubFetch(...answers: { status: number; body: unknown }[]): string[] {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    calls.push(new URL(String(input), 'http://localhost').pathname);
    const answer = answers.shift() ?? { status: 500, body: null };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

function Thing() {
  const { data, error, loading, retry } = useApiResource<{ name: string }>(PATH);
  if (loading) return <p>Loading</p>;
  if (error) {
    return (
      <button type="button" onClick={retry}>
        {`${error.status} ${error.message}`}
      </button>
    );
  }
  return <p>{data?.name}</p>;
}

const failure = { status: 500, body: { error: { code: 'INTERNAL', message: 'Broken' } } };

describe('the public pages’ API cache', () => {
  it('shows an inlined answer without asking, then refreshes it on the next visit', async () => {
    const calls = stubFetch({ status: 200, body: { name: 'Newer' } });
    primeApiCache({ [PATH]: { name: 'Inlined' } });
    const first = render(<Thing />);
    expect(screen.getByText('Inlined')).toBeTruthy();
    await act(() => Promise.resolve());
    expect(calls).toEqual([]);
    first.unmount();

    render(<Thing />);
    expect(screen.getByText('Inlined')).toBeTruthy();
    await screen.findByText('Newer');
    expect(calls).toEqual([PATH]);
  });

  it('keeps what it showed when a refresh fails', async () => {
    const calls = stubFetch(failure);
    primeApiCache({ [PATH]: { name: 'Inlined' } });
    render(<Thing />).unmount();
    render(<Thing />);
    await vi.waitFor(() => expect(calls).toEqual([PATH]));
    await act(() => Promise.resolve());
    expect(screen.getByText('Inlined')).toBeTruthy();
  });

  it('shows an inlined 404 as an error without asking; Try again asks', async () => {
    const calls = stubFetch({ status: 200, body: { name: 'Found' } });
    primeApiCache({ [PATH]: { error: { code: 'NOT_FOUND', message: 'Gone' } } });
    render(<Thing />);
    const button = screen.getByRole('button', { name: '404 Gone' });
    expect(calls).toEqual([]);
    act(() => button.click());
    await screen.findByText('Found');
    expect(calls).toEqual([PATH]);
  });

  it('forgets a failed request: the next visit shows loading and asks again', async () => {
    const calls = stubFetch(failure, { status: 200, body: { name: 'Back' } });
    const first = render(<Thing />);
    await screen.findByRole('button', { name: /^500 / });
    first.unmount();
    render(<Thing />);
    expect(screen.getByText('Loading')).toBeTruthy();
    await screen.findByText('Back');
    expect(calls).toEqual([PATH, PATH]);
  });
});
