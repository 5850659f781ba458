import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM_FIELDS } from '../../../shared/schemas/form-field.ts';
import { changeBody, editableLines, fieldIdOfFile, imagePartFor } from './entry-edit-model.ts';
import { myEntryOf } from './my-entries-fixture.ts';

const FIELDS = DEFAULT_FORM_FIELDS.filter((f) => f.enabled);

describe('the edit form read from an entry', () => {
  it("knows an entry of several works' answers by their keys, and sends each work by position", () => {
    const entry = myEntryOf({
      details: [
        { key: 'fullName', label: 'Full name', value: 'Meera Iyer' },
        { key: 'email', label: 'Email', value: 'meera@example.com' },
        { key: 'works.0.fieldValues.artworkTitle', label: 'Work 1: Artwork Title', value: 'Rain' },
        { key: 'works.1.fieldValues.artworkTitle', label: 'Work 2: Artwork Title', value: 'Dusk' },
        { key: 'works.1.fieldValues.medium', label: 'Work 2: Medium', value: 'Ink' },
      ],
      works: [
        { number: 1, title: 'Rain', files: [] },
        { number: 2, title: 'Dusk', files: [] },
      ],
    });
    const lines = editableLines(entry, FIELDS);
    expect(lines.map((line) => line.key)).toEqual([
      'fullName',
      'works.0.fieldValues.artworkTitle',
      'works.1.fieldValues.artworkTitle',
      'works.1.fieldValues.medium',
    ]);
    expect(changeBody(lines, ['Meera Iyer', 'Rain', 'Dusk at sea', 'Ink'], 2)).toEqual({
      works: [null, { fieldValues: { artworkTitle: 'Dusk at sea' } }],
    });
    expect(changeBody(lines, ['Meera Iyer', 'Rain', 'Dusk', 'Ink'], 2)).toEqual({});
  });

  it('offers only the basic details and answers typed as text, none when the form is gone', () => {
    const labels = (fields: typeof FIELDS) =>
      editableLines(myEntryOf(), fields).map((line) => line.label);
    expect(labels(FIELDS)).toEqual(['Full name', 'Address', 'Artwork Title', 'Description']);
    expect(labels([])).toEqual(['Full name', 'Address']);
  });

  it("reads a picture's field from its file id, and names its part as registration does", () => {
    expect(fieldIdOfFile('0194f1e2-0000-7000-8000-000000000000.artworkUrl')).toBe('artworkUrl');
    expect(fieldIdOfFile('0194f1e2-0000-7000-8000-000000000000.artworkUrl-2')).toBe('artworkUrl');
    expect(fieldIdOfFile('e1._photo')).toBeUndefined();
    expect(imagePartFor(2, 'artworkUrl')).toBe('works.1.artworkUrl');
  });
});
