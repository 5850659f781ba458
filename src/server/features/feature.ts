import type { Config } from '../config.ts';
import type { Deps, FeaturePlugin } from '../deps.ts';
import type { PageDrawerOptions } from '../plugins/drawn-pages.ts';

/**
 * Where a feature's routes are registered; the scope's hooks guard every route in it, so a route
 * is guarded by where it is listed, never by its URL:
 * - public: under /api, whose hook refuses a state-changing request without our CSRF header;
 * - admin: under /api/admin, a signed-in admin (and no answer stored);
 * - jury: under /api/jury, a signed-in juror, who sees only the rounds and works assigned to them;
 * - artist: under /api/me, a signed-in artist, who sees only the entries made with their address;
 * - webhooks: each in a scope of its own at the root, outside /api's CSRF check (a provider signs
 *   what it sends instead);
 * - root: at the root, outside /api (files that pages fetch, never send to).
 */
export type Scope = 'public' | 'admin' | 'jury' | 'artist' | 'webhooks' | 'root';

/** The order the scopes are registered in. */
export const SCOPES: readonly Scope[] = ['public', 'admin', 'jury', 'artist', 'webhooks', 'root'];

/** Routes registered only when the configuration asks for them (a payment provider's webhook). */
export interface OptionalRoutes {
  plugin: FeaturePlugin;
  when: (config: Config) => boolean;
}

/** Work a feature does by itself while the app runs: started when it is ready, stopped on close. */
export interface Worker {
  start(): void;
  /** Resolves when the round under way (if any) has ended. */
  stop(): Promise<void>;
}

/** What a feature tells the pages the server draws: their variants, data and the shared ones. */
export interface PageData {
  pageVariant: NonNullable<PageDrawerOptions['pageVariant']>;
  describePage: PageDrawerOptions['describePage'];
  sharedPages: NonNullable<PageDrawerOptions['sharedPages']>;
}

/** A file attached to an e-mail when it is sent (mail/outbox-attachments.ts). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Draws one kind of attachment by its id; undefined when the id names nothing (any more). */
export type AttachmentRenderer = (
  id: string,
  deps: Pick<Deps, 'db' | 'settings'>,
) => Promise<EmailAttachment | undefined>;

export type AttachmentRenderers = Readonly<Record<string, AttachmentRenderer>>;

/** Everything one feature adds to the app; `features.ts` lists them, `app.ts` registers them. */
export interface Feature {
  /** The feature's folder under src/server/features. */
  name: string;
  /** Its route plugins by scope, in the order they are registered. */
  routes?: Partial<Record<Scope, readonly (FeaturePlugin | OptionalRoutes)[]>>;
  /** Its workers, built from deps, started in this order after the features listed before. */
  workers?: readonly ((deps: Deps) => Worker)[];
  /** The data of the server-drawn pages (one feature holds it). */
  pages?: (deps: Deps) => PageData;
  /** The files it draws for e-mails, by attachment kind (mail/outbox-attachments.ts). */
  attachments?: AttachmentRenderers;
}

/** Every feature's attachment renderers, by kind. */
export function attachmentRenderersOf(features: readonly Feature[]): AttachmentRenderers {
  return Object.assign(
    {},
    ...features.map((feature) => feature.attachments ?? {}),
  ) as AttachmentRenderers;
}

/** The route plugins of a scope, feature by feature, that this configuration registers. */
export function routesIn(
  features: readonly Feature[],
  scope: Scope,
  config: Config,
): FeaturePlugin[] {
  return features
    .flatMap((feature) => feature.routes?.[scope] ?? [])
    .flatMap((routes) => {
      if (typeof routes === 'function') return [routes];
      return routes.when(config) ? [routes.plugin] : [];
    });
}

/** Every feature's workers, built from deps, in the order of the list. */
export function workersOf(features: readonly Feature[], deps: Deps): Worker[] {
  return features.flatMap((feature) => (feature.workers ?? []).map((build) => build(deps)));
}

/** The page data of the one feature that holds it. */
export function pageDataOf(features: readonly Feature[], deps: Deps): PageData {
  const holders = features.filter((feature) => feature.pages);
  if (holders.length !== 1) {
    throw new Error(`One feature holds the page data, not ${holders.length}.`);
  }
  return holders[0]!.pages!(deps);
}
