import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  signIn,
  useAdminTestApp,
} from '../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../tests/setup/test-database.ts';

/*
 * Every form of the admin's that takes an e-mail address keeps the one rule (shared
 * domain/email-address.ts): a list, a comment or a display name is a 400 naming the field, and
 * nothing is written. (The artist's forms: registration-bad-input.test.ts.)
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const BAD = ['a;b@c.example', 'a(b)c@d.example', 'victim;attacker@evil.example', 'A <a@b.example>'];

const written = async () => ({
  accounts: (await db().selectFrom('admin_users').select('id').execute()).length,
  outbox: (await db().selectFrom('email_outbox').select('id').execute()).length,
  audit: (await db().selectFrom('audit_log').select('id').execute()).length,
  settings: (await db().selectFrom('site_settings').selectAll().execute()).map((r) =>
    JSON.stringify(r),
  ),
});

describe(`an e-mail address the admin types, on ${TEST_ENGINE}`, () => {
  it.each(BAD)(
    '%s is refused when inviting a juror, declaring a conflict, or as the contact',
    async (email) => {
      const token = await signIn(t, 'admin', ADMIN_PASSWORD);
      const before = await written();

      const invite = await asAdmin(t, token, 'POST', '/api/admin/jurors', { name: 'Ravi', email });
      expect(invite.statusCode, invite.body).toBe(400);
      expect(invite.json().error.fields).toEqual({ email: 'Please enter a valid email address' });

      const conflict = await asAdmin(
        t,
        token,
        'POST',
        `/api/admin/competitions/${randomUUID()}/judging/conflicts`,
        { jurorId: randomUUID(), email },
      );
      expect(conflict.statusCode, conflict.body).toBe(400);
      expect(conflict.json().error.fields).toEqual({ email: 'Enter the artist’s e-mail' });

      const form = (await asAdmin(t, token, 'GET', '/api/admin/site-settings')).json();
      const contact = await asAdmin(t, token, 'PUT', '/api/admin/site-settings', {
        ...form,
        contactEmail: email,
      });
      expect(contact.statusCode, contact.body).toBe(400);
      expect(contact.json().error.fields).toEqual({ contactEmail: 'Enter a valid e-mail address' });

      expect(await written()).toEqual(before);
    },
  );

  it('still takes a plain address, lower-cased for a juror', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const invite = await asAdmin(t, token, 'POST', '/api/admin/jurors', {
      name: 'Ravi',
      email: "  O'Brien+Jury@Example.ORG ",
    });
    expect(invite.statusCode, invite.body).toBe(201);
    expect(invite.json().email).toBe("o'brien+jury@example.org");
  });
});
