import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FORM_FIELDS } from '../../../shared/schemas/form-field.ts';
import {
  decodeEntry,
  decodeFieldValues,
  entryValuesOf,
  imagesOf,
  storedKeysOf,
} from './stored-entry.ts';

const ID = '0b9d4a52-4a8e-4c3f-9f55-2d1f0c9a7e10';
const quietLog = () => ({ warn: vi.fn() });

describe('stored answers', () => {
  it('reads the answers registration writes, and says nothing', () => {
    const log = quietLog();
    const values = { artworkTitle: 'Rain', artworkUrl: `private/submissions/${ID}/a.jpg` };
    expect(decodeFieldValues({ id: ID, field_values: JSON.stringify(values) }, log)).toEqual(
      values,
    );
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('reads damaged answers as none, or without what is not an answer, and logs the row', () => {
    for (const [stored, expected] of [
      ['{not json', {}],
      ['[1,2]', {}],
      ['"text"', {}],
      ['null', {}],
      [
        '{"artworkTitle":"Rain","size":12,"medium":null,"where":{"a":1},"tags":[1]}',
        { artworkTitle: 'Rain', size: 12 },
      ],
    ] as const) {
      const log = quietLog();
      expect(decodeFieldValues({ id: ID, field_values: stored }, log), stored).toEqual(expected);
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.warn.mock.calls[0]?.[0]).toMatchObject({ submissionId: ID });
    }
  });

  it("finds images by their field's type, never by what a text looks like", () => {
    const entry = decodeEntry(
      {
        id: ID,
        form_fields: JSON.stringify(DEFAULT_FORM_FIELDS),
        field_values: '{}',
        work_values: JSON.stringify({
          artworkTitle: `private/submissions/${ID}/not-a-file.jpg`,
          artworkUrl: `private/submissions/${ID}/artwork.jpg`,
          description: '',
        }),
      },
      quietLog(),
    );
    expect(imagesOf(entry).map(({ field, key }) => [field.id, key])).toEqual([
      ['artworkUrl', `private/submissions/${ID}/artwork.jpg`],
    ]);
  });

  it('knows no images of an entry whose category is gone', () => {
    const entry = decodeEntry(
      {
        id: ID,
        form_fields: null,
        field_values: '{"artworkUrl":"private/x.jpg"}',
        work_values: null,
      },
      quietLog(),
    );
    expect(entry.fields).toEqual([]);
    expect(imagesOf(entry)).toEqual([]);
  });

  it("names for deletion the entry's images and its own files a removed field left, never another entry's", () => {
    const other = '7c1e2f3a-0000-4000-8000-000000000000';
    const entry = decodeEntry(
      {
        id: ID,
        // The category is gone: no field says which answer is an image.
        form_fields: null,
        field_values: JSON.stringify({
          artworkUrl: `private/submissions/${ID}/artwork.jpg`,
          artworkTitle: `private/submissions/${other}/artwork.jpg`,
        }),
        work_values: null,
      },
      quietLog(),
    );
    expect(storedKeysOf(entry, ID)).toEqual([`private/submissions/${ID}/artwork.jpg`]);
  });

  it("reads an entry shown as one work: the entry's own answers with its first work's", () => {
    const log = quietLog();
    const values = entryValuesOf(
      {
        id: ID,
        field_values: JSON.stringify({ statement: 'Why I paint' }),
        work_values: JSON.stringify({ artworkTitle: 'Rain', size: { cm: 12 } }),
      },
      log,
    );
    expect(values).toEqual({ statement: 'Why I paint', artworkTitle: 'Rain' });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatchObject({ submissionId: ID });
  });
});
