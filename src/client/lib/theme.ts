import type { PublicSettings } from '../../shared/schemas/settings.ts';
import { themeVariables } from '../../shared/theme-css.ts';

/**
 * Applies the site's look through CSS custom properties and the `dark` class. Set through the
 * CSSOM, which the Content-Security-Policy allows (inline style attributes it would not). The
 * server-rendered page already carries the same values in a hashed <style> block.
 */
export function applyTheme(theme: PublicSettings['theme'], root = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) {
    root.style.setProperty(name, value);
  }
  root.classList.toggle('dark', theme.darkMode);
}
