import { ageCategoryFor } from '../../../shared/domain/age-category.ts';
import { type FormField, isAskedPerWork } from '../../../shared/schemas/form-field.ts';
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
 * artist's entry page show it so. `valueOf` gives a field's answer (of work `work`, from 0, for a
 * field asked per work) as text, or undefined to leave the field out. An entry of several works
 * lists its own answers, then each work's, labelled "Work 2: Artwork Title".
 */
export function entryDetails(
  artist: ArtistDetails,
  fields: readonly FormField[],
  works: number,
  valueOf: (field: FormField, work: number) => string | undefined,
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
  const add = (field: FormField, work: number, label: string) => {
    const value = valueOf(field, work);
    if (value !== undefined && value !== '') lines.push({ label, value });
  };
  if (works <= 1) {
    for (const field of fields) add(field, 0, field.label);
    return lines;
  }
  for (const field of fields.filter((f) => !isAskedPerWork(f))) add(field, 0, field.label);
  for (let work = 0; work < works; work += 1) {
    for (const field of fields.filter(isAskedPerWork)) {
      add(field, work, `Work ${work + 1}: ${field.label}`);
    }
  }
  return lines;
}
