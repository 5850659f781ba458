import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Dependency direction: client -> shared <- server (ARCHITECTURE.md). */
const importBan = (message, ...groups) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

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
    rules: importBan('Server code must not import the browser app.', '**/client/**', '**/client'),
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
