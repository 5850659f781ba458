import { z } from 'zod';

/** Lengths are capped before anything is hashed (issue 4, "Bad input"). */
export const USERNAME_MAX_LENGTH = 64;
export const PASSWORD_MAX_LENGTH = 256;

export const SignInSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(USERNAME_MAX_LENGTH),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const AdminSessionSchema = z.object({ username: z.string() });
export type AdminSession = z.infer<typeof AdminSessionSchema>;

/** Issue 4: a new password has at least 12 characters and is not the username. */
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
