import type { z } from 'zod';

/**
 * For a list's refinement: an issue at `path` when `key` is in `seen` already (an earlier row has
 * it), then `key` is recorded. The message names the row the admin sees.
 */
export function flagRepeat(
  context: z.RefinementCtx,
  seen: Set<string>,
  key: string,
  path: (string | number)[],
  message: string,
): void {
  if (seen.has(key)) context.addIssue({ code: 'custom', path, message });
  seen.add(key);
}
