/** Shown while a page's code or the admin session loads. The spin stops for reduced motion. */
export function FullScreenSpinner() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center">
      <span className="h-10 w-10 rounded-full border-4 border-gray-300 border-t-primary motion-safe:animate-spin" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
