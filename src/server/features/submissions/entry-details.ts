import { ageCategoryFor } from '../../../shared/domain/age-category.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import {
  AGE_CATEGORY_LABELS,
  GENDER_LABELS,
  type RegistrationValues,
} from '../../../shared/schemas/registration.ts';

/** Who the artist is, as the form asked. */
type ArtistDetails = Pick<
  RegistrationValues<unknown>,
  'fullName' | 'age' | 'gender' | 'email' | 'phone' | 'address' | 'pincode'
>;

/**
 * An entry as a list of labelled answers, in the form's order: the confirmation e-mail and the
 * artist's entry page show it so. `valueOf` gives a field's answer as text, or undefined to
 * leave the field out.
 */
export function entryDetails(
  artist: ArtistDetails,
  fields: readonly FormField[],
  valueOf: (field: FormField) => string | undefined,
): { label: string; value: string }[] {
  const category = ageCategoryFor(artist.age);
  const lines = [
    { label: 'Full name', value: artist.fullName },
    { label: 'Age', value: String(artist.age) },
    { label: 'Age category', value: category ? AGE_CATEGORY_LABELS[category] : '' },
    { label: 'Gender', value: GENDER_LABELS[artist.gender] },
    { label: 'Email', value: artist.email },
    { label: 'Phone', value: artist.phone },
    { label: 'Address', value: artist.address },
    { label: 'Pincode', value: artist.pincode },
  ];
  for (const field of fields) {
    const value = valueOf(field);
    if (value !== undefined && value !== '') lines.push({ label: field.label, value });
  }
  return lines;
}
