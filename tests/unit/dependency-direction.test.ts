import { describe, expect, it } from 'vitest';
import { ruleIdsFor } from './lint-text.ts';

/** The lint rule behind docs/architecture.md's `client -> shared <- server`, proven on sample code. */
describe('dependency direction', () => {
  it.each([
    [
      'src/client/x.ts',
      "import { buildApp } from '../server/app.ts';\nexport const a = buildApp;\n",
    ],
    [
      'src/server/x.ts',
      "import { paths } from '../client/config/paths.ts';\nexport const a = paths;\n",
    ],
    [
      'src/shared/x.ts',
      "import { loadConfig } from '../server/config.ts';\nexport const a = loadConfig;\n",
    ],
    [
      'src/shared/domain/x.ts',
      "import { paths } from '../../client/config/paths.ts';\nexport const a = paths;\n",
    ],
  ])('%s may not import across', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('no-restricted-imports');
  });

  it.each([
    [
      'src/client/x.ts',
      "import { ageCategoryFor } from '../shared/domain/age-category.ts';\nexport const a = ageCategoryFor;\n",
    ],
    [
      'src/server/x.ts',
      "import { ageCategoryFor } from '../shared/domain/age-category.ts';\nexport const a = ageCategoryFor;\n",
    ],
  ])('%s may import shared code', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toEqual([]);
  });
});
