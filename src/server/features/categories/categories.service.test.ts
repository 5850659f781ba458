import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FORM_FIELDS } from '../../../shared/schemas/form-field.ts';
import { parseFormFields } from './categories.service.ts';

describe('parseFormFields', () => {
  const categoryId = '0b6f3c2e-8d4a-4f7e-9c1b-2a5d6e7f8a9b';

  it('reads damaged fields as the defaults, and logs a warning naming the category', () => {
    for (const damaged of ['[{"id": "fullName"', '[{"id": 7}]', '{"not": "a list"}']) {
      const log = { warn: vi.fn() };
      expect(parseFormFields(damaged, { categoryId, log })).toEqual(DEFAULT_FORM_FIELDS);
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.warn.mock.calls[0]?.[0]).toMatchObject({ categoryId });
    }
  });

  it('reads sound fields as they are, with nothing logged', () => {
    const log = { warn: vi.fn() };
    const stored = JSON.stringify(DEFAULT_FORM_FIELDS.slice(0, 2));
    expect(parseFormFields(stored, { categoryId, log })).toEqual(DEFAULT_FORM_FIELDS.slice(0, 2));
    expect(log.warn).not.toHaveBeenCalled();
  });
});
