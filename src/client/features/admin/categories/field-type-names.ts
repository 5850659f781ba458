import type { FormFieldType } from '../../../../shared/schemas/form-field.ts';

/** Each registration form field type by the name the category form shows for it. */
export const FIELD_TYPE_NAMES: Record<FormFieldType, string> = {
  text: 'Text',
  image: 'Image',
  video: 'Video',
  link: 'Link',
  longText: 'Long text',
  number: 'Number',
  choice: 'One choice',
  choices: 'Several choices',
  yesNo: 'Yes or no',
  date: 'Date',
  document: 'Document (PDF)',
};
