import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import {
  asArtist,
  artistCookie,
  postSignIn,
  requestSignIn,
} from '../../../../tests/setup/artist-session.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { adminApiPaths } from '../../../shared/api-paths.ts';
import type { MyEntries } from '../../../shared/schemas/artist.ts';
import type { OutboxMessageDetail, OutboxPage } from '../../../shared/schemas/outbox.ts';
import { DEMO_ARTIST_EMAIL, DEMO_ARTIST_NAME } from './demo-entries.ts';
import { DEMO_RESULTS_COMPETITION } from './demo-results.ts';
import { DEMO_WORKS_COMPETITION } from './seed-demo.ts';

/*
 * The demo artist: with demo content, artist@example.org asks to sign in, the admin reads the
 * code in the Outbox like any message, and the artist's entries are in two competitions, one of
 * them with its results published.
 */

const t = useTestApp({ config: { seedDemo: true, adminPassword: ADMIN_PASSWORD } });

describe(`the demo artist (${TEST_ENGINE})`, () => {
  it('signs in with the code the admin reads in the Outbox and has two entries', async () => {
    const asked = await requestSignIn(t, { email: DEMO_ARTIST_EMAIL });
    expect(asked.statusCode, asked.body).toBe(202);
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const outbox = await asAdmin(t, admin, 'GET', adminApiPaths.outbox);
    expect(outbox.statusCode, outbox.body).toBe(200);
    const listed = outbox
      .json<OutboxPage>()
      .messages.find((m) => m.kind === 'artist-sign-in' && m.to === DEMO_ARTIST_EMAIL);
    expect(listed).toBeDefined();
    const detail = await asAdmin(t, admin, 'GET', `${adminApiPaths.outbox}/${listed?.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const { text } = detail.json<OutboxMessageDetail>();
    const withoutLink = text.replace(/\S*\/me\/sign-in#\S+/, '');
    const code = /(?<![\w-])(\d{6})(?![\w-])/.exec(withoutLink)?.[1];
    expect(code, text).toBeDefined();

    const signedIn = await postSignIn(t, { email: DEMO_ARTIST_EMAIL, code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const entries = await asArtist(t, artistCookie(signedIn).value, 'GET', '/api/me/entries');
    expect(entries.statusCode, entries.body).toBe(200);
    const mine = entries.json<MyEntries>().entries;
    expect(mine.map((e) => e.competition.title).sort()).toEqual(
      [DEMO_RESULTS_COMPETITION, DEMO_WORKS_COMPETITION].sort(),
    );
    const published = mine.find((e) => e.competition.title === DEMO_RESULTS_COMPETITION);
    expect(published?.result).not.toBeNull();
    // The jury's feedback on the published entry is released, and names no juror.
    const feedback = published?.result?.feedback ?? [];
    expect(feedback.map((f) => f.work)).toEqual([
      { number: 1, title: 'Crossing, Eleven at Night' },
    ]);
    expect([...(feedback[0]?.texts ?? [])].sort()).toEqual([
      'A confident night palette. Try a tighter crop next time: the crossing itself is the story.',
      'The wet road carries the light beautifully; the figures on the left could be quieter.',
    ]);
    expect(JSON.stringify(published)).not.toMatch(/citylights|City Lights Juror/);
    const open = mine.find((e) => e.competition.title === DEMO_WORKS_COMPETITION);
    expect(open).toMatchObject({ editable: true, withdrawable: true });
    expect(mine.every((e) => e.details.some((d) => d.value === DEMO_ARTIST_NAME))).toBe(true);
  });
});
