import { describe, expect, it } from 'vitest';
import { publicationOf } from './publication.ts';

describe('publicationOf', () => {
  it.each(['name', 'anonymous', 'none'] as const)('keeps the choice %s', (choice) => {
    expect(publicationOf(choice)).toBe(choice);
  });

  it('shows an older entry, with no choice recorded, without its name', () => {
    expect(publicationOf(null)).toBe('anonymous');
  });

  it('never reads an unknown value as consent to the name', () => {
    expect(publicationOf('NAME')).toBe('anonymous');
    expect(publicationOf('')).toBe('anonymous');
  });
});
