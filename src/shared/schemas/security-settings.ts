import { z } from 'zod';

/**
 * Sign-in rules an admin can change. Every field is required when they are saved
 * (PUT /api/admin/security-settings), so leaving one out never resets it quietly.
 */
export const SecuritySettingsSchema = z
  .object({
    requireTwoFactor: z.boolean(),
    sessionIdleMinutes: z
      .number({ error: 'Enter a number of minutes' })
      .int('Use whole minutes')
      .min(5, 'At least 5 minutes')
      .max(24 * 60, 'At most 1440 minutes (24 hours)'),
    sessionAbsoluteHours: z
      .number({ error: 'Enter a number of hours' })
      .int('Use whole hours')
      .min(1, 'At least 1 hour')
      .max(7 * 24, 'At most 168 hours (7 days)'),
  })
  .refine((s) => s.sessionIdleMinutes <= s.sessionAbsoluteHours * 60, {
    message: 'The idle timeout cannot be longer than the absolute lifetime',
    path: ['sessionIdleMinutes'],
  });
/** PRODUCT.md point 2: idle 2 h, absolute 12 h; two-factor offered, not required. */
export const DEFAULT_SECURITY_SETTINGS = {
  requireTwoFactor: false,
  sessionIdleMinutes: 120,
  sessionAbsoluteHours: 12,
} as const;
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;
