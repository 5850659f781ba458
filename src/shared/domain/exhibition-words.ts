/*
 * Words of the public exhibition pages that the browser needs without the exhibition's zod
 * schemas (src/shared/schemas/exhibition.ts), which would add all of zod to the gallery's script.
 */

/** Shown for the artist of a work whose artist chose to withhold their name. */
export const EXHIBITION_NAME_WITHHELD = 'Name withheld';
