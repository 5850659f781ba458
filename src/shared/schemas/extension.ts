import { z } from 'zod';
import { emailSchema } from './registration.ts';

/* An artist's personal leave to register after the close (decision 021). */

export const EXTENSION_MESSAGES = {
  validUntil: 'Choose a time in the future',
} as const;

/** `POST /api/admin/competitions/:id/extensions`. */
export const ExtensionInputSchema = z.object({
  email: emailSchema(),
  /** An instant (ISO 8601); the link works until then. */
  validUntil: z.iso.datetime({ offset: true, message: EXTENSION_MESSAGES.validUntil }),
});
export type ExtensionInput = z.infer<typeof ExtensionInputSchema>;

export const ExtensionSchema = z.object({
  id: z.string(),
  email: z.string(),
  validUntil: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Entries registered with it. */
  used: z.number().int().min(0),
});
export type Extension = z.infer<typeof ExtensionSchema>;

/** The answer to a grant: the link is shown this once (only its hash is kept). */
export const ExtensionGrantedSchema = ExtensionSchema.extend({ link: z.string() });
export type ExtensionGranted = z.infer<typeof ExtensionGrantedSchema>;

/** The extension an entry was let in with, as the admin's entry view shows it. */
export const EntryExtensionSchema = z.object({
  validUntil: z.string(),
  createdBy: z.string(),
});
