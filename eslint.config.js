import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
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

/*
 * Server code asks deps.clock for the time (a test moves it; every server agrees on one "now"):
 * neither `new Date()` without arguments nor `Date.now()`. Outside the rule: the clock itself,
 * the command line and backups (their own processes), migrations (frozen), the log's timestamps.
 */
const CLOCK_MESSAGE = 'Ask deps.clock (or take `now` from the caller), not the system clock.';
const CLOCK_SELECTORS = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK_MESSAGE },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: CLOCK_MESSAGE,
  },
];

/** Zones are matched against absolute paths, so every path in them is made absolute here. */
const ROOT = import.meta.dirname;
const fromRoot = (...parts) => path.join(ROOT, ...parts);
const foldersIn = (...parts) =>
  fs
    .readdirSync(fromRoot(...parts), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
/** The browser's API modules: a feature's api/ folder and its *-api.ts files. */
const CLIENT_API_MODULES = [
  'src/client/**/api/**',
  'src/client/**/*-api.ts',
  'src/client/**/*-api.tsx',
];
/** Sample answers for the screens' tests, never imported by the app. */
const CLIENT_TEST_SUPPORT = ['src/client/**/*-fixture.ts', 'src/client/**/*-test-helpers.tsx'];
const API_PATH_MESSAGE =
  "Name the API through src/shared/api-paths.ts, from the feature's API module (api/, *-api.ts).";

/*
 * Server features meet through front doors: a file of one feature may import from another feature
 * only its <feature>/<feature>.service.ts, never its repository, routes, helpers or other
 * services. One zone per feature, read from the folder, so a new feature is covered the day it is
 * created. That features import each other without a cycle is checked by
 * tests/unit/feature-cycles.test.ts.
 */
const SERVER_FEATURES = 'src/server/features';
const SERVER_FEATURE_NAMES = foldersIn(SERVER_FEATURES);
// One glob (an exception must be one when `from` is): {audit/audit.service.ts,auth/auth.service.ts,...}
const FRONT_DOORS = fromRoot(
  SERVER_FEATURES,
  `{${SERVER_FEATURE_NAMES.map((feature) => `${feature}/${feature}.service.ts`).join(',')}}`,
);
const serverFeatureZones = SERVER_FEATURE_NAMES.map((feature) => ({
  target: fromRoot(SERVER_FEATURES, feature),
  from: fromRoot(SERVER_FEATURES, '*/**'),
  except: [fromRoot(SERVER_FEATURES, feature, '**'), FRONT_DOORS],
  message: 'A feature uses another only through its front door, <feature>/<feature>.service.ts.',
}));

/*
 * Browser features (bulletproof-react's zones, fitted to how the code is organised): each public
 * feature and each admin screen is a unit; a unit may take from another only what is meant to be
 * shared, its components/ and its API modules (api/, *-api.ts). Admin screens share
 * features/admin/common, which imports no screen; public code never imports the admin area,
 * which is a lazily loaded chunk; components/, lib/ and config/ import no feature. The jury is a
 * signed-in area of its own, lazily loaded too: it takes from the admin area only what the admin
 * screens share (the session, the query provider, forms, shell pieces), never a screen; public
 * code never imports it, nor does the admin area (each chunk stays out of the other).
 */
const CLIENT_FEATURES = 'src/client/features';
const ADMIN = `${CLIENT_FEATURES}/admin`;
const JURY = `${CLIENT_FEATURES}/jury`;
const SIGNED_IN_AREAS = ['admin', 'jury'];
const PUBLIC_FEATURES = foldersIn(CLIENT_FEATURES)
  .filter((name) => !SIGNED_IN_AREAS.includes(name))
  .map((name) => `${CLIENT_FEATURES}/${name}`);
const ADMIN_SCREENS = foldersIn(ADMIN)
  .filter((name) => name !== 'common')
  .map((name) => `${ADMIN}/${name}`);
const CLIENT_UNITS = [...PUBLIC_FEATURES, ...ADMIN_SCREENS];
const SHARED_BY_A_UNIT = ['components/**', 'api/**', '*-api.ts', '*-api.tsx'];
const unitZone = (unit, others) => ({
  target: fromRoot(unit),
  from: others.filter((other) => other !== unit).map((other) => fromRoot(other, '**')),
  except: others.flatMap((other) => SHARED_BY_A_UNIT.map((part) => fromRoot(other, part))),
  message: 'A feature takes from another only its components/ and API modules (api/, *-api.ts).',
});
const clientFeatureZones = [
  ...PUBLIC_FEATURES.map((feature) => unitZone(feature, PUBLIC_FEATURES)),
  ...ADMIN_SCREENS.map((screen) => unitZone(screen, CLIENT_UNITS)),
  unitZone(JURY, PUBLIC_FEATURES),
  {
    target: PUBLIC_FEATURES.map((feature) => fromRoot(feature)),
    from: fromRoot(ADMIN),
    message: 'Public pages never import the admin area (it is a lazily loaded chunk).',
  },
  {
    target: PUBLIC_FEATURES.map((feature) => fromRoot(feature)),
    from: fromRoot(JURY),
    message: 'Public pages never import the jury area (it is a lazily loaded chunk).',
  },
  {
    target: fromRoot(JURY),
    from: fromRoot(ADMIN, '**'),
    except: [fromRoot(ADMIN, 'common', '**')],
    message: 'The jury takes from the admin area only features/admin/common, never a screen.',
  },
  {
    target: fromRoot(ADMIN),
    from: fromRoot(JURY),
    message: 'The admin area never imports the jury area (each is a lazily loaded chunk).',
  },
  {
    target: fromRoot(ADMIN, 'common'),
    from: ADMIN_SCREENS.map((screen) => fromRoot(screen)),
    message: 'What the admin screens share imports no screen.',
  },
  {
    target: ['components', 'lib', 'config'].map((folder) => fromRoot('src/client', folder)),
    from: fromRoot(CLIENT_FEATURES),
    message: 'Shared browser code imports no feature.',
  },
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
    // Type-aware: a promise nobody awaits loses its rejection; one passed where a callback's
    // result is ignored (an event handler) loses it too.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: ROOT },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    // A cycle closed by a dynamic import() is safe: the importer has finished loading before the
    // import() runs (the storage factory loads its S3 or local module that way).
    rules: { 'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    files: ['src/server/features/**/*.ts'],
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverFeatureZones }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    // Test support is test code: a fixture may build on another feature's, as a test may.
    ignores: [...TESTS, ...CLIENT_TEST_SUPPORT],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: clientFeatureZones }] },
  },
  {
    // A reader holds a file and a function whole, in the app and in its scripts alike; data (the
    // schema's table types, migrations) is exempt.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: [...TESTS, 'src/server/db/migrations/**', 'src/server/db/schema.ts'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
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
    // The API's addresses are written once (src/shared/api-paths.ts) and requested from each
    // feature's API module: a component, a route or a shared helper names no /api path.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: [...TESTS, ...CLIENT_API_MODULES, ...CLIENT_TEST_SUPPORT],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'Literal[value=/^\\x2Fapi\\x2F/]',
          'TemplateLiteral[quasis.0.value.raw=/^\\x2Fapi\\x2F/]',
        ].map((selector) => ({ selector, message: API_PATH_MESSAGE })),
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: importBan(SERVER_MESSAGE, ...CLIENT_PATHS),
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/*.test.ts',
      'src/server/clock.ts',
      'src/server/log-stream.ts',
      'src/server/cli/**',
      'src/server/backup/**',
      'src/server/db/migrations/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...CLOCK_SELECTORS] },
  },
  {
    /*
     * Every query of a feature lives in its *.repository.ts (docs/architecture.md): other feature
     * files may use Kysely's types (a `Kysely<DB>` passed through, a transaction) but neither
     * import its values (`sql`, adapters) nor build a query on a database they were handed.
     */
    files: ['src/server/features/**/*.ts'],
    ignores: ['src/server/features/**/*.repository.ts', 'src/server/features/**/*.test.ts'],
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
        // This block replaces the one above for these files: the clock's selectors again.
        ...CLOCK_SELECTORS,
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
