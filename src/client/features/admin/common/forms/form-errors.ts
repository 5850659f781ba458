import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, ERROR_MESSAGES } from '../../../../lib/api-client.ts';

/**
 * Where a failed request's messages go: the server's field messages (`fields` of the error
 * envelope) under the fields the form has (`known`), renamed by `rename` where the server's name
 * differs; anything else in `root`, the form's alert. For forms with or without react-hook-form.
 */
export function placeRequestError(
  error: unknown,
  known: readonly string[],
  rename: Record<string, string> = {},
): { fields: [name: string, message: string][]; root: string | undefined } {
  if (!(error instanceof ApiError)) return { fields: [], root: ERROR_MESSAGES.UNKNOWN_ERROR };
  const fields = Object.entries(error.fields ?? {})
    .map(([field, message]): [string, string] => [rename[field] ?? field, message])
    .filter(([name]) => known.includes(name));
  return { fields, root: fields.length > 0 ? undefined : error.message };
}

/**
 * Shows a failed request on its form (placeRequestError's places; `errors.root` is the alert),
 * focusing the first field that shows a message. True when a field shows one.
 */
export function showRequestError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  rename: Record<string, Path<T>> = {},
): boolean {
  const { fields, root } = placeRequestError(error, Object.keys(form.getValues()), rename);
  fields.forEach(([name, message], index) => {
    form.setError(name as Path<T>, { message }, { shouldFocus: index === 0 });
  });
  if (root !== undefined) form.setError('root', { message: root });
  return fields.length > 0;
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
