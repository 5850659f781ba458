import { describe, expect, it } from 'vitest';
import { identityIn, maskIdentity } from './identity-match.ts';

const meera = { fullName: 'Meera  Iyer', email: 'Meera.Iyer@Example.in', phone: '+91 98765 43210' };

describe('identityIn', () => {
  it('finds the name whatever its case and spacing, the e-mail whatever its case', () => {
    expect(identityIn('A study by MEERA IYER', meera)).toEqual(['name']);
    expect(identityIn('https://meeraiyer.example.in', meera)).toEqual(['name']);
    expect(identityIn('see meera_iyer on the web', meera)).toEqual(['name']);
    expect(identityIn('Write to meera.iyer@example.IN', meera)).toEqual(['name', 'email']);
  });

  it('finds the phone by its digits, with or without the country code and spaces', () => {
    for (const text of [
      'Call 98765 43210',
      'call +91-98765-43210',
      '(98765) 432.10',
      '9876543210',
    ]) {
      expect(identityIn(text, meera), text).toEqual(['phone']);
    }
    expect(identityIn('Call 98765 4321', meera)).toEqual([]);
  });

  it('finds nothing in an answer that does not name the artist', () => {
    expect(identityIn('Oil on canvas, 2026. Monsoon over the Ghats.', meera)).toEqual([]);
    expect(identityIn('Meera', meera)).toEqual([]);
    expect(identityIn('anything', { fullName: 'Al', email: '', phone: '12' })).toEqual([]);
  });
});

describe('maskIdentity', () => {
  it('replaces each mention, merging overlaps, and keeps the rest', () => {
    expect(maskIdentity('By Meera Iyer (meera.iyer@example.in, 98765 43210).', meera)).toBe(
      'By [redacted] ([redacted], [redacted]).',
    );
    expect(maskIdentity('Monsoon', meera)).toBe('Monsoon');
  });
});
