import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import {
  formErrorsOf,
  initialFormValues,
  isBlob,
  formNames,
  registrationInput,
  type RegistrationFormValues,
} from './registration-form-values.ts';
import { registrationResolver } from './registration-check.ts';

const FIELDS: FormField[] = [
  { id: 'artworkTitle', type: 'text', label: 'Artwork Title', required: true, enabled: true },
  { id: 'artworkUrl', type: 'image', label: 'Artwork Photo', required: true, enabled: true },
  { id: 'description', type: 'text', label: 'Description', required: false, enabled: true },
  { id: 'videoUrl', type: 'video', label: 'YouTube Video Link', required: false, enabled: true },
];

const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

function filled(overrides: Partial<RegistrationFormValues> = {}): RegistrationFormValues {
  return {
    ...initialFormValues(FIELDS),
    fullName: '  Meera Iyer ',
    age: '34',
    gender: 'female',
    email: 'meera@example.com',
    phone: '+91 98765 43210',
    address: '4 Lake Road, Kolkata',
    pincode: '700029',
    photo: jpeg(),
    fieldValues: { artworkTitle: 'Rain', artworkUrl: jpeg(), description: '', videoUrl: '' },
    consent: true,
    publicationConsent: 'name',
    ...overrides,
  };
}

/** The resolver's answer (it answers at once: the shared check is synchronous). */
function resolve(values: RegistrationFormValues) {
  const resolver = registrationResolver('c1', FIELDS);
  const result = resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  if (result instanceof Promise) throw new Error('The resolver is synchronous');
  return result;
}

describe('initialFormValues', () => {
  it('is an empty form with a place for every field, pictures as null', () => {
    const values = initialFormValues(FIELDS);
    expect(values.fieldValues).toEqual({
      artworkTitle: '',
      artworkUrl: null,
      description: '',
      videoUrl: '',
    });
    expect(values).toMatchObject({ fullName: '', age: '', gender: '', consent: false });
    // The publication choice starts with none chosen: the artist decides.
    expect(values.publicationConsent).toBe('');
  });

  it('fills in what a draft kept, never a picture', () => {
    const values = initialFormValues(FIELDS, {
      fullName: 'Meera',
      gender: 'female',
      fieldValues: { artworkTitle: 'Rain', artworkUrl: 'x' },
    });
    expect(values.fullName).toBe('Meera');
    expect(values.gender).toBe('female');
    expect(values.fieldValues).toMatchObject({ artworkTitle: 'Rain', artworkUrl: null });
  });
});

describe('registrationInput', () => {
  it('turns the typed age into a number and leaves empty optional answers out', () => {
    const input = registrationInput(filled(), 'c1', FIELDS);
    expect(input.age).toBe(34);
    expect(input.competitionId).toBe('c1');
    // Every default field is asked per work: the one work's answers.
    expect(input.fieldValues).toEqual({});
    const [work] = input.works as { fieldValues: object }[];
    expect(Object.keys(work?.fieldValues ?? {})).toEqual(['artworkTitle', 'artworkUrl']);
    expect(input).not.toHaveProperty('guardianName');
    expect(input).not.toHaveProperty('website');
  });

  it("sends the guardian's part only for an artist under 18", () => {
    const minor = registrationInput(
      filled({ age: '12', guardianName: 'Ravi', guardianConsent: true }),
      'c1',
      FIELDS,
    );
    expect(minor).toMatchObject({ guardianName: 'Ravi', guardianConsent: true });
    const adult = registrationInput(filled({ guardianName: 'Ravi' }), 'c1', FIELDS);
    expect(adult).not.toHaveProperty('guardianName');
  });

  it('keeps an empty age as missing and the honeypot when filled', () => {
    const input = registrationInput(filled({ age: ' ', website: 'spam' }), 'c1', FIELDS);
    expect(input.age).toBeUndefined();
    expect(input.website).toBe('spam');
  });
});

describe('registrationResolver', () => {
  it('hands the submit the checked values: trimmed, with the files', () => {
    const result = resolve(filled());
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      fullName: 'Meera Iyer',
      age: 34,
      consent: true,
      publicationConsent: 'name',
    });
    expect(isBlob((result.values as { photo: unknown }).photo)).toBe(true);
  });

  it("puts the shared schema's messages under their fields, dynamic ones nested", () => {
    const { errors } = resolve(initialFormValues(FIELDS));
    const message = (value: unknown) => (value as { message?: string } | undefined)?.message;
    expect(message(errors.fullName)).toBe('Full name is required');
    expect(message(errors.gender)).toBe('Gender is required');
    expect(message(errors.photo)).toBe('Photo is required');
    expect(message(errors.consent)).toBe('Please agree to the privacy policy to register');
    expect(message(errors.publicationConsent)).toBe('Please choose how your work may be shown');
    const dynamic = errors.fieldValues as Record<string, { message: string }>;
    expect(dynamic.artworkTitle?.message).toBe('Artwork Title is required');
    expect(dynamic.artworkUrl?.message).toBe('Artwork Photo is required');
    expect(dynamic.description).toBeUndefined();
  });

  it("asks a minor for the guardian's name and consent", () => {
    const { errors } = resolve(filled({ age: '9' }));
    expect(errors.guardianName?.message).toBe("Parent or guardian's name is required");
    expect(errors.guardianConsent?.message).toBe('A parent or guardian must give their consent');
  });

  it('says what is wrong with a link', () => {
    const values = filled();
    values.fieldValues.videoUrl = 'youtube.com/watch?v=1';
    const { errors } = resolve(values);
    expect((errors.fieldValues as Record<string, { message: string }>).videoUrl?.message).toBe(
      'YouTube Video Link must be a web address starting with http:// or https://',
    );
  });
});

describe('formErrorsOf', () => {
  it("places the server's messages by their dotted names; others become the form's", () => {
    const errors = formErrorsOf(
      {
        'fieldValues.artworkUrl': 'Invalid file type. Please upload a JPEG or PNG image.',
        photo: 'File size must be less than 10MB.',
        'fieldValues.unknown': 'Unknown field',
      },
      FIELDS,
    );
    expect(errors.photo?.message).toBe('File size must be less than 10MB.');
    expect((errors.fieldValues as Record<string, { message: string }>).artworkUrl?.message).toBe(
      'Invalid file type. Please upload a JPEG or PNG image.',
    );
    expect(errors.root?.message).toBe('Unknown field');
  });

  it("lists the form's names in the order the artist meets them", () => {
    expect(formNames(FIELDS)).toEqual([
      'fullName',
      'age',
      'gender',
      'email',
      'phone',
      'address',
      'pincode',
      'photo',
      'fieldValues.artworkTitle',
      'fieldValues.artworkUrl',
      'fieldValues.description',
      'fieldValues.videoUrl',
      'consent',
      'publicationConsent',
      'guardianName',
      'guardianConsent',
      'website',
      'code',
    ]);
  });
});
