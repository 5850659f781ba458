import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM_FIELDS } from './form-field.ts';
import { DEFAULT_PUBLIC_SETTINGS } from '../site-defaults.ts';
import {
  PublicSettingsSchema,
  SITE_SETTINGS_MESSAGES,
  SiteSettingsFormSchema,
  SiteSettingsSchema,
} from './settings.ts';

describe('SiteSettingsSchema', () => {
  it('fills an empty document with the seed defaults', () => {
    const { pages, ...settings } = SiteSettingsSchema.parse({});
    expect(Object.keys(pages)).toEqual(['about', 'privacy', 'terms', 'paymentPolicy']);
    expect(settings).toEqual({
      title: 'White Stroke International Art Space',
      description: 'Showcase your creativity and compete with artists worldwide',
      logo: '',
      heroImage: '',
      youtubeVideoId: '',
      timeZone: 'Asia/Kolkata',
      contact: { email: '', phone: '', address: '' },
      mapEmbedUrl: '',
      theme: {
        primaryColor: '#7C3AED',
        darkMode: false,
        fontFamily: 'inter',
      },
      security: { requireTwoFactor: false, sessionIdleMinutes: 120, sessionAbsoluteHours: 12 },
      seller: { legalName: '', address: '', gstin: '', gstRate: null },
      // The Terms: fees are not refundable unless stated.
      refundOnArtistWithdrawal: false,
    });
  });

  it('reads a damaged security part as its defaults and keeps the rest', () => {
    const parsed = SiteSettingsSchema.parse({
      title: 'Kept',
      security: { sessionIdleMinutes: 30 },
    });
    expect(parsed.title).toBe('Kept');
    expect(parsed.security).toEqual({
      requireTwoFactor: false,
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 12,
    });
  });

  it('agrees with the plain defaults the browser uses', () => {
    expect(PublicSettingsSchema.parse(SiteSettingsSchema.parse({}))).toEqual(
      DEFAULT_PUBLIC_SETTINGS,
    );
  });

  it('starts the terms with the seed constants (§9 "Terms")', () => {
    const { terms } = SiteSettingsSchema.parse({}).pages;
    expect(terms).toContain('Participants must be aged 2 and above.');
    expect(terms).toContain('Winners will be contacted within 3 days');
    expect(terms).toContain('processed within 7-10 days');
    expect(terms).toContain('Entry fees are non-refundable unless stated otherwise');
  });

  it('accepts map embeds from Google Maps and OpenStreetMap only, the origins the CSP allows', () => {
    const parse = (mapEmbedUrl: string) => SiteSettingsSchema.safeParse({ mapEmbedUrl }).success;
    expect(parse('https://www.google.com/maps/embed?pb=!1m18')).toBe(true);
    expect(parse('https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4')).toBe(true);
    expect(parse('')).toBe(true);
    expect(parse('https://evil.example/maps/embed')).toBe(false);
    expect(parse('javascript:alert(1)')).toBe(false);
    expect(parse('http://www.google.com/maps/embed')).toBe(false);
  });

  it('accepts only the embed page of each map service, no other page of its site', () => {
    const parse = (mapEmbedUrl: string) => SiteSettingsSchema.safeParse({ mapEmbedUrl }).success;
    expect(parse('https://www.google.com/maps/embed/v1/place?key=k&q=Delhi')).toBe(true);
    for (const url of [
      'https://www.google.com/url?q=https://evil.example/',
      'https://www.google.com/',
      'https://www.google.com/maps',
      'https://www.google.com/maps/embedded',
      'https://www.google.com/search?q=maps/embed',
      'https://user:pass@www.google.com/maps/embed?pb=1',
      'https://www.openstreetmap.org/',
      'https://www.openstreetmap.org/export/embed.html/x',
      'https://www.openstreetmap.org/export?embed.html',
    ]) {
      expect(parse(url), url).toBe(false);
    }
  });

  it('accepts real time zones only: a typo would break every status', () => {
    expect(SiteSettingsSchema.safeParse({ timeZone: 'Europe/London' }).success).toBe(true);
    expect(SiteSettingsSchema.safeParse({ timeZone: 'Asia/Kolkatta' }).success).toBe(false);
  });

  it('rejects a colour that is not a six-digit hex value', () => {
    const result = SiteSettingsSchema.safeParse({ theme: { primaryColor: 'purple' } });
    expect(result.success).toBe(false);
  });
});

describe('SiteSettingsFormSchema', () => {
  const valid = {
    title: 'Site',
    description: '',
    logo: '',
    heroImage: '',
    primaryColor: '#0F766E',
    darkMode: false,
    fontFamily: 'inter',
    timeZone: 'Asia/Kolkata',
    contactEmail: '',
    contactPhone: '',
    contactAddress: '',
    mapEmbedUrl: '',
    aboutPage: '',
    privacyPage: '',
    termsPage: '',
    paymentPolicyPage: '',
  };
  const messageFor = (patch: Record<string, unknown>) =>
    SiteSettingsFormSchema.safeParse({ ...valid, ...patch }).error?.issues[0]?.message;

  it('accepts a complete form', () => {
    expect(SiteSettingsFormSchema.safeParse(valid).success).toBe(true);
  });

  it('takes IANA zone names only, not the offsets Intl also understands', () => {
    expect(messageFor({ timeZone: 'UTC' })).toBeUndefined();
    expect(messageFor({ timeZone: 'America/Argentina/Buenos_Aires' })).toBeUndefined();
    expect(messageFor({ timeZone: 'Etc/GMT+5' })).toBeUndefined();
    expect(messageFor({ timeZone: '+05:30' })).toBe(SITE_SETTINGS_MESSAGES.timeZone);
    expect(messageFor({ timeZone: 'Asia/Kolkatta' })).toBe(SITE_SETTINGS_MESSAGES.timeZone);
  });

  it('offers only the self-hosted fonts', () => {
    expect(messageFor({ fontFamily: 'playfair' })).toBeUndefined();
    expect(messageFor({ fontFamily: 'comic-sans' })).toBe(SITE_SETTINGS_MESSAGES.font);
  });

  it('gives the map message, not a crash, for a map link that is no URL at all', () => {
    expect(messageFor({ mapEmbedUrl: 'not a link' })).toBe(SITE_SETTINGS_MESSAGES.mapEmbedUrl);
    expect(SiteSettingsSchema.safeParse({ mapEmbedUrl: 'not a link' }).success).toBe(false);
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
