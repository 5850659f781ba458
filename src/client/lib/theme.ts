import type { PublicSettings } from '../../shared/schemas/settings.ts';
import type { FontFamily } from '../../shared/site-defaults.ts';

const FONT_STACKS: Record<FontFamily, string> = {
  inter: "'Inter Variable'",
  playfair: "'Playfair Display Variable', Georgia",
};

/**
 * Applies the site's look through CSS custom properties and the `dark` class. Set through the
 * CSSOM, which the Content-Security-Policy allows (inline style attributes it would not).
 */
export function applyTheme(theme: PublicSettings['theme'], root = document.documentElement): void {
  root.style.setProperty('--color-primary', theme.primaryColor);
  root.style.setProperty('--font-site', FONT_STACKS[theme.fontFamily] ?? FONT_STACKS.inter);
  root.classList.toggle('dark', theme.darkMode);
}
