import { useState } from 'react';

/**
 * Rows chosen for a bulk action, in the view they were chosen in: another view (a search, a
 * filter, a page, the back button) starts with none.
 */
export function useSelection(view: string) {
  const [selection, setSelection] = useState<{ view: string; ids: ReadonlySet<string> }>({
    view,
    ids: new Set(),
  });
  const selected = selection.view === view ? selection.ids : new Set<string>();
  const change = (next: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
    setSelection({ view, ids: next(selected) });
  return {
    selected,
    toggle: (id: string, on: boolean) =>
      change((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    drop: (id: string) => change((current) => new Set([...current].filter((one) => one !== id))),
    clear: () => change(() => new Set()),
  };
}
