import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';

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
