/**
 * `npm run build`: builds the browser app with Vite, writes gzip and brotli copies of text assets
 * (served as they are, no compression per request), and prints the size report: the gzipped
 * JavaScript that `/` downloads before it can render, against its 110 KB goal.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist/client');
const INITIAL_JS_GOAL_KB = 110;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

// Always the production bundle: an inherited NODE_ENV (test, development) would otherwise make
// Vite build React's development copy, twice the size and slower.
process.env.NODE_ENV = 'production';
await build({
  configFile: path.join(ROOT, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
});
// The same app for the server to render the public pages with (src/client/entry-server.tsx).
// Inside the client folder, so one CLIENT_DIR always holds a matching pair; a dot folder, which
// the file server never serves. Packages stay external: the server imports them from node_modules.
await build({
  configFile: path.join(ROOT, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  build: {
    ssr: 'entry-server.tsx',
    outDir: path.join(OUT, '.ssr'),
    emptyOutDir: false,
    manifest: false,
    copyPublicDir: false,
  },
});

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
for (const file of readdirSync(path.join(OUT, 'assets'))) {
  if (!COMPRESSIBLE.test(file)) continue;
  const full = path.join(OUT, 'assets', file);
  const data = readFileSync(full);
  writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(
    `${full}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

const manifest = JSON.parse(readFileSync(path.join(OUT, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const gzSize = (file: string) => gzipSync(readFileSync(path.join(OUT, file)), { level: 9 }).length;

/** Every chunk a page loads before it runs: the entry and its static imports, recursively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The build has no entry chunk');
const initial = [...staticClosure(entryKey)];
const initialFiles = initial.map((key) => manifest[key]?.file as string);
const initialJsBytes = initialFiles.reduce((sum, file) => sum + gzSize(file), 0);
const initialCss = [...new Set(initial.flatMap((key) => manifest[key]?.css ?? []))];
const initialCssBytes = initialCss.reduce((sum, file) => sum + gzSize(file), 0);

const adminKeys = Object.keys(manifest).filter((key) => key.includes('features/admin/'));
const adminInInitial = adminKeys.filter((key) => initial.includes(key));

/** The manifest key of the chunk built from the module whose path ends with `suffix`. */
function chunkKey(suffix: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`The build has no chunk for ${suffix}`);
  return key;
}

/**
 * What a signed-in area downloads beyond `/`: its lazy entry and everything it imports, its own
 * lazy screens included, counted by reachability, not by folder (Rollup names a chunk the two
 * areas share after any module in it).
 */
function areaBytes(entrySuffix: string): number {
  const reached = new Set<string>();
  const visit = (k: string) => {
    if (reached.has(k) || initial.includes(k)) return;
    reached.add(k);
    for (const next of [...(manifest[k]?.imports ?? []), ...(manifest[k]?.dynamicImports ?? [])]) {
      visit(next);
    }
  };
  visit(chunkKey(entrySuffix));
  return [...reached].reduce((sum, k) => sum + gzSize(manifest[k]?.file as string), 0);
}
// The admin chunks: /admin's entry (the sign-in page) and the area behind sign-in it loads.
const adminBytes = areaBytes('features/admin/admin-entry.tsx');
const juryBytes = areaBytes('features/jury/jury-area.tsx');

/** What a lazy route's chunk needs before it runs, beyond what `/` already has. */
const beyondHomeBytes = (suffix: string) =>
  [...staticClosure(chunkKey(suffix))]
    .filter((key) => !initial.includes(key))
    .reduce((sum, key) => sum + gzSize(manifest[key]?.file as string), 0);

// /admin before sign-in: the sign-in page alone; the admin area loads after sign-in.
const adminSignInBytes = beyondHomeBytes('features/admin/admin-entry.tsx');

// What the registration page (a lazy route) downloads beyond what `/` already has.
const REGISTRATION_JS_GOAL_KB = 35;
const registrationBytes = beyondHomeBytes('features/registration/routes/register-page.tsx');

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const report = {
  initialJsGzipKb: kb(initialJsBytes),
  initialJsGoalKb: INITIAL_JS_GOAL_KB,
  withinGoal: initialJsBytes <= INITIAL_JS_GOAL_KB * 1024,
  initialCssGzipKb: kb(initialCssBytes),
  initialChunks: initialFiles,
  adminChunksGzipKb: kb(adminBytes),
  adminSignInJsBeyondHomeGzipKb: kb(adminSignInBytes),
  juryChunksGzipKb: kb(juryBytes),
  adminLoadedByHome: adminInInitial.length > 0,
  registrationJsBeyondHomeGzipKb: kb(registrationBytes),
  registrationJsGoalKb: REGISTRATION_JS_GOAL_KB,
  registrationWithinGoal: registrationBytes <= REGISTRATION_JS_GOAL_KB * 1024,
};
console.log('Size report for / (gzip):');
console.log(JSON.stringify(report, null, 2));
