import { describe, expect, it } from 'vitest';
import { canonicalTimeZoneName } from './time-zone.ts';

describe('canonicalTimeZoneName', () => {
  it('spells a name as IANA does, whatever case it came in', () => {
    expect(canonicalTimeZoneName('asia/kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZoneName('ASIA/KOLKATA')).toBe('Asia/Kolkata');
    expect(canonicalTimeZoneName('europe/london')).toBe('Europe/London');
    expect(canonicalTimeZoneName('america/argentina/buenos_aires')).toBe(
      'America/Argentina/Buenos_Aires',
    );
    expect(canonicalTimeZoneName('utc')).toBe('UTC');
    expect(canonicalTimeZoneName('etc/gmt+5')).toBe('Etc/GMT+5');
  });

  it('keeps the current name even where the runtime knows the zone by an older one', () => {
    // Node's ICU resolves 'Asia/Kolkata' to 'Asia/Calcutta', and 'Europe/Kyiv' to 'Europe/Kiev'.
    expect(canonicalTimeZoneName('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZoneName('europe/kyiv')).toBe('Europe/Kyiv');
    expect(canonicalTimeZoneName('Asia/Calcutta')).toBe('Asia/Calcutta');
    expect(canonicalTimeZoneName('Europe/Paris')).toBe('Europe/Paris');
  });

  it('never swaps a name for another: one it cannot spell is kept as given', () => {
    expect(canonicalTimeZoneName('US/Pacific')).toBe('US/Pacific');
    expect(canonicalTimeZoneName('Mars/Olympus')).toBe('Mars/Olympus');
  });
});
