import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Dependency direction: client -> shared <- server (docs/architecture.md). */
const importBan = (message, ...groups) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

const CLIENT_PATHS = ['**/client/**', '**/client'];
const SERVER_MESSAGE = 'Server code must not import the browser app.';
const QUERY_MESSAGE =
  "Queries belong in the feature's *.repository.ts; call a repository function.";
const QUERY_BUILDERS = [
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...importBan('The browser app must not import server code.', '**/server/**', '**/server'),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: importBan(SERVER_MESSAGE, ...CLIENT_PATHS),
  },
  {
    /*
     * Every query of a feature lives in its *.repository.ts (docs/architecture.md): other feature
     * files may use Kysely's types (a `Kysely<DB>` passed through, a transaction) but neither
     * import its values (`sql`, adapters) nor build a query on a database they were handed.
     */
    files: ['src/server/features/**/*.ts'],
    ignores: [
      'src/server/features/**/*.repository.ts',
      'src/server/features/**/*.test.ts',
      'src/server/features/demo/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', allowTypeImports: true, message: QUERY_MESSAGE }],
          patterns: [{ group: CLIENT_PATHS, message: SERVER_MESSAGE }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDERS.join('|')})$/]`,
          message: QUERY_MESSAGE,
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: importBan(
      'Shared code imports neither the browser app nor the server.',
      '**/client/**',
      '**/client',
      '**/server/**',
      '**/server',
    ),
  },
);
