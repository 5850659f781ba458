import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, ERROR_MESSAGES } from '../../../../lib/api-client.ts';

/**
 * Shows a failed request on its form: the server's field messages (`fields` of the error
 * envelope) under the fields they name, renamed by `rename` where the server's name differs;
 * anything else as the form's alert (`errors.root`). True when a field shows a message.
 */
export function showRequestError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  rename: Record<string, Path<T>> = {},
): boolean {
  if (!(error instanceof ApiError)) {
    form.setError('root', { message: ERROR_MESSAGES.UNKNOWN_ERROR });
    return false;
  }
  const known = new Set(Object.keys(form.getValues()));
  let shown = false;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const name = rename[field] ?? field;
    if (!known.has(name)) continue;
    form.setError(name as Path<T>, { message }, { shouldFocus: !shown });
    shown = true;
  }
  if (!shown) form.setError('root', { message: error.message });
  return shown;
}

/**
 * A form's submit handler: `action` with the checked values; a refused request's errors are shown
 * under their fields (or above the form), so every form of the admin area answers alike.
 */
export function submitOrShowErrors<TIn extends FieldValues, TOut extends FieldValues>(
  form: UseFormReturn<TIn, unknown, TOut>,
  action: (values: TOut) => Promise<void>,
  rename: Record<string, Path<TIn>> = {},
) {
  return form.handleSubmit(async (values) => {
    try {
      await action(values);
    } catch (error) {
      showRequestError(form, error, rename);
    }
  });
}
