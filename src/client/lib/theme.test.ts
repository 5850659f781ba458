import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_SETTINGS } from '../../shared/site-defaults.ts';
import { applyTheme } from './theme.ts';

describe('applyTheme', () => {
  it('applies the primary colour, the font and dark mode from the settings', () => {
    const root = document.createElement('html');
    applyTheme({ primaryColor: '#0F766E', darkMode: true, fontFamily: 'playfair' }, root);
    expect(root.style.getPropertyValue('--color-primary')).toBe('#0F766E');
    expect(root.style.getPropertyValue('--font-site')).toContain('Playfair Display Variable');
    expect(root.classList.contains('dark')).toBe(true);

    applyTheme(DEFAULT_PUBLIC_SETTINGS.theme, root);
    expect(root.style.getPropertyValue('--color-primary')).toBe('#7C3AED');
    expect(root.style.getPropertyValue('--font-site')).toContain('Inter Variable');
    expect(root.classList.contains('dark')).toBe(false);
  });
});
