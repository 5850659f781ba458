import type { Deps } from '../../deps.ts';
import { insertUnsubscribe } from './reminders.repository.ts';
import { isUnsubscribeToken } from './unsubscribe-links.ts';

/** The link's token is the one made for the address. */
export function unsubscribeLinkIsValid(
  deps: Pick<Deps, 'db' | 'clock'>,
  address: string,
  token: string,
): Promise<boolean> {
  return isUnsubscribeToken(deps, address, token);
}

/** No more reminders to `address` (asking twice is the same as once). */
export async function unsubscribe(deps: Pick<Deps, 'db' | 'clock'>, address: string) {
  await insertUnsubscribe(deps.db, address, deps.clock.now().toISOString());
}
