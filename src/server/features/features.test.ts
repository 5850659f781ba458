import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { OUR_CLIENT_HEADERS as OURS, useTestApp } from '../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../tests/setup/test-database.ts';
import type { Config } from '../config.ts';
import type { Deps, FeaturePlugin } from '../deps.ts';
import { type Feature, pageDataOf, routesIn, SCOPES, type Scope, workersOf } from './feature.ts';
import { FEATURES } from './features.ts';

/*
 * One registration per feature: every feature folder describes what it adds in <f>.feature.ts,
 * features.ts lists each description, and every route plugin a *.routes.ts exports is registered
 * by exactly one feature (a forgotten one fails here, not in production).
 */

const FOLDER = import.meta.dirname;
/** Seeded by initializeSite through the other features: the demo adds nothing to the app. */
const NOTHING_TO_REGISTER = ['demo'];

const featureFolders = fs
  .readdirSync(FOLDER, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every route plugin the features' *.routes.ts export, with the file that exports it. */
async function routePlugins(): Promise<Map<FeaturePlugin, string>> {
  const plugins = new Map<FeaturePlugin, string>();
  const files = fs
    .readdirSync(FOLDER, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.routes.ts'));
  for (const file of files) {
    const exports = (await import(path.join(FOLDER, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (name.endsWith('Routes') && typeof value === 'function') {
        plugins.set(value as FeaturePlugin, `${file.split(path.sep).join('/')}: ${name}`);
      }
    }
  }
  return plugins;
}

/** Each plugin a feature lists, in any scope, with or without a condition. */
function listedPlugins(feature: Feature): FeaturePlugin[] {
  return SCOPES.flatMap((scope) => feature.routes?.[scope] ?? []).map((routes) =>
    typeof routes === 'function' ? routes : routes.plugin,
  );
}

describe('one registration per feature', () => {
  it('every feature folder has its <f>.feature.ts, listed once in features.ts', async () => {
    const described = featureFolders.filter((name) => !NOTHING_TO_REGISTER.includes(name));
    for (const name of described) {
      const file = path.join(FOLDER, name, `${name}.feature.ts`);
      expect(fs.existsSync(file), file).toBe(true);
      const exported = Object.values((await import(file)) as Record<string, Feature>);
      expect(exported, file).toHaveLength(1);
      expect(exported[0]!.name, file).toBe(name);
      expect(
        FEATURES.filter((feature) => feature === exported[0]),
        file,
      ).toHaveLength(1);
    }
    expect(FEATURES.map((feature) => feature.name).sort()).toEqual(described.sort());
  });

  it('registers every route plugin of a *.routes.ts in exactly one feature, its own', async () => {
    const plugins = await routePlugins();
    expect(plugins.size).toBeGreaterThanOrEqual(42);
    for (const [plugin, where] of plugins) {
      const owners = FEATURES.filter((feature) => listedPlugins(feature).includes(plugin));
      expect(
        owners.map((feature) => feature.name),
        where,
      ).toEqual([where.split('/')[0]]);
    }
    // And nothing else: a feature lists only plugins its routes files export.
    for (const feature of FEATURES) {
      for (const plugin of listedPlugins(feature)) expect(plugins.has(plugin)).toBe(true);
    }
  });

  it('lists each plugin at most once per scope', () => {
    for (const scope of SCOPES) {
      const listed = FEATURES.flatMap((feature) => feature.routes?.[scope] ?? []);
      expect(new Set(listed).size, scope).toBe(listed.length);
    }
  });

  it('registers a webhook only for the provider that sends it', () => {
    const withProvider = (provider: string) => ({ payments: { provider } }) as unknown as Config;
    expect(routesIn(FEATURES, 'webhooks', withProvider('test'))).toEqual([]);
    expect(routesIn(FEATURES, 'webhooks', withProvider('razorpay'))).toHaveLength(1);
  });

  it('finds the page data in exactly one feature', () => {
    const deps = {} as Deps;
    expect(() => pageDataOf([], deps)).toThrow(/One feature holds the page data, not 0/);
    const pages = FEATURES.filter((feature) => feature.pages);
    expect(pages.map((feature) => feature.name)).toEqual(['pages']);
    expect(() => pageDataOf([...pages, ...pages], deps)).toThrow(/not 2/);
  });
});

/** The method and address of each route a plugin adds, read from a bare Fastify. */
async function routesAdded(plugin: FeaturePlugin, deps: Deps) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const added: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') added.push({ method, url: route.url });
    }
  });
  await app.register(plugin, { deps });
  await app.ready();
  await app.close();
  return added;
}

/** An address the route answers: each parameter and wildcard filled in. */
const addressOf = (url: string) => url.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x');

const PREFIX: Record<Scope, string> = {
  public: '/api',
  admin: '/api/admin',
  jury: '/api/jury',
  artist: '/api/me',
  webhooks: '',
  root: '',
};

describe(`each route is guarded by the scope it is registered in, on ${TEST_ENGINE}`, () => {
  const t = useTestApp();

  it('starts the mail and picture workers first, then the others (payments, the sweeper, old rate-limit hits, reminders, display copies, voters’ addresses), each once', () => {
    const workers = workersOf(FEATURES, t.app.deps);
    expect(workers.slice(0, 2)).toEqual([t.app.deps.outbox, t.app.deps.imageJobs]);
    expect(workers).toHaveLength(8);
  });

  it('sits each route under its scope’s prefix, behind the scope’s guard', async () => {
    const { deps } = t.app;
    let checked = 0;
    for (const scope of SCOPES) {
      for (const plugin of routesIn(FEATURES, scope, t.config)) {
        for (const { method, url } of await routesAdded(plugin, deps)) {
          const full = `${PREFIX[scope]}${url}`;
          expect(t.app.hasRoute({ method: method as 'GET', url: full }), full).toBe(true);
          checked++;
          const changes = method !== 'GET';
          if (scope === 'admin' || scope === 'jury' || scope === 'artist') {
            const response = await t.app.inject({
              method: method as 'GET',
              url: addressOf(full),
              headers: OURS,
            });
            expect(response.statusCode, `${method} ${full}`).toBe(401);
            expect(response.headers['cache-control'], full).toBe('no-store');
          } else if (scope === 'public' && changes) {
            const response = await t.app.inject({ method: method as 'GET', url: addressOf(full) });
            expect(response.statusCode, `${method} ${full}`).toBe(403);
            expect(response.json().error.code, full).toBe('CSRF_REJECTED');
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
