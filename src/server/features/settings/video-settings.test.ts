import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditActions,
  auditRowsOf,
  expectCsrfHeaderRequired,
  expectSessionRequired,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';

const t = useAdminTestApp();
const ID = 'aqz-KE-bpKQ';
const publicVideoId = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/settings' })).json().youtubeVideoId as string;

describe(`PUT /api/admin/video on ${TEST_ENGINE}`, () => {
  it('keeps only the id of a link, and the public site shows it at once', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const response = await asAdmin(t, token, 'PUT', '/api/admin/video', {
      url: `https://www.youtube.com/watch?v=${ID}&t=42s`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ youtubeVideoId: ID });
    expect(await publicVideoId()).toBe(ID);
    expect(await auditActions(t.app.deps.db)).toContain('settings.video-update');
  });

  it('accepts a bare id and the short link', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    for (const url of ['dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ']) {
      const response = await asAdmin(t, token, 'PUT', '/api/admin/video', { url });
      expect(response.json()).toEqual({ youtubeVideoId: 'dQw4w9WgXcQ' });
    }
  });

  it('answers each bad input with the seed message on the url field, saving nothing', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    await asAdmin(t, token, 'PUT', '/api/admin/video', { url: ID });
    for (const [url, message] of [
      ['', 'URL is required'],
      ['not a link', 'Invalid URL format'],
      [`ftp://youtube.com/watch?v=${ID}`, 'URL must start with http:// or https://'],
      [`https://vimeo.com/${ID}`, 'Invalid YouTube URL or video ID'],
      ['x'.repeat(5000), 'Invalid URL format'],
    ] as const) {
      const response = await asAdmin(t, token, 'PUT', '/api/admin/video', { url });
      expect(response.statusCode, url.slice(0, 40)).toBe(400);
      expect(response.json().error.fields).toEqual({ url: message });
    }
    const missing = await asAdmin(t, token, 'PUT', '/api/admin/video', {});
    expect(missing.statusCode).toBe(400);
    expect(await publicVideoId()).toBe(ID);
  });

  it('needs a session', async () => {
    await expectSessionRequired(t, [['PUT', '/api/admin/video', { url: ID }]]);
  });
});

describe(`DELETE /api/admin/video on ${TEST_ENGINE}`, () => {
  it('removes the video, audited, and the public site shows none at once', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    await asAdmin(t, token, 'PUT', '/api/admin/video', { url: ID });
    // Read first, so a copy the public site keeps in memory would be stale if not dropped.
    expect(await publicVideoId()).toBe(ID);
    const response = await asAdmin(t, token, 'DELETE', '/api/admin/video');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ youtubeVideoId: '' });
    expect(await publicVideoId()).toBe('');
    const entry = (await auditRowsOf(t.app.deps.db, 'settings.video-')).at(-1);
    expect(entry).toMatchObject({ action: 'settings.video-remove', actor: 'admin' });
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({ removed: ID });
    // Removing it again changes nothing and is no error.
    const again = await asAdmin(t, token, 'DELETE', '/api/admin/video');
    expect(again.statusCode).toBe(200);
    expect(await publicVideoId()).toBe('');
  });

  it('needs a session and the CSRF header', async () => {
    await expectSessionRequired(t, [['DELETE', '/api/admin/video']]);
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    await expectCsrfHeaderRequired(t, token, [['DELETE', '/api/admin/video']]);
  });
});
