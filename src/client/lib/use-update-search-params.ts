import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Sets or clears some query parameters of the current address, keeping the others, without a new
 * history entry (a filter being typed is not a place to go back to).
 *
 * Why not `setSearchParams((current) => …)`: React Router hands that function the parameters of
 * the last render, and renders a navigation inside a transition, so two changes in quick
 * succession (clearing the search, then picking a category) both start from the same old
 * parameters and the second brings back what the first removed. The address bar is updated at
 * once, so each change starts from it. (The app runs in a BrowserRouter; under a MemoryRouter
 * the address bar is not the router's, and this hook would not fit.)
 */
export function useUpdateSearchParams(): (changes: Record<string, string>) => void {
  const navigate = useNavigate();
  return useCallback(
    (changes) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      void navigate(`?${next}`, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );
}
