import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  formatRatio,
  parseHexColor,
  primaryColorContrastWarning,
  relativeLuminance,
} from './contrast.ts';

describe('relativeLuminance', () => {
  it('is 0 for black, 1 for white, and weights green most', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#00FF00')).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance('#FF0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#0000ff')).toBeCloseTo(0.0722, 4);
  });

  it('refuses what is not a six-digit hex colour', () => {
    expect(() => relativeLuminance('purple')).toThrow(RangeError);
    expect(() => relativeLuminance('#fff')).toThrow(RangeError);
  });
});

describe('contrastRatio', () => {
  it('matches the known pairs', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 10);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#7C3AED', '#FFFFFF')).toBeCloseTo(5.7, 1);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
  });
});

describe('formatRatio', () => {
  it('cuts to two decimals, so a failing ratio never reads as 4.50', () => {
    expect(formatRatio(4.4999)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
    expect(formatRatio(contrastRatio('#777777', '#ffffff'))).toBe('4.47:1');
  });
});

describe('primaryColorContrastWarning', () => {
  it('warns with the ratio when white text on the colour fails AA', () => {
    expect(primaryColorContrastWarning('#777777')).toBe(
      'White text on this colour has a contrast ratio of 4.47:1, below the 4.5:1 WCAG AA asks ' +
        'for: buttons would be hard to read. Choose a darker colour.',
    );
    expect(primaryColorContrastWarning('#FDE68A')).toMatch(/contrast ratio of 1\.\d\d:1/);
  });

  it('says nothing for a passing colour or one not yet complete', () => {
    expect(primaryColorContrastWarning('#7C3AED')).toBeUndefined();
    expect(primaryColorContrastWarning('#767676')).toBeUndefined();
    expect(primaryColorContrastWarning('#77')).toBeUndefined();
    expect(primaryColorContrastWarning('')).toBeUndefined();
  });
});

describe('parseHexColor', () => {
  it('reads both cases, with or without the #', () => {
    expect(parseHexColor('#7c3aed')).toEqual([124, 58, 237]);
    expect(parseHexColor('7C3AED')).toEqual([124, 58, 237]);
    expect(parseHexColor('#7C3AEDFF')).toBeUndefined();
  });
});
