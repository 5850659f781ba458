/*
 * The one rule for every e-mail address the site accepts (an artist's, a juror's, an account's,
 * the contact address): exactly one plain address, `local@domain`, so that what is stored is where
 * the mail goes. Mail libraries read a header value as an address list, where `a(comment)b@c`
 * is `ab@c` with a comment, `victim;attacker@evil` is two addresses, and `Name <x@y>` is x@y: each
 * of those is refused here rather than understood differently downstream.
 *
 * The local part is a dot-atom: RFC 5322's atext (letters, digits and ! # $ % & ' * + / = ? ^ _ `
 * { | } ~ -) and letters of any script, in dot-separated runs. No quotes, brackets, comments,
 * `;`, `,`, `:`, `\`, spaces or control characters. The domain is labels of letters, digits and
 * inner hyphens, at least two of them (a name that only resolves inside one network is no one's
 * address on the internet).
 */

export const EMAIL_ADDRESS_MAX = 254;
/** RFC 5321's limits on the two parts. */
const LOCAL_PART_MAX = 64;
const LABEL_MAX = 63;

const ATOM = String.raw`[\p{L}\p{M}\p{N}!#$%&'*+/=?^_\x60{|}~-]+`;
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`, 'u');
const LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;

/**
 * True when `value` (already trimmed) is exactly one plain address. `singleLabelDomain` lets the
 * operator's own sender address be `no-reply@localhost`; nobody else's may be.
 */
export function isEmailAddress(
  value: string,
  { singleLabelDomain = false }: { singleLabelDomain?: boolean } = {},
): boolean {
  if (value.length > EMAIL_ADDRESS_MAX) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > LOCAL_PART_MAX || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < (singleLabelDomain ? 1 : 2)) return false;
  return labels.every((label) => label.length <= LABEL_MAX && LABEL.test(label));
}
