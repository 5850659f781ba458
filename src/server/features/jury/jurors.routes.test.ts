import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  adminClock,
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
import { JurorSchema } from '../../../shared/schemas/jury.ts';
import { createAccount, createAdmin } from '../auth/accounts.service.ts';
import { INVITATION_LIMIT } from './invitations.service.ts';

/*
 * Juror accounts over HTTP: the admin's list, invitation, new link and removal, and the juror's
 * invitation link opened and accepted, with everything it refuses.
 */

// Before each test only the seeded 'admin' is left (useAdminTestApp), so no juror either.
const t = useAdminTestApp();
const db = () => t.app.deps.db;

const JURORS = '/api/admin/jurors';
const INVITATION_INVALID = {
  error: {
    code: 'INVITATION_INVALID',
    message:
      'This invitation link has expired or has already been used. Ask the art space for a new one.',
  },
};
const NEW_PASSWORD = 'the juror’s own password';
const HOUR_MS = 60 * 60 * 1000;

beforeEach(async () => {
  await db().deleteFrom('email_outbox').execute();
  await db().deleteFrom('rate_limit_hits').execute();
});

const adminSession = () => signIn(t, 'admin', ADMIN_PASSWORD);

async function invite(token: string, name: string, email: string) {
  const response = await asAdmin(t, token, 'POST', JURORS, { name, email });
  expect(response.statusCode, response.body).toBe(201);
  return JurorSchema.parse(response.json());
}

/** The invitation e-mails in the outbox, oldest first. */
const invitationEmails = (to?: string) => {
  let query = db()
    .selectFrom('email_outbox')
    .select(['kind', 'to_address', 'subject', 'body_text', 'body_html', 'submission_id'])
    .where('kind', '=', 'juror-invitation');
  if (to !== undefined) query = query.where('to_address', '=', to);
  return query.orderBy('created_at').execute();
};

/** The token of the newest invitation link e-mailed to `to`. */
async function linkTokenOf(to: string): Promise<string> {
  const last = (await invitationEmails(to)).at(-1);
  const token = /\/jury\/invitation#([A-Za-z0-9_-]{43})$/m.exec(last?.body_text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link e-mailed to ${to}`);
  return token;
}

const openLink = (token: string, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/juror-invitations/lookup',
    headers: OURS,
    payload: { token },
    remoteAddress,
  });

const accept = (payload: unknown, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/juror-invitations/accept',
    headers: OURS,
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });

const signsIn = async (username: string, password: string) =>
  (await login(t, { username, password })).statusCode === 200;

const listJurors = async (token: string) => {
  const response = await asAdmin(t, token, 'GET', JURORS);
  expect(response.statusCode).toBe(200);
  return JurorSchema.array().parse(response.json());
};

const counts = async () => ({
  accounts: (await db().selectFrom('admin_users').select('id').execute()).length,
  invitations: (await db().selectFrom('juror_invitations').select('id').execute()).length,
  emails: (await invitationEmails()).length,
  audit: (await auditRows(db())).filter((r) => r.action.startsWith('juror.')).length,
});

describe(`POST ${JURORS} on ${TEST_ENGINE}`, () => {
  it('creates the juror, an invitation stored only as a hash, the e-mail and the audit entries', async () => {
    const token = await adminSession();
    const response = await asAdmin(t, token, 'POST', JURORS, {
      name: '  Anna Kovač ',
      email: 'Anna.K+Jury@Example.org',
    });
    expect(response.statusCode, response.body).toBe(201);
    const juror = JurorSchema.parse(response.json());
    expect(juror).toEqual({
      id: expect.any(String),
      username: 'anna.k.jury',
      name: 'Anna Kovač',
      email: 'anna.k+jury@example.org',
      twoFactor: false,
      invitation: 'pending',
      createdAt: expect.any(String),
    });
    expect(await listJurors(token)).toEqual([juror]);

    const [email, ...more] = await invitationEmails();
    expect(more).toEqual([]);
    const siteTitle = (await t.app.deps.settings.getSettings()).title;
    const linkToken = await linkTokenOf('anna.k+jury@example.org');
    const link = `${t.config.publicUrl}/jury/invitation#${linkToken}`;
    expect(email).toMatchObject({
      kind: 'juror-invitation',
      to_address: 'anna.k+jury@example.org',
      submission_id: null,
      subject: `You are invited to judge at ${siteTitle}`,
    });
    expect(email?.body_text).toContain('Dear Anna Kovač,');
    expect(email?.body_text).toContain('Your username: anna.k.jury');
    expect(email?.body_text).toContain(link);
    expect(email?.body_text).toContain('The link works once, for 48 hours.');
    expect(email?.body_html).toContain(`<a href="${link}">`);

    const rows = await db().selectFrom('juror_invitations').selectAll().execute();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.id).toBe(createHash('sha256').update(linkToken).digest('base64url'));
    expect(row?.admin_user_id).toBe(juror.id);
    expect(row?.used_at).toBeNull();
    const lifetime = Date.parse(row?.expires_at ?? '') - Date.parse(row?.created_at ?? '');
    expect(lifetime).toBe(48 * HOUR_MS);
    const account = await db()
      .selectFrom('admin_users')
      .select(['role', 'display_name', 'email', 'password_hash'])
      .where('id', '=', juror.id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      role: 'juror',
      display_name: 'Anna Kovač',
      email: 'anna.k+jury@example.org',
    });
    expect(account.password_hash).toMatch(/^\$argon2id\$/);

    const audit = (await auditRows(db())).filter((r) => r.action.startsWith('juror.'));
    expect(audit.map((r) => r.action).sort()).toEqual(['juror.create', 'juror.invite']);
    for (const entry of audit) {
      expect(entry).toMatchObject({ actor: 'admin', entity_id: juror.id });
      expect(entry.details).not.toContain(linkToken);
    }
  });

  it('derives the username from the e-mail, with a number when it is taken by anyone', async () => {
    const token = await adminSession();
    await createAdmin(db(), 'Sam.P', 'an admin’s long password', undefined, new Date());
    expect((await invite(token, 'Sam', 'sam.p@a.org')).username).toBe('sam.p2');
    expect((await invite(token, 'Sam', 'SAM.P@b.org')).username).toBe('sam.p3');
    expect((await invite(token, 'Jo', 'jo@c.org')).username).toBe('juror');
    expect((await invite(token, 'Jo', 'j_@d.org')).username).toBe('juror2');
    expect((await invite(token, 'Liam', "O'Connor+x@e.org")).username).toBe('o.connor.x');
    const long = `${'a'.repeat(64)}@f.org`;
    expect((await invite(token, 'Long', long)).username).toBe('a'.repeat(58));
    const names = (await listJurors(token)).map((j) => j.name);
    // By name, then username.
    expect(names).toEqual(['Jo', 'Jo', 'Liam', 'Long', 'Sam', 'Sam']);
  });

  it('answers 409 with fields.email for a juror’s e-mail in any case, and writes nothing', async () => {
    const token = await adminSession();
    await invite(token, 'First', 'taken@example.org');
    const before = await counts();
    const response = await asAdmin(t, token, 'POST', JURORS, {
      name: 'Second',
      email: 'TAKEN@example.org',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'JUROR_EXISTS',
      fields: { email: expect.any(String) },
    });
    expect(await counts()).toEqual(before);
  });

  it('answers 400 with the fields for a malformed body, and writes nothing', async () => {
    const token = await adminSession();
    const before = await counts();
    for (const [body, fields] of [
      [{}, ['email', 'name']],
      [{ name: '   ', email: 'not an address' }, ['email', 'name']],
      [{ name: 'x'.repeat(101), email: 'ok@example.org' }, ['name']],
      [{ name: 'Fine', email: 42 }, ['email']],
    ] as const) {
      const response = await asAdmin(t, token, 'POST', JURORS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fields).sort(), JSON.stringify(body)).toEqual(
        fields,
      );
    }
    expect(await counts()).toEqual(before);
  });
});

describe(`the invitation link on ${TEST_ENGINE}`, () => {
  it('shows whom it is for, refuses a weak password, then sets the password once', async () => {
    const admin = await adminSession();
    const juror = await invite(admin, 'Mira Sen', 'mira@example.org');
    const linkToken = await linkTokenOf('mira@example.org');

    const opened = await openLink(linkToken);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ name: 'Mira Sen', username: 'mira' });
    expect(opened.headers['cache-control']).toBe('private, no-store');

    for (const password of ['too short', 'mira', 'MIRA']) {
      const weak = await accept({ token: linkToken, password });
      expect(weak.statusCode, password).toBe(400);
      expect(weak.json().error.fields).toHaveProperty('password');
    }
    expect((await openLink(linkToken)).statusCode).toBe(200);

    const accepted = await accept({ token: linkToken, password: NEW_PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(204);
    const session = await signIn(t, 'mira', NEW_PASSWORD);
    expect((await whoAmI(t, session)).json()).toMatchObject({ username: 'mira', role: 'juror' });
    expect((await listJurors(admin)).map((j) => j.invitation)).toEqual(['accepted']);
    const audit = (await auditRows(db())).filter((r) => r.action === 'juror.invitation-accepted');
    expect(audit).toEqual([
      expect.objectContaining({ actor: 'mira', admin_user_id: juror.id, entity_id: juror.id }),
    ]);

    // Used: the link opens nothing and sets nothing again.
    const again = await openLink(linkToken);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual(INVITATION_INVALID);
    const reuse = await accept({ token: linkToken, password: 'someone else’s password' });
    expect(reuse.statusCode).toBe(410);
    expect(reuse.json()).toEqual(INVITATION_INVALID);
    expect(await signsIn('mira', 'someone else’s password')).toBe(false);
    expect(await signsIn('mira', NEW_PASSWORD)).toBe(true);
  });

  it('works for 48 hours: after that 410, the juror shows as expired, and no password is set', async () => {
    const admin = await adminSession();
    await invite(admin, 'Late Juror', 'late@example.org');
    const linkToken = await linkTokenOf('late@example.org');
    adminClock.advance(48 * HOUR_MS - 60_000);
    expect((await openLink(linkToken)).statusCode).toBe(200);
    adminClock.advance(2 * 60_000);

    const opened = await openLink(linkToken);
    expect(opened.statusCode).toBe(410);
    expect(opened.json()).toEqual(INVITATION_INVALID);
    const accepted = await accept({ token: linkToken, password: NEW_PASSWORD });
    expect(accepted.statusCode).toBe(410);
    expect(accepted.json()).toEqual(INVITATION_INVALID);
    expect(await signsIn('late', NEW_PASSWORD)).toBe(false);
    // The admin's session has run out meanwhile (12 hours at most).
    const later = await adminSession();
    expect((await listJurors(later)).map((j) => j.invitation)).toEqual(['expired']);
  });

  it('answers every link that opens nothing alike: unknown, malformed, too short or long', async () => {
    for (const token of ['A'.repeat(43), 'short', 'A'.repeat(44), '%24'.repeat(15), 'accept']) {
      const response = await openLink(token);
      expect(response.statusCode, token).toBe(410);
      expect(response.json(), token).toEqual(INVITATION_INVALID);
    }
    const unknown = await accept({ token: 'A'.repeat(43), password: NEW_PASSWORD });
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json()).toEqual(INVITATION_INVALID);
  });

  it('refuses a malformed acceptance with 400 and its fields', async () => {
    for (const [body, fields] of [
      [{}, ['password', 'token']],
      [{ token: 'short', password: NEW_PASSWORD }, ['token']],
      [{ token: 'A'.repeat(43), password: '' }, ['password']],
      [{ token: 'A'.repeat(43), password: 'x'.repeat(257) }, ['password']],
    ] as const) {
      const response = await accept(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fields).sort()).toEqual(fields);
    }
  });

  it('of two acceptances at once, one sets the password and the other gets 410', async () => {
    const admin = await adminSession();
    await invite(admin, 'Twice', 'twice@example.org');
    const linkToken = await linkTokenOf('twice@example.org');
    const passwords = ['the first password given', 'the second password given'];
    const answers = await Promise.all(
      passwords.map((password) => accept({ token: linkToken, password })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 410]);
    const winner = passwords[answers.findIndex((a) => a.statusCode === 204)] ?? '';
    const loser = passwords.find((p) => p !== winner) ?? '';
    expect(await signsIn('twice', winner)).toBe(true);
    expect(await signsIn('twice', loser)).toBe(false);
    const accepted = (await auditRows(db())).filter(
      (r) => r.action === 'juror.invitation-accepted',
    );
    expect(accepted).toHaveLength(1);
  });

  it('limits one address to 20 tries in 15 minutes with 429 RATE_LIMITED', async () => {
    const address = freshAddress();
    for (let i = 0; i < INVITATION_LIMIT.max; i++) {
      expect((await openLink('A'.repeat(43), address)).statusCode).toBe(410);
    }
    for (const response of [
      await openLink('A'.repeat(43), address),
      await accept({ token: 'A'.repeat(43), password: NEW_PASSWORD }, address),
    ]) {
      expect(response.statusCode).toBe(429);
      expect(response.json().error.code).toBe('RATE_LIMITED');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not held back.
    expect((await openLink('A'.repeat(43))).statusCode).toBe(410);
  });
});

describe(`POST ${JURORS}/:id/invitation on ${TEST_ENGINE}`, () => {
  it('sends a new link and the older one stops working', async () => {
    const admin = await adminSession();
    const juror = await invite(admin, 'Ravi', 'ravi@example.org');
    const first = await linkTokenOf('ravi@example.org');
    adminClock.advance(49 * HOUR_MS);
    const fresh = await adminSession();
    expect((await listJurors(fresh))[0]?.invitation).toBe('expired');

    const response = await asAdmin(t, fresh, 'POST', `${JURORS}/${juror.id}/invitation`);
    expect(response.statusCode, response.body).toBe(200);
    expect(JurorSchema.parse(response.json())).toMatchObject({
      id: juror.id,
      username: 'ravi',
      invitation: 'pending',
    });
    expect(await invitationEmails('ravi@example.org')).toHaveLength(2);
    const second = await linkTokenOf('ravi@example.org');
    expect(second).not.toBe(first);
    expect((await openLink(first)).statusCode).toBe(410);

    // A link superseded before it expired stops working too.
    await asAdmin(t, fresh, 'POST', `${JURORS}/${juror.id}/invitation`);
    const third = await linkTokenOf('ravi@example.org');
    expect((await openLink(second)).json()).toEqual(INVITATION_INVALID);
    expect((await accept({ token: second, password: NEW_PASSWORD })).statusCode).toBe(410);
    expect((await accept({ token: third, password: NEW_PASSWORD })).statusCode).toBe(204);
    const actions = (await auditRows(db()))
      .map((r) => r.action)
      .filter((a) => a === 'juror.invite');
    expect(actions).toHaveLength(3);
  });

  it('answers 409 once accepted, 404 for an unknown id or an admin’s, and sends nothing', async () => {
    const admin = await adminSession();
    const juror = await invite(admin, 'Done', 'done@example.org');
    await accept({ token: await linkTokenOf('done@example.org'), password: NEW_PASSWORD });
    // A juror made from the command line chose their password there, without an invitation.
    const cli = await createAccount(
      db(),
      {
        username: 'cli.juror',
        password: 'a password from the shell',
        juror: { displayName: 'From Shell', email: null },
      },
      undefined,
      new Date(),
    );
    const adminId = (
      await db()
        .selectFrom('admin_users')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const before = await counts();
    for (const [id, status] of [
      [juror.id, 409],
      [cli.id, 409],
      ['00000000-0000-4000-8000-000000000000', 404],
      ['not-a-juror', 404],
      [adminId, 404],
    ] as const) {
      const response = await asAdmin(t, admin, 'POST', `${JURORS}/${id}/invitation`);
      expect(response.statusCode, id).toBe(status);
    }
    expect(await counts()).toEqual(before);
    expect(await listJurors(admin)).toContainEqual(
      expect.objectContaining({ username: 'cli.juror', email: '', invitation: 'accepted' }),
    );
    expect(await signsIn('done', NEW_PASSWORD)).toBe(true);
  });
});

describe(`DELETE ${JURORS}/:id on ${TEST_ENGINE}`, () => {
  it('removes the juror with their sessions and invitations, audited', async () => {
    const admin = await adminSession();
    const juror = await invite(admin, 'Gone Soon', 'gone@example.org');
    const linkToken = await linkTokenOf('gone@example.org');
    await accept({ token: linkToken, password: NEW_PASSWORD });
    const session = await signIn(t, 'gone', NEW_PASSWORD);
    await invite(admin, 'Stays', 'stays@example.org');

    const response = await asAdmin(t, admin, 'DELETE', `${JURORS}/${juror.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect((await whoAmI(t, session)).statusCode).toBe(401);
    expect(await signsIn('gone', NEW_PASSWORD)).toBe(false);
    expect((await listJurors(admin)).map((j) => j.username)).toEqual(['stays']);
    const left = await db().selectFrom('juror_invitations').select('admin_user_id').execute();
    expect(left.map((r) => r.admin_user_id)).not.toContain(juror.id);
    const deleted = (await auditRows(db())).filter((r) => r.action === 'juror.delete');
    expect(deleted).toEqual([
      expect.objectContaining({
        actor: 'admin',
        entity_id: juror.id,
        details: '{"username":"gone"}',
      }),
    ]);
    expect((await asAdmin(t, admin, 'DELETE', `${JURORS}/${juror.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id or an admin’s, and never removes an admin', async () => {
    const admin = await adminSession();
    const other = await createAdmin(
      db(),
      'second.admin',
      'another admin password',
      undefined,
      new Date(),
    );
    const before = await counts();
    for (const id of [other.id, '00000000-0000-4000-8000-000000000000', 'x']) {
      const response = await asAdmin(t, admin, 'DELETE', `${JURORS}/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect(await counts()).toEqual(before);
    expect(await signsIn('second.admin', 'another admin password')).toBe(true);
  });
});
