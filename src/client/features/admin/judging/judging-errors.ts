import { ApiError } from '../../../lib/api-client.ts';
import type { SetupForm } from './setup-values.ts';

/** The set-up's fields a server message can be shown under (a criterion's by its row). */
const SHOWN_FIELDS = [
  /^criteria$/,
  /^criteria\.\d+\.(name|description|weight|scaleMin|scaleMax)$/,
  /^panel$/,
  /^jurorsPerEntry$/,
];

/**
 * A refused save's field messages under their fields, criteria rows included ('criteria.2.weight'),
 * the first of them focused. True when a field shows a message; the caller words the alert.
 */
export function showJudgingErrors(form: SetupForm, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    if (!SHOWN_FIELDS.some((pattern) => pattern.test(field))) continue;
    // The names match the pattern above, which are the form's own paths.
    form.setError(field as 'criteria', { message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
