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
 * One answer: `key` names it as a registration's messages do ('fullName',
 * 'fieldValues.<id>', 'works.<n>.fieldValues.<id>'), so a change to it can be sent back.
 */
export interface EntryDetailLine {
  key: string;
  label: string;
  value: string;
}

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
): EntryDetailLine[] {
  const category = ageCategoryFor(artist.age);
  const lines: EntryDetailLine[] = [
    { key: 'fullName', label: 'Full name', value: artist.fullName },
    { key: 'age', label: 'Age', value: String(artist.age) },
    {
      key: 'ageCategory',
      label: 'Age category',
      value: category ? AGE_CATEGORY_LABELS[category] : '',
    },
    { key: 'gender', label: 'Gender', value: GENDER_LABELS[artist.gender] },
    { key: 'email', label: 'Email', value: artist.email },
    { key: 'phone', label: 'Phone', value: artist.phone },
    { key: 'address', label: 'Address', value: artist.address },
    { key: 'pincode', label: 'Pincode', value: artist.pincode },
  ];
  const add = (field: FormField, work: number, label: string) => {
    const value = valueOf(field, work);
    const key = isAskedPerWork(field)
      ? `works.${work}.fieldValues.${field.id}`
      : `fieldValues.${field.id}`;
    if (value !== undefined && value !== '') lines.push({ key, label, value });
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
