import { describe, expect, it } from 'vitest';
import { optionalFontFaces } from '../../scripts/lib/font-display-optional.ts';

/** The Latin Extended face of @fontsource-variable/inter, as the build reads it. */
const LATIN_EXT =
  '@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:100 900;' +
  'src:url(/assets/inter-latin-ext-wght-normal.woff2) format("woff2-variations");' +
  'unicode-range:U+100-2BA,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+A720-A7FF}';

describe('the build’s web fonts', () => {
  it('are optional, and no face draws the rupee sign', () => {
    expect(optionalFontFaces(LATIN_EXT)).toBe(
      '@font-face{font-family:"Inter Variable";font-style:normal;font-display:optional;font-weight:100 900;' +
        'src:url(/assets/inter-latin-ext-wght-normal.woff2) format("woff2-variations");' +
        'unicode-range:U+100-2BA,U+2020,U+20A0-20AB,U+20AD-20B8,U+20BA-20C0,U+2113,U+A720-A7FF}',
    );
  });

  it('drops a range of the rupee sign alone, and trims one that starts or ends with it', () => {
    expect(optionalFontFaces('a{unicode-range:U+20B9,U+41}')).toBe('a{unicode-range:U+41}');
    expect(optionalFontFaces('a{unicode-range:U+20B9-20BB}')).toBe('a{unicode-range:U+20BA-20BB}');
    expect(optionalFontFaces('a{unicode-range:U+20B0-20B9}')).toBe('a{unicode-range:U+20B0-20B8}');
  });

  it('keeps a face for the rupee sign alone as it is: an empty range would mean every character', () => {
    expect(optionalFontFaces('a{unicode-range:U+20B9}')).toBe('a{unicode-range:U+20B9}');
  });

  it('leaves other ranges, wildcards included, as they are', () => {
    const css = '@font-face{unicode-range:U+0-FF,U+1F??,U+2000-206F}';
    expect(optionalFontFaces(css)).toBe(css);
  });
});
