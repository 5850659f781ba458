import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRows,
  freshAddress,
  login,
  signIn,
  useAdminTestApp,
  whoAmI,
} from '../../../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS as OURS } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { JurorRound } from '../../../shared/schemas/jury.ts';

/*
 * Accepting an invitation signs the juror in: the answer sets the session cookie (no second
 * sign-in) and the device cookie, so that browser is known and wrong passwords from elsewhere
 * never lock the juror out of it. A refused acceptance signs nobody in.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const NEW_PASSWORD = 'the juror’s own password';

/** Invites a juror as the admin; answers the invitation link's token from the e-mail. */
async function invite(email: string): Promise<string> {
  const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const invited = await asAdmin(t, admin, 'POST', '/api/admin/jurors', { name: 'Noor', email });
  expect(invited.statusCode, invited.body).toBe(201);
  const mail = await db()
    .selectFrom('email_outbox')
    .select('body_text')
    .where('to_address', '=', email)
    .executeTakeFirstOrThrow();
  const token = /\/jury\/invitation#([A-Za-z0-9_-]{43})$/m.exec(mail.body_text)?.[1];
  if (!token) throw new Error('no invitation link');
  return token;
}

const accept = (payload: Record<string, unknown>, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/juror-invitations/accept',
    headers: OURS,
    payload,
    cookies,
    remoteAddress: freshAddress(),
  });

const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((c) => c.name === name);

describe(`accepting an invitation on ${TEST_ENGINE}`, () => {
  it('signs the juror in at once, in the jury scope, and makes the browser a known device', async () => {
    const token = await invite('noor@example.org');
    const accepted = await accept({ token, password: NEW_PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(204);
    expect(accepted.headers['cache-control']).toBe('no-store');

    const session = cookieOf(accepted, 'ws_session');
    expect(session).toMatchObject({ httpOnly: true, path: '/' });
    expect((await whoAmI(t, session!.value)).json()).toMatchObject({
      username: 'noor',
      role: 'juror',
    });
    const rounds = await asAdmin(t, session!.value, 'GET', '/api/jury/rounds');
    expect(rounds.statusCode, rounds.body).toBe(200);
    expect(rounds.json<JurorRound[]>()).toEqual([]);

    const device = cookieOf(accepted, 'ws_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const juror = await db()
      .selectFrom('admin_users')
      .select('id')
      .where('username', '=', 'noor')
      .executeTakeFirstOrThrow();
    const known = await db()
      .selectFrom('known_devices')
      .select('id')
      .where('admin_user_id', '=', juror.id)
      .execute();
    expect(known).toHaveLength(1);
    const signIns = (await auditRows(db())).filter(
      (r) => r.action === 'auth.sign-in' && r.actor === 'noor',
    );
    expect(signIns).toEqual([expect.objectContaining({ actor: 'noor' })]);
    expect(JSON.parse(signIns[0]!.details ?? '{}')).toEqual({ via: 'invitation' });

    // Five wrong passwords from elsewhere lock unknown browsers out, never the juror's own.
    for (let i = 0; i < 5; i++) {
      expect((await login(t, { username: 'noor', password: `guess ${i}` })).statusCode).toBe(401);
    }
    expect((await login(t, { username: 'noor', password: NEW_PASSWORD })).statusCode).toBe(429);
    const fromKnown = await login(
      t,
      { username: 'noor', password: NEW_PASSWORD },
      { cookies: { ws_device: device!.value } },
    );
    expect(fromKnown.statusCode, fromKnown.body).toBe(200);
  });

  it('ends a session the browser already had (the admin’s, say)', async () => {
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const token = await invite('lee@example.org');
    const accepted = await accept({ token, password: NEW_PASSWORD }, { ws_session: admin });
    expect(accepted.statusCode, accepted.body).toBe(204);
    expect((await whoAmI(t, admin)).statusCode).toBe(401);
    const juror = cookieOf(accepted, 'ws_session');
    expect((await whoAmI(t, juror!.value)).json()).toMatchObject({ username: 'lee' });
  });

  it('a refused acceptance (weak password, used link, malformed) signs nobody in', async () => {
    const token = await invite('ola@example.org');
    const sessions = async () => (await db().selectFrom('sessions').select('id').execute()).length;
    const before = await sessions();
    for (const body of [
      { token, password: 'short' },
      { token: 'A'.repeat(43), password: NEW_PASSWORD },
      { token },
    ]) {
      const refused = await accept(body);
      expect(refused.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(refused.json().error.code).toEqual(expect.any(String));
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessions()).toBe(before);
    expect((await accept({ token, password: NEW_PASSWORD })).statusCode).toBe(204);
    const reused = await accept({ token, password: 'another long password' });
    expect(reused.statusCode).toBe(410);
    expect(reused.headers['set-cookie']).toBeUndefined();
  });
});
