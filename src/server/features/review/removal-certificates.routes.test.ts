import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';

/*
 * Deleting an awarded entry after its results are out: its certificate's PDF, which prints the
 * artist's name, leaves storage with it (the certificate's row goes with the entry's), and the
 * certificate no longer verifies.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });

describe(`deleting an entry with a certificate (${TEST_ENGINE})`, () => {
  it('deletes the certificate’s stored PDF, and its code verifies no more', async () => {
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const ok = async (method: 'PUT' | 'POST', url: string, payload?: object) => {
      const response = await asAdmin(t, admin, method, url, payload);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    };
    const { competition } = await addCompetition(t);
    const id = await approvedEntry(t, admin, competition.id, artistNumbered(4), 'Salt Pans');
    const base = `/api/admin/competitions/${competition.id}`;
    await ok('PUT', `${base}/awards`, { awards: [{ submissionId: id, title: 'First' }] });
    await ok('POST', `${base}/close-entries`);
    await ok('POST', `${base}/results/publish`);
    const certificate = () =>
      t.app.deps.db
        .selectFrom('certificates')
        .select(['code', 'file_key'])
        .where('submission_id', '=', id)
        .executeTakeFirst();
    const { code } = (await certificate())!;
    const pdf = await t.app.inject({ method: 'GET', url: `/api/certificates/${code}/pdf` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const key = (await certificate())!.file_key!;
    expect(await t.app.deps.storage.get(key)).toBeDefined();

    const deleted = await asAdmin(t, admin, 'DELETE', `/api/admin/submissions/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await certificate()).toBeUndefined();
    expect(await t.app.deps.storage.get(key)).toBeUndefined();
    const verify = await t.app.inject({ method: 'GET', url: `/api/certificates/${code}` });
    expect(verify.statusCode).toBe(404);
  });
});
