/*
 * WCAG 2.2 contrast (success criterion 1.4.3), for the site-settings form: an admin picking a pale
 * primary colour is told that the white text the site puts on it (primary buttons, see
 * src/client/components/button.tsx) would be hard to read.
 */

/** AA for normal-size text. */
export const AA_NORMAL_TEXT_RATIO = 4.5;

/** The text colour the site puts on the primary colour (`bg-primary text-white`). */
export const TEXT_ON_PRIMARY = '#FFFFFF';

const HEX = /^#?([0-9a-f]{6})$/i;

/** The sRGB channels of '#RRGGBB' (or 'RRGGBB') as 0..255; undefined for anything else. */
export function parseHexColor(hex: string): [number, number, number] | undefined {
  const digits = HEX.exec(hex.trim())?.[1];
  if (!digits) return undefined;
  const value = Number.parseInt(digits, 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const rgb = parseHexColor(hex);
  if (!rgb) throw new RangeError(`Not a #RRGGBB colour: ${hex}`);
  const [r, g, b] = rgb.map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (same) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * A ratio as people write it, cut (not rounded) to two decimals so a failing 4.496 never reads
 * as a passing '4.50:1'.
 */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/**
 * What the form says about a primary colour: nothing for a colour that is not a full hex value yet
 * (the field's own message covers it) or that passes AA, else the warning with the ratio.
 */
export function primaryColorContrastWarning(primary: string): string | undefined {
  if (!parseHexColor(primary)) return undefined;
  const ratio = contrastRatio(TEXT_ON_PRIMARY, primary);
  if (ratio >= AA_NORMAL_TEXT_RATIO) return undefined;
  return (
    `White text on this colour has a contrast ratio of ${formatRatio(ratio)}, below the ` +
    `${AA_NORMAL_TEXT_RATIO}:1 WCAG AA asks for: buttons would be hard to read. Choose a darker colour.`
  );
}
