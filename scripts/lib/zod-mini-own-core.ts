import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const TAG = '?zod-mini';

/**
 * Gives `zod/mini` its own copy of zod's core in the browser build. The public registration page
 * checks its form with zod/mini (to stay small) while the admin area uses full zod; sharing one
 * core, the chunk both load would hold all of it that full zod needs, about 11 KB gzip more on
 * the public page (its budget: at most 35 KB beyond what `/` loads). Tagged module ids
 * make zod/mini and every zod module it imports a separate instance, tree-shaken to what mini
 * uses. Schemas are never mixed between the two (each file imports one flavour), and zod's
 * `instanceof` checks read traits, not classes, so two copies agree. The server is unaffected.
 */
export function zodMiniOwnCore(): Plugin {
  return {
    name: 'zod-mini-own-core',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      // Only zod/mini itself and the relative imports inside zod's files can need the tag.
      filter: { id: /^(zod\/mini$|\.\.?\/)/ },
      async handler(source, importer, options) {
        const tagged = importer?.endsWith(TAG) ?? false;
        if (source !== 'zod/mini' && !tagged) return null;
        const from = tagged ? importer?.slice(0, -TAG.length) : importer;
        const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
        if (!resolved || resolved.external || !resolved.id.includes('/node_modules/zod/')) {
          return resolved;
        }
        return { ...resolved, id: `${resolved.id}${TAG}` };
      },
    },
    load: {
      filter: { id: /\?zod-mini$/ },
      handler: (id) => readFile(id.slice(0, -TAG.length), 'utf8'),
    },
  };
}
