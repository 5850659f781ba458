/*
 * The artist's entry page (its path is in page-paths.ts). No zod here: the entry page and the
 * server's answers share this message without the form schemas.
 */

/** An entry link that opens nothing: altered, expired, another's, or the entry gone. */
export const ENTRY_LINK_INVALID = 'This link is not valid or has expired.';
