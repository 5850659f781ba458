import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';

/** Seed §4/§9: a toast lasts 5000 ms unless its caller says otherwise. */
export const DEFAULT_TOAST_MS = 5000;

export type ToastVariant = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
}
interface ToastApi {
  showToast(message: string, options?: { variant?: ToastVariant; durationMs?: number }): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  success: 'border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  error: 'border-red-700 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  info: 'border-gray-400 bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-50',
};

/**
 * Toasts are announced to screen readers: errors assertively (role="alert"), the rest politely.
 * Each can be dismissed by hand before its time runs out.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  const showToast = useCallback<ToastApi['showToast']>(
    (message, { variant = 'info', durationMs = DEFAULT_TOAST_MS } = {}) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, message, variant }]);
      setTimeout(() => dismiss(id), durationMs);
    },
    [dismiss],
  );

  const list = (variants: ToastVariant[]) =>
    toasts
      .filter((t) => variants.includes(t.variant))
      .map((t) => (
        <div
          key={t.id}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg ${VARIANT_CLASSES[t.variant]}`}
        >
          <p className="flex-1">{t.message}</p>
          <button
            type="button"
            onClick={() => dismiss(t.id)}
            className="rounded px-1 font-bold focus-visible:outline-2 focus-visible:outline-current"
            aria-label="Dismiss notification"
          >
            ×
          </button>
        </div>
      ));

  return (
    <ToastContext value={{ showToast }}>
      {children}
      {/* On a phone, under the header: at the bottom a toast covered the button it spoke of
          ('Payment cancelled' over 'Complete payment') and the competition's Register Now bar. */}
      <div className="pointer-events-none fixed inset-x-4 top-20 z-50 flex flex-col items-end gap-2 sm:top-auto sm:bottom-4 sm:left-auto sm:w-96">
        <div role="status" aria-live="polite" className="flex w-full flex-col gap-2">
          {list(['success', 'info'])}
        </div>
        <div role="alert" className="flex w-full flex-col gap-2">
          {list(['error'])}
        </div>
      </div>
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
