import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_MS, ToastProvider, useToast } from './toast.tsx';

function Trigger({ durationMs }: { durationMs?: number }) {
  const { showToast } = useToast();
  return (
    <>
      <button
        onClick={() => showToast('Saved', durationMs ? { durationMs, variant: 'success' } : {})}
      >
        show
      </button>
      <button onClick={() => showToast('Failed to add banner', { variant: 'error' })}>fail</button>
    </>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('last 5000 ms by default', () => {
    expect(DEFAULT_TOAST_MS).toBe(5000);
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show'));
    expect(screen.getByRole('status').textContent).toContain('Saved');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('last as long as the caller asks (3 s for banners and video)', () => {
    render(
      <ToastProvider>
        <Trigger durationMs={3000} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show'));
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('announce errors assertively and can be dismissed by hand', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('fail'));
    expect(screen.getByRole('alert').textContent).toContain('Failed to add banner');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Failed to add banner')).toBeNull();
  });
});
