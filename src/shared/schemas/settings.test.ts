import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM_FIELDS } from './form-field.ts';
import { DEFAULT_PUBLIC_SETTINGS } from '../site-defaults.ts';
import { PublicSettingsSchema, SiteSettingsSchema } from './settings.ts';

describe('SiteSettingsSchema', () => {
  it('fills an empty document with the seed defaults', () => {
    expect(SiteSettingsSchema.parse({})).toEqual({
      title: 'White Stroke International Art Space',
      description: 'Showcase your creativity and compete with artists worldwide',
      logo: '',
      heroImage: '',
      youtubeVideoId: '',
      timeZone: 'Asia/Kolkata',
      theme: {
        primaryColor: '#7C3AED',
        heroBackgroundImage: '',
        darkMode: false,
        fontFamily: 'inter',
      },
    });
  });

  it('agrees with the plain defaults the browser uses', () => {
    expect(PublicSettingsSchema.parse(SiteSettingsSchema.parse({}))).toEqual(
      DEFAULT_PUBLIC_SETTINGS,
    );
  });

  it('rejects a colour that is not a six-digit hex value', () => {
    const result = SiteSettingsSchema.safeParse({ theme: { primaryColor: 'purple' } });
    expect(result.success).toBe(false);
  });
});

describe('DEFAULT_FORM_FIELDS', () => {
  it('has the seven seed fields, five enabled', () => {
    expect(DEFAULT_FORM_FIELDS.map((f) => f.id)).toEqual([
      'artworkTitle',
      'artworkUrl',
      'medium',
      'size',
      'description',
      'videoUrl',
      'link',
    ]);
    expect(DEFAULT_FORM_FIELDS.filter((f) => f.enabled)).toHaveLength(5);
  });
});
