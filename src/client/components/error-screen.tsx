import { Component, type ErrorInfo, type ReactNode } from 'react';

/** The text under the heading: an HTTP-ish error's status text, else its message. */
export function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const { statusText, message } = error as { statusText?: unknown; message?: unknown };
    if (typeof statusText === 'string' && statusText) return statusText;
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
}

/** Seed §8's generic routing error screen. */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-4 px-4 py-16"
    >
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="text-lg text-red-800 dark:text-red-300">{describeError(error)}</p>
      <p>
        <a href="/" className="font-semibold text-[var(--color-primary-text)] underline">
          Return to Home
        </a>
      </p>
    </main>
  );
}

/** Catches a render error anywhere below it; a new location (`resetKey`) clears it. */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error: unknown; key: string }
> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error: unknown; key: string },
  ) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Visible in the browser console for whoever reports the problem.
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error !== undefined ? (
      <ErrorScreen error={this.state.error} />
    ) : (
      this.props.children
    );
  }
}
