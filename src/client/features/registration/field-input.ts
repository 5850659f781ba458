import { isFileField } from '../../../shared/domain/field-answers.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';

/*
 * A category field's value as the form holds it (text as typed, the choices ticked, a chosen file)
 * and as the shared check takes it (a number, yes or no as a boolean, a list of choices).
 */

/** What the form holds for a field: typed text, ticked choices, a chosen file (or none). */
export type HeldFieldValue = string | string[] | Blob | null;

/** A field's starting value: a kept draft's text where there is one. */
export function initialFieldValue(field: FormField, typed: string | undefined): HeldFieldValue {
  if (isFileField(field)) return null;
  if (field.type === 'choices') return [];
  return typed ?? '';
}

/** Text as the number it says ('abc' is NaN, which the check refuses); empty is no answer. */
const numberOf = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));

/**
 * The value to check and send, or undefined to leave the field out (an empty optional answer).
 * A required one left empty is sent empty, so the check says it is required.
 */
export function fieldInputOf(field: FormField, held: HeldFieldValue | undefined): unknown {
  if (held === null || held === undefined) return undefined;
  if (held instanceof Blob) return held;
  if (Array.isArray(held)) return held.length > 0 ? held : undefined;
  switch (field.type) {
    case 'number':
      return numberOf(held);
    case 'yesNo':
      return held === '' ? undefined : held === 'yes';
    case 'text':
    case 'longText':
    case 'video':
    case 'link':
      return held !== '' || field.required ? held : undefined;
    default:
      return held === '' ? undefined : held;
  }
}
