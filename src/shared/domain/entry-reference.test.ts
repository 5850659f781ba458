import { describe, expect, it } from 'vitest';
import { ENTRY_REFERENCE_PATTERN, entryReferenceOf, referenceSeriesOf } from './entry-reference.ts';

describe('entry references', () => {
  it("numbers a year's entries in its own series, six digits at least", () => {
    expect(referenceSeriesOf('2026-11-21')).toBe('WS-2026');
    expect(entryReferenceOf('WS-2026', 123)).toBe('WS-2026-000123');
    expect(entryReferenceOf('WS-2027', 1_234_567)).toBe('WS-2027-1234567');
  });

  it('recognises what it makes, and nothing else', () => {
    for (const made of [entryReferenceOf(referenceSeriesOf('2026-01-01'), 1), 'WS-2027-1234567']) {
      expect(made).toMatch(ENTRY_REFERENCE_PATTERN);
    }
    for (const other of ['WS-2026-00012', 'ws-2026-000123', 'WS-26-000123', ' WS-2026-000123']) {
      expect(other).not.toMatch(ENTRY_REFERENCE_PATTERN);
    }
  });
});
