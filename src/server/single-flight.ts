/**
 * Work keyed by what it is about, done once at a time per key: a call made while the same key's
 * work is under way gets that work's promise instead of starting it again (a double click asks a
 * payment provider once). Once it settles, the next call starts afresh. Per process: servers
 * sharing a database still need the database's own guard.
 */
export type SingleFlight<T> = (key: string, work: () => Promise<T>) => Promise<T>;

export function singleFlight<T>(): SingleFlight<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key, work) => {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = work().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
