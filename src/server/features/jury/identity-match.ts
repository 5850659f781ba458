import { IDENTITY_KINDS, type IdentityKind } from '../../../shared/schemas/jury-redaction.ts';

/*
 * Whether an answer names its artist: their full name, e-mail or phone, as an artist might type
 * them into a title or a statement. Case does not matter; a name matches with or without the
 * spaces between its parts ("Meera Iyer", "meeraiyer", "meera.iyer"), and a phone number by its
 * digits whatever the spacing ("+91 98765 43210", "98765-43210", "9876543210").
 */

export interface ArtistIdentity {
  fullName: string;
  email: string;
  phone: string;
}

/** What replaces each match in the copy the admin is offered for the jury. */
export const REDACTED_MARK = '[redacted]';

/** A name of fewer letters than this would match inside ordinary words. */
const NAME_MIN_LETTERS = 3;
/** A phone is known by its last ten digits (the national number), the country code being optional. */
const PHONE_DIGITS = 10;
const PHONE_MIN_DIGITS = 6;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternsOf(who: ArtistIdentity): [IdentityKind, RegExp][] {
  const patterns: [IdentityKind, RegExp][] = [];
  const parts = who.fullName.trim().split(/\s+/u).filter(Boolean);
  if (parts.join('').length >= NAME_MIN_LETTERS) {
    patterns.push(['name', new RegExp(parts.map(escape).join('[\\s._-]*'), 'giu')]);
  }
  const email = who.email.trim();
  if (email.includes('@')) patterns.push(['email', new RegExp(escape(email), 'giu')]);
  const digits = who.phone.replace(/\D/g, '').slice(-PHONE_DIGITS);
  if (digits.length >= PHONE_MIN_DIGITS) {
    patterns.push(['phone', new RegExp(digits.split('').join('[\\s().-]*'), 'g')]);
  }
  return patterns;
}

interface Match {
  kind: IdentityKind;
  start: number;
  end: number;
}

function matchesIn(text: string, who: ArtistIdentity): Match[] {
  return patternsOf(who).flatMap(([kind, pattern]) =>
    [...text.matchAll(pattern)].map((m) => ({ kind, start: m.index, end: m.index + m[0].length })),
  );
}

/** What of the artist the text contains, in the order of IDENTITY_KINDS (none: []). */
export function identityIn(text: string, who: ArtistIdentity): IdentityKind[] {
  const found = new Set(matchesIn(text, who).map((m) => m.kind));
  return IDENTITY_KINDS.filter((kind) => found.has(kind));
}

/** The text with each mention of the artist replaced by REDACTED_MARK (overlaps merged). */
export function maskIdentity(text: string, who: ArtistIdentity): string {
  const spans = matchesIn(text, who).sort((a, b) => a.start - b.start);
  let masked = '';
  let at = 0;
  for (const span of spans) {
    if (span.end <= at) continue;
    if (span.start >= at) masked += text.slice(at, span.start) + REDACTED_MARK;
    at = span.end;
  }
  return masked + text.slice(at);
}
