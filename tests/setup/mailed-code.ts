/**
 * The code of `digits` digits standing alone in an e-mail's text, or undefined. Digits inside
 * a word or after a hyphen are not it: a name such as `coded-38201945` (random hex that came out
 * all digits) or a sign-in link's token may hold a run of the same length.
 */
export function codeInMail(text: string, digits: 6 | 8): string | undefined {
  const withoutLinks = text.replace(/\S*\/me\/sign-in#\S+/g, '');
  return new RegExp(`(?<![\\w-])(\\d{${digits}})(?![\\w-])`).exec(withoutLinks)?.[1];
}
