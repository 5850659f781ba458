import { describe, expect, it } from 'vitest';
import { ruleIdsFor } from './lint-text.ts';

/**
 * The lint rule behind "the API's addresses are written once": outside a feature's API module
 * (api/, *-api.ts), browser code names no /api path, whether as a string, a template or a JSX
 * attribute; it goes through src/shared/api-paths.ts from the API module.
 */
const STRING = `export const load = () => fetch('/api/competitions');\n`;
const TEMPLATE = 'export const load = (id: string) => fetch(`/api/competitions/${id}`);\n';
const JSX_ATTRIBUTE = `export const Pdf = () => <a href="/api/certificates/x/pdf">PDF</a>;\n`;
const SHARED = `import { publicApiPaths } from '../../../../shared/api-paths.ts';
export const load = (id: string) => fetch(publicApiPaths.competition(id));
`;
const OTHER_STRINGS = `export const home = '/competition/api/x';
export const label = 'The /api/ prefix';
export const page = (id: string) => \`/competition/\${id}/api/\`;
`;

const RULE = 'no-restricted-syntax';

describe('API paths are named only in API modules', () => {
  it.each([
    ['a route', 'src/client/features/home/routes/home-page.tsx', STRING],
    ['a component', 'src/client/features/competitions/components/judging-section.tsx', TEMPLATE],
    ['JSX', 'src/client/features/results/routes/certificate-page.tsx', JSX_ATTRIBUTE],
    ['shared browser code', 'src/client/lib/settings.tsx', STRING],
    ['the route list', 'src/client/config/paths.ts', TEMPLATE],
  ])('fires on an /api path in %s', async (_where, file, code) => {
    expect(await ruleIdsFor(file, code)).toContain(RULE);
  });

  it.each([
    ['an api/ folder', 'src/client/features/home/api/home.ts', STRING],
    ['an api/ folder (template)', 'src/client/features/admin/judging/api/rounds.ts', TEMPLATE],
    ['a *-api.ts module', 'src/client/features/entry/entry-api.ts', STRING],
    ['a test', 'src/client/features/home/routes/home-page.test.tsx', STRING],
    ['a test fixture', 'src/client/features/admin/submissions/review-item-fixture.ts', TEMPLATE],
  ])('lets %s name one', async (_where, file, code) => {
    expect(await ruleIdsFor(file, code)).not.toContain(RULE);
  });

  it('leaves the shared paths and other strings alone', async () => {
    const component = 'src/client/features/competitions/components/judging-section.tsx';
    expect(await ruleIdsFor(component, SHARED)).not.toContain(RULE);
    expect(await ruleIdsFor(component, OTHER_STRINGS)).not.toContain(RULE);
  });
});
