import { z } from 'zod';
import { lowerCaseEmailSchema } from './email-address.ts';

/** Lengths are capped before anything is hashed, so a huge input costs no hashing time. */
export const USERNAME_MAX_LENGTH = 64;
export const PASSWORD_MAX_LENGTH = 256;

/** An authenticator app's 6-digit code, or a recovery code ('abcde-12345'), at sign-in. */
const SECOND_FACTOR_MAX_LENGTH = 32;

export const SignInSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(USERNAME_MAX_LENGTH),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
  /** Sent only once the server has answered TWO_FACTOR_REQUIRED. */
  code: z.string().trim().min(1, 'Enter the code').max(SECOND_FACTOR_MAX_LENGTH).optional(),
  /** The code e-mailed to the account while it is locked on new browsers. */
  emailCode: z.string().trim().min(1, 'Enter the code').max(SECOND_FACTOR_MAX_LENGTH).optional(),
});
export type SignIn = z.infer<typeof SignInSchema>;

/** Asking for a code e-mailed to an account locked on new browsers. */
export const SignInCodeRequestSchema = SignInSchema.pick({ username: true });
export const SignInCodeRequestedSchema = z.object({ message: z.string() });

/** An admin runs the site; a juror scores the works of the rounds they sit on, nothing else. */
export const AccountRoleSchema = z.enum(['admin', 'juror']);
export type AccountRole = z.infer<typeof AccountRoleSchema>;

export const AdminSessionSchema = z.object({
  username: z.string(),
  /** Where the account lands after signing in: /admin, or /jury. */
  role: AccountRoleSchema,
  twoFactorEnabled: z.boolean(),
  /** Two-factor is required for every admin and this one has not turned it on yet. */
  twoFactorSetupRequired: z.boolean(),
  /** Present (true) while the password is the one the server generated: asked to change it. */
  passwordChangeRequired: z.literal(true).optional(),
});
export type AdminSession = z.infer<typeof AdminSessionSchema>;

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The security setting requiring two-factor for every admin. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** A new secret waiting to be confirmed by a first code. */
export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const PasswordConfirmationSchema = z.object({
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});

/** An admin's own e-mail address, where sign-in codes go when the account is locked. */
export const AccountEmailSchema = PasswordConfirmationSchema.extend({
  email: lowerCaseEmailSchema('Enter a valid e-mail address'),
});

/** The signed-in admin's own account, as the Account page shows it. */
export const AccountSchema = z.object({ email: z.string().nullable() });
export type Account = z.infer<typeof AccountSchema>;

/**
 * Turning two-factor on asks for the password too: a session borrowed without it must not be able
 * to tie the account to someone else's phone (which would also end the owner's other sessions).
 */
export const TwoFactorEnableSchema = PasswordConfirmationSchema.extend({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
});

/** Shown once, when two-factor is turned on or the codes are renewed. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** A new password has at least 12 characters and is not the username. */
export const PASSWORD_MIN_LENGTH = 12;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const NewUsernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(USERNAME_MAX_LENGTH)
  .regex(USERNAME_PATTERN, 'Use letters, digits, dots, dashes and underscores only');

export function passwordProblem(password: string, username: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  }
  if (password.trim().toLowerCase() === username.trim().toLowerCase()) {
    return 'Password must not be the username';
  }
  return undefined;
}

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().min(1, 'New password is required').max(PASSWORD_MAX_LENGTH),
});

export const NewAdminSchema = z.object({
  username: NewUsernameSchema,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});

export const AdminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  twoFactor: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
