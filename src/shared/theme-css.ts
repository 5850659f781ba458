import type { PublicSettings } from './schemas/settings.ts';
import type { FontFamily } from './site-defaults.ts';

type Theme = PublicSettings['theme'];

/** The font stack behind `--font-site` for each site font the settings offer. */
export const FONT_STACKS: Record<FontFamily, string> = {
  inter: "'Inter Variable'",
  // Its size-adjusted fallback (src/client/styles.css) holds the text's room until it arrives.
  playfair: "'Playfair Display Variable', 'Playfair Display Fallback', Georgia",
};

/** The custom properties that carry the site's look, as the browser and the server set them. */
export function themeVariables(theme: Theme): Record<'--color-primary' | '--font-site', string> {
  return {
    '--color-primary': theme.primaryColor,
    '--font-site': FONT_STACKS[theme.fontFamily] ?? FONT_STACKS.inter,
  };
}

/**
 * The same properties as a stylesheet rule, for the server-rendered page: the first paint has
 * the site's colours before any script runs. The colour is a checked hex value (the settings
 * schema) and the stack a constant, so nothing here can close the <style> element. 'html:root'
 * outweighs the stylesheet's own ':root' defaults, whichever comes first.
 */
export function themeStyleSheet(theme: Theme): string {
  const declarations = Object.entries(themeVariables(theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `html:root{${declarations}}`;
}
