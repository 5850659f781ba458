// zod/mini: the registration form's schema, in the public pages' bundle, uses this check.
import * as z from 'zod/mini';
import { EMAIL_ADDRESS_MAX, isEmailAddress } from '../domain/email-address.ts';

/** The one e-mail rule (domain/email-address.ts) as a zod check, with the form's own message. */
export function emailAddressCheck(message: string) {
  return z.refine<string>((value) => isEmailAddress(value), { error: message });
}

/** A required address, trimmed and lower-cased (jurors, conflicts and accounts match by it). */
export function lowerCaseEmailSchema(message: string) {
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(EMAIL_ADDRESS_MAX, message),
      emailAddressCheck(message),
    );
}
