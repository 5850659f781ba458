/*
 * The artist's entry page (issue 13), as the server links to it and the browser routes it. No
 * zod here: the home page's first download imports the site's paths, and must not pull in the
 * form schemas.
 */

/**
 * The entry page. Its link carries the token after '#', so the token never reaches a server's
 * log or another site's Referer; the page sends it in a request body.
 */
export const ENTRY_PAGE_PATH = '/entry';

/** An entry link that opens nothing: altered, expired, another's, or the entry gone. */
export const ENTRY_LINK_INVALID = 'This link is not valid or has expired.';
