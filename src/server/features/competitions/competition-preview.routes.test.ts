import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';

/* The admin's preview of a competition's public page: drafts included, for admins only. */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;
beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe(`an admin's preview of a draft (${TEST_ENGINE})`, () => {
  it('shows the admin the public page of a draft, which visitors still cannot see', async () => {
    const { competition } = await addCompetition(t, { draft: 1, title: 'Secret Draft' });
    const preview = await asAdmin(
      t,
      admin,
      'GET',
      `/api/admin/competitions/${competition.id}/preview`,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      id: competition.id,
      title: 'Secret Draft',
      stage: 'draft',
      details: expect.any(Object),
    });
    // The public shape: nothing of the admin's view (submission counts, draft flag).
    expect(preview.json()).not.toHaveProperty('submissionCount');

    const visitor = await get(`/api/competitions/${competition.id}`);
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const visitorPreview = await get(`/api/admin/competitions/${competition.id}/preview`);
    expect(visitorPreview.statusCode).toBe(401);
    const listed = await get('/api/competitions');
    expect(listed.json().map((c: { id: string }) => c.id)).not.toContain(competition.id);
  });

  it('answers 404 with the envelope for a competition that does not exist', async () => {
    const missing = await asAdmin(
      t,
      admin,
      'GET',
      '/api/admin/competitions/00000000-0000-4000-8000-000000000000/preview',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
