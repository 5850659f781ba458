import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email-address.ts';

describe('one plain e-mail address', () => {
  it.each([
    'aarav@example.com',
    "o'brien+art@example.co.in",
    'first.last@sub.example.org',
    'x@y.example',
    'ananyā@example.in',
    'a!#$%&*/=?^_`{|}~-z@example.com',
  ])('takes %s', (value) => {
    expect(isEmailAddress(value)).toBe(true);
  });

  it.each([
    ['a list (;)', 'a;b@c.example'],
    ['a list (;), another address last', 'victim;attacker@evil.example'],
    ['a list (,)', 'a@b.example,c@d.example'],
    ['a comment', 'a(b)c@d.example'],
    ['a comment after the domain', 'a@example.com(x)'],
    ['a display name', 'Aarav <aarav@example.com>'],
    ['angle brackets', '<aarav@example.com>'],
    ['a quoted local part', '"aarav"@example.com'],
    ['a group', 'list:a@b.example;'],
    ['two @', 'a@b@example.com'],
    ['a backslash', 'a\\b@example.com'],
    ['a space', 'aa rav@example.com'],
    ['a line break', 'aarav@example.com\r\nBcc: x@example.com'],
    ['a control character', 'aa\u0001rav@example.com'],
    ['a leading dot', '.aarav@example.com'],
    ['two dots', 'aa..rav@example.com'],
    ['a trailing dot', 'aarav.@example.com'],
    ['a one-label domain', 'aarav@localhost'],
    ['an empty label', 'aarav@example..com'],
    ['a hyphen at a label’s end', 'aarav@example-.com'],
    ['a bracketed address literal', 'aarav@[127.0.0.1]'],
    ['no local part', '@example.com'],
    ['a local part over 64', `${'a'.repeat(65)}@example.com`],
    ['over 254', `a@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(70)}.com`],
  ])('refuses %s', (_, value) => {
    expect(isEmailAddress(value)).toBe(false);
  });

  it('takes a one-label domain only when asked (the operator’s sender at localhost)', () => {
    expect(isEmailAddress('no-reply@localhost', { singleLabelDomain: true })).toBe(true);
    expect(isEmailAddress('a;b@localhost', { singleLabelDomain: true })).toBe(false);
  });
});
