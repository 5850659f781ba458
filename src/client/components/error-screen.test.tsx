import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-screen.tsx';

function Broken({ error }: { error: unknown }): never {
  throw error;
}

describe('the routing error screen', () => {
  it("shows 'Unexpected Application Error!' followed by the error's message", () => {
    // React reports the caught error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary resetKey="/a">
        <Broken error={new Error('Competition not found')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Unexpected Application Error!',
    );
    expect(screen.getByText('Competition not found')).toBeTruthy();
  });

  it('prefers the status text when the error has one', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary resetKey="/a">
        <Broken error={{ status: 404, statusText: 'Not Found', message: 'ignored' }} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Not Found')).toBeTruthy();
    expect(screen.queryByText('ignored')).toBeNull();
  });

  it('clears when the visitor goes to another page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Broken error={new Error('boom')} />
      </ErrorBoundary>,
    );
    rerender(
      <ErrorBoundary resetKey="/b">
        <p>Another page</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Another page')).toBeTruthy();
  });
});
