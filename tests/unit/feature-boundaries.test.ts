import { describe, expect, it } from 'vitest';
import { importing, ruleIdsFor } from './lint-text.ts';

/**
 * The lint zones behind "features meet through front doors" (server) and bulletproof-react's
 * feature boundaries (browser), and the ban on import cycles, proven on sample code.
 */
const ZONE = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

const S = 'src/server/features';
const C = 'src/client/features';

describe('server features meet through front doors', () => {
  it.each([
    [`${S}/categories/x.ts`, `${S}/banners/banners.repository.ts`],
    [`${S}/categories/x.ts`, `${S}/banners/banners.routes.ts`],
    [`${S}/categories/categories.service.ts`, `${S}/banners/banners.repository.ts`],
    [`${S}/media/storage/x.ts`, `${S}/banners/banners.repository.ts`],
    // another feature's helper, or a service of it that is not its front door
    [`${S}/banners/x.ts`, `${S}/media/known-images.ts`],
    [`${S}/payments/x.ts`, `${S}/competitions/lifecycle.ts`],
    [`${S}/review/x.ts`, `${S}/competitions/lifecycle-admin.service.ts`],
    [`${S}/results/x.ts`, `${S}/jury/rounds.service.ts`],
    [`${S}/pages/x.ts`, `${S}/submissions/registration.service.ts`],
    [`${S}/demo/x.ts`, `${S}/media/storage/storage.ts`],
    [`${S}/review/x.ts`, `${S}/media/image-jobs.service.ts`],
  ])('%s may not import %s', async (file, target) => {
    expect(await ruleIdsFor(file, importing(file, target))).toContain(ZONE);
  });

  it.each([
    [`${S}/categories/x.ts`, `${S}/banners/banners.service.ts`],
    [`${S}/banners/x.ts`, `${S}/media/media.service.ts`],
    [`${S}/media/storage/x.ts`, `${S}/audit/audit.service.ts`],
    [`${S}/payments/x.ts`, `${S}/competitions/competitions.service.ts`],
    [`${S}/banners/x.ts`, `${S}/banners/banners.repository.ts`],
    [`${S}/media/x.ts`, `${S}/media/known-images.ts`],
    [`${S}/banners/x.ts`, `${S}/banners/banners.routes.ts`],
    [`${S}/categories/x.test.ts`, `${S}/banners/banners.repository.ts`],
    [`${S}/review/x.test.ts`, `${S}/media/known-images.ts`],
    ['src/server/x.ts', `${S}/banners/banners.repository.ts`],
    ['src/server/x.ts', `${S}/media/known-images.ts`],
  ])('%s may import %s', async (file, target) => {
    expect(await ruleIdsFor(file, importing(file, target))).toEqual([]);
  });
});

describe('browser features take from each other only what is shared', () => {
  it.each([
    // another public feature's internals
    [`${C}/entry/x.ts`, `${C}/registration/registration-draft.ts`],
    [`${C}/home/x.tsx`, `${C}/competitions/routes/competition-page.tsx`],
    // the admin area, from public code
    [`${C}/home/x.tsx`, `${C}/admin/common/format-instant.ts`],
    [`${C}/registration/x.tsx`, `${C}/admin/outbox/api/outbox.ts`],
    // another admin screen's internals
    [`${C}/admin/dashboard/x.tsx`, `${C}/admin/outbox/outbox-page.tsx`],
    // what the admin screens share, reaching into one
    [`${C}/admin/common/x.tsx`, `${C}/admin/outbox/api/outbox.ts`],
    // shared browser code, reaching into a feature
    ['src/client/lib/x.ts', `${C}/entry/entry-api.ts`],
    ['src/client/components/x.tsx', `${C}/competitions/components/status-badge.tsx`],
    // the jury area: an admin screen or the admin area itself, and the other way round
    [`${C}/jury/x.tsx`, `${C}/admin/outbox/outbox-page.tsx`],
    [`${C}/jury/x.tsx`, `${C}/admin/outbox/api/outbox.ts`],
    [`${C}/jury/x.tsx`, `${C}/admin/admin-area.tsx`],
    [`${C}/home/x.tsx`, `${C}/jury/jury-area.tsx`],
    [`${C}/admin/common/x.tsx`, `${C}/jury/api/jury.ts`],
  ])('%s may not import %s', async (file, target) => {
    expect(await ruleIdsFor(file, importing(file, target))).toContain(ZONE);
  });

  it.each([
    [`${C}/home/x.tsx`, `${C}/competitions/components/status-badge.tsx`],
    [`${C}/registration/x.tsx`, `${C}/entry/entry-api.ts`],
    [`${C}/registration/x.tsx`, `${C}/registration/registration-draft.ts`],
    [`${C}/admin/dashboard/x.tsx`, `${C}/admin/common/format-instant.ts`],
    [`${C}/admin/dashboard/x.tsx`, `${C}/admin/outbox/api/outbox.ts`],
    [`${C}/admin/competitions/x.tsx`, `${C}/competitions/components/status-badge.tsx`],
    [`${C}/admin/admin-area.tsx`, `${C}/admin/outbox/outbox-page.tsx`],
    [`${C}/entry/x.test.tsx`, `${C}/admin/common/test-helpers.tsx`],
    ['src/client/router.tsx', `${C}/entry/routes/entry-page.tsx`],
    // the jury area takes what the signed-in areas share, and public API modules
    [`${C}/jury/x.tsx`, `${C}/admin/common/session.tsx`],
    [`${C}/jury/x.tsx`, `${C}/entry/entry-api.ts`],
    ['src/client/router.tsx', `${C}/jury/jury-area.tsx`],
  ])('%s may import %s', async (file, target) => {
    expect(await ruleIdsFor(file, importing(file, target))).toEqual([]);
  });
});

describe('no import cycles', () => {
  const REPOSITORY = `${S}/banners/banners.repository.ts`;
  const SERVICE = `${S}/banners/banners.service.ts`;

  it('a repository may not import the service that imports it', async () => {
    expect(await ruleIdsFor(REPOSITORY, importing(REPOSITORY, SERVICE))).toContain(CYCLE);
  });

  it.each([
    [
      'a type from it',
      "import type * as service from './banners.service.ts';\nexport type Service = typeof service;\n",
    ],
    [
      'it on demand, with import()',
      "export const loadService = () => import('./banners.service.ts');\n",
    ],
  ])('a repository may import %s', async (_what, code) => {
    expect(await ruleIdsFor(REPOSITORY, code)).toEqual([]);
  });
});
