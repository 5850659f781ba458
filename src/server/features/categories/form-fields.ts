import { randomBytes } from 'node:crypto';
import { CATEGORY_MESSAGES, type CategoryValues } from '../../../shared/schemas/category.ts';
import {
  DEFAULT_FORM_FIELDS,
  type FormField,
  isDefaultFormField,
  isShownToJurors,
} from '../../../shared/schemas/form-field.ts';
import { invalidField } from '../../errors.ts';

/** An id for a new custom field: random, and checked against every id the category holds. */
function newFieldId(taken: Set<string>): string {
  for (;;) {
    const id = `custom_${randomBytes(6).toString('hex')}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * The fields to store. Fields the category already has keep their ids and types (submissions
 * hold values by field id, read by type); a field without an id is a new custom one and gets a
 * fresh id; an id the category does not have is refused rather than adopted, so no field can
 * take over another's stored values. Every field is stored with its `shownToJurors` spelt out.
 */
export function resolveFormFields(
  sent: CategoryValues['formFields'],
  current: readonly FormField[],
): FormField[] {
  if (sent === undefined) return current.map((field) => ({ ...field }));
  const known = new Map(current.map((field) => [field.id, field]));
  const taken = new Set([...known.keys(), ...DEFAULT_FORM_FIELDS.map((f) => f.id)]);
  for (const field of sent) if (field.id !== undefined) taken.add(field.id);
  return sent.map((field, index) => {
    if (field.id === undefined) {
      const id = newFieldId(taken);
      taken.add(id);
      return { ...field, id, shownToJurors: isShownToJurors(field) };
    }
    const existing = known.get(field.id);
    if (!existing && !isDefaultFormField(field.id)) {
      throw invalidField(`formFields.${index}.id`, CATEGORY_MESSAGES.unknownFormField);
    }
    if (existing && existing.type !== field.type) {
      throw invalidField(`formFields.${index}.type`, CATEGORY_MESSAGES.formFieldType);
    }
    // Left out: the field keeps its own choice (stored or its type's default).
    const shownToJurors = field.shownToJurors ?? isShownToJurors(existing ?? field);
    const perWork = field.perWork ?? existing?.perWork;
    return { ...field, id: field.id, shownToJurors, ...(perWork === undefined ? {} : { perWork }) };
  });
}
