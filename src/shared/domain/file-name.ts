/*
 * The part of a saved file's name taken from a person's or a thing's name: letters and digits of
 * any script, the rest as single hyphens, lower-cased ('Asha Rao' → 'asha-rao', 'मीरा' stays).
 * Shared, so the browser suggests the name the server gives.
 */
export function slugOf(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
