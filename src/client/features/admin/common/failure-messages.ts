import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError, toApiError } from '../../../lib/api-client.ts';
import type { AdminResource } from './admin-query.tsx';
import { showRequestError } from './forms/form-errors.ts';

/*
 * The seed's failure messages (§8) as the content screens show them: the seed's words first, then
 * the server's reason where the admin needs it to act.
 */

/** 'Failed to delete category. This category is used by 2 competitions. …' */
export function withReason(seedMessage: string, error: unknown): string {
  return `${seedMessage}. ${toApiError(error).message}`;
}

/**
 * A failed save on its form: the server's field messages under their fields, and the seed's
 * message above the form, with the server's reason unless a field already shows it.
 */
export function showSaveFailure<T extends FieldValues>(
  form: UseFormReturn<T>,
  seedMessage: string,
  error: unknown,
): void {
  const fieldsShown = showRequestError(form, error);
  form.setError('root', { message: fieldsShown ? seedMessage : withReason(seedMessage, error) });
}

/** A list that failed to load, its failure said in the seed's words ('Failed to fetch banners'). */
export function withSeedMessage<T>(resource: AdminResource<T>, message: string): AdminResource<T> {
  const { error } = resource;
  return error ? { ...resource, error: new ApiError(error.status, error.code, message) } : resource;
}
