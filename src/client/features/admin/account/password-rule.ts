import type { z } from 'zod';
import { passwordProblem } from '../../../../shared/schemas/auth.ts';

/** The rule for a new password, shown under the field before anything is typed. */
export const PASSWORD_RULE_HINT = 'At least 12 characters, not your username';

/** For a form schema's superRefine: the shared new-password rule, reported on `field`. */
export function checkNewPassword(
  context: z.RefinementCtx,
  password: string,
  username: string,
  field: string,
): void {
  const problem = passwordProblem(password, username);
  if (problem) context.addIssue({ code: 'custom', message: problem, path: [field] });
}
