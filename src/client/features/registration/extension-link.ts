import { ENTRY_EXTENSION_HEADER } from '../../../shared/registration-request.ts';

/*
 * An artist's personal extension link (decision 021) is the registration page with
 * `#extension=<secret>`: after '#', so no server logs it. The page reads it after hydration and
 * each send carries it in a header; the server alone decides whether it lets this artist in.
 */

export const EXTENSION_NOTE =
  'Entries have closed, but you have a personal extension: register with the e-mail address it was given for.';

/** The link's secret on this page, or null. Browser only: call it from effects and handlers. */
export function readExtensionToken(): string | null {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const token = hash.get('extension');
  return token && /^[A-Za-z0-9_-]{1,100}$/.test(token) ? token : null;
}

/** Adds the extension header to a registration's request when the page has a link's secret. */
export function sendExtension(xhr: XMLHttpRequest): void {
  const token = readExtensionToken();
  if (token) xhr.setRequestHeader(ENTRY_EXTENSION_HEADER, token);
}
