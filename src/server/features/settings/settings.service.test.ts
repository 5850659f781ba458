import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { SETTINGS_ID } from './settings.repository.ts';
import { parseStoredSettings } from './settings.service.ts';

const t = useTestApp();

describe(`settingsService.updateSettings on ${TEST_ENGINE}`, () => {
  it('keeps every one of several changes saved at the same moment', async () => {
    const service = t.app.deps.settings;
    // Read once first, so a cached copy exists that each save could wrongly start from.
    await service.getSettings();
    const changes = [
      { title: 'Saved at once' },
      { description: 'Each change survives the others' },
      { youtubeVideoId: 'dQw4w9WgXcQ' },
      { timeZone: 'Europe/Paris' },
      { logo: '/media/logo.jpg' },
      { heroImage: '/media/hero.jpg' },
      { mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4' },
    ];
    await Promise.all(changes.map((change) => service.updateSettings(change)));
    const stored = await service.getSettings();
    for (const change of changes) expect(stored).toMatchObject(change);
  });
});

describe('parseStoredSettings', () => {
  it('reads a document that is not JSON as the defaults, and logs a warning naming the row', () => {
    const log = { warn: vi.fn() };
    expect(parseStoredSettings('{"title": "Cut sh', log)).toEqual(parseStoredSettings('{}'));
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatchObject({ settingsId: SETTINGS_ID });
  });

  it('logs the fields that fell back on their defaults, and keeps the others', () => {
    const log = { warn: vi.fn() };
    const stored = JSON.stringify({
      title: 'Riverside Art Club',
      timeZone: 'Mars/Olympus',
      theme: { primaryColor: 'purple' },
    });
    const settings = parseStoredSettings(stored, log);
    expect(settings.title).toBe('Riverside Art Club');
    expect(settings.timeZone).toBe(parseStoredSettings('{}').timeZone);
    expect(log.warn).toHaveBeenCalledWith(
      { settingsId: SETTINGS_ID, fields: ['timeZone', 'theme.primaryColor'] },
      expect.any(String),
    );
  });

  it('logs nothing for a sound document, nor for fields that are only missing', () => {
    const log = { warn: vi.fn() };
    parseStoredSettings(JSON.stringify({ title: 'Riverside Art Club' }), log);
    parseStoredSettings(undefined, log);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
