import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import { multipartBody, worksProgress } from './multipart-body.ts';
import {
  formErrorsOf,
  formNames,
  formPathOf,
  initialFormValues,
  registrationInput,
} from './registration-form-values.ts';

const form = () => {
  const body = new FormData();
  body.append('data', '{"fullName":"Meera Iyer – ÅB"}');
  const file = (text: string, name: string) => new File([text], name, { type: 'image/jpeg' });
  body.append('photo', file('ph', 'photo.jpg'));
  body.append('works.0.artworkUrl', file('aaaa', 'w0.jpg'));
  body.append('works.1.artworkUrl', file('bbbbbbbb', 'w1.jpg'));
  return body;
};

describe('the multipart body the form writes', () => {
  it('is multipart/form-data with every part in order, and knows where each part lies', async () => {
    const { body, contentType, parts } = multipartBody(form(), 'XyZ');
    expect(contentType).toBe('multipart/form-data; boundary=XyZ');
    const text = await body.text();
    expect(text).toBe(
      [
        '--XyZ\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"fullName":"Meera Iyer – ÅB"}\r\n',
        '--XyZ\r\nContent-Disposition: form-data; name="photo"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\nph\r\n',
        '--XyZ\r\nContent-Disposition: form-data; name="works.0.artworkUrl"; filename="w0.jpg"\r\nContent-Type: image/jpeg\r\n\r\naaaa\r\n',
        '--XyZ\r\nContent-Disposition: form-data; name="works.1.artworkUrl"; filename="w1.jpg"\r\nContent-Type: image/jpeg\r\n\r\nbbbbbbbb\r\n',
        '--XyZ--\r\n',
      ].join(''),
    );
    expect(parts.map((p) => p.name)).toEqual([
      'data',
      'photo',
      'works.0.artworkUrl',
      'works.1.artworkUrl',
    ]);
    // Each span holds exactly its part's bytes (the data's in UTF-8).
    const contents = await Promise.all(parts.map((p) => body.slice(p.start, p.end).text()));
    expect(contents).toEqual(['{"fullName":"Meera Iyer – ÅB"}', 'ph', 'aaaa', 'bbbbbbbb']);
  });

  it("says how far each work's files have gone from the bytes sent of the whole body", () => {
    const { body, parts } = multipartBody(form(), 'XyZ');
    const [, , first, second] = parts;
    expect(worksProgress(parts, 3, 0)).toEqual([0, 0, null]);
    expect(worksProgress(parts, 3, first!.start + 1)).toEqual([0.25, 0, null]);
    expect(worksProgress(parts, 3, second!.start)).toEqual([1, 0, null]);
    expect(worksProgress(parts, 3, second!.start + 6)).toEqual([1, 0.75, null]);
    expect(worksProgress(parts, 3, body.size)).toEqual([1, 1, null]);
  });
});

const FIELDS: FormField[] = [
  { id: 'artworkTitle', type: 'text', label: 'Artwork Title', required: true, enabled: true },
  { id: 'artworkUrl', type: 'image', label: 'Artwork Photo', required: true, enabled: true },
  { id: 'cv', type: 'document', label: 'CV', required: false, enabled: true },
];

describe("a work's answers in the form", () => {
  it("are the first work beside the entry's own, then each further work, as the server reads them", () => {
    const values = initialFormValues(FIELDS, null, { min: 3, max: 3 });
    expect(values.moreWorks).toHaveLength(2);
    expect(values.moreWorks[0]!.fieldValues).toEqual({ artworkTitle: '', artworkUrl: null });
    values.fieldValues.artworkTitle = 'Rain';
    values.moreWorks[0]!.fieldValues.artworkTitle = 'Sun';
    values.moreWorks[1]!.fieldValues.artworkTitle = '';
    const input = registrationInput(values, 'c1', FIELDS);
    expect(input.fieldValues).toEqual({});
    expect(input.works).toEqual([
      { fieldValues: { artworkTitle: 'Rain' } },
      { fieldValues: { artworkTitle: 'Sun' } },
      // A required answer left empty is sent empty, so the check names it.
      { fieldValues: { artworkTitle: '' } },
    ]);
  });

  it("stand where the server's messages name them: works.<n> is the form's work n + 1", () => {
    expect(formPathOf('works.0.fieldValues.artworkTitle')).toBe('fieldValues.artworkTitle');
    expect(formPathOf('works.2.fieldValues.artworkUrl')).toBe('moreWorks.1.fieldValues.artworkUrl');
    expect(formPathOf('fieldValues.cv')).toBe('fieldValues.cv');
    expect(formNames(FIELDS, 2)).toEqual([
      ...['fullName', 'age', 'gender', 'email', 'phone', 'address', 'pincode', 'photo'],
      'fieldValues.cv',
      'fieldValues.artworkTitle',
      'fieldValues.artworkUrl',
      'moreWorks.0.fieldValues.artworkTitle',
      'moreWorks.0.fieldValues.artworkUrl',
      ...['consent', 'publicationConsent', 'guardianName', 'guardianConsent', 'website', 'code'],
    ]);
    const errors = formErrorsOf(
      {
        'works.1.fieldValues.artworkUrl': 'Invalid file type.',
        'works.0.fieldValues.artworkTitle': 'Artwork Title is required',
        'works.2.fieldValues.artworkTitle': 'No such work',
      },
      FIELDS,
      2,
    );
    expect(errors.moreWorks?.[0]?.fieldValues?.artworkUrl?.message).toBe('Invalid file type.');
    expect(errors.fieldValues?.artworkTitle?.message).toBe('Artwork Title is required');
    expect(errors.root?.message).toBe('No such work');
  });
});
