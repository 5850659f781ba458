/**
 * The header the site's API client sends with every request; the server refuses a state-changing
 * request without it (a cross-site form cannot set it, and a cross-site fetch cannot send it
 * without a CORS preflight the server never answers).
 */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'white-stroke';
