/*
 * A name, a title or a one-line answer holds no line break. One typed inside
 * would break the line it is shown on, and in an e-mail's header it could start a new header.
 */

/** A line break of any kind: CR, LF, or Unicode's line and paragraph separators. */
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** Whether the text is on one line (check it after trimming: a break at either end is dropped). */
export function isOneLine(text: string): boolean {
  return !LINE_BREAK.test(text);
}

/** 'Full name must be on one line'. */
export function oneLineMessage(label: string): string {
  return `${label} must be on one line`;
}
