import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { type ChangeFeed, openChangeFeed } from './db/change-feed.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import {
  createCompetitionsService,
  type CompetitionsService,
} from './features/competitions/competitions.service.ts';
import {
  createOutboxWorker,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from './features/mail/outbox-worker.ts';
import {
  createImageJobs,
  type ImageJobs,
  type ImageJobsOptions,
} from './features/media/image-jobs.service.ts';
import { createImageQueue, type ImageQueue } from './features/media/image-queue.ts';
import { createImageWorker, type ImageWorker } from './features/media/image-worker-client.ts';
import { createStorage, type Storage } from './features/media/storage/storage.ts';
import { createPaymentProvider } from './features/payments/payment-provider-factory.ts';
import {
  createPaymentsService,
  type PaymentsService,
} from './features/payments/payments.service.ts';
import {
  createSettingsService,
  type SettingsService,
} from './features/settings/settings.service.ts';
import { entryLinkOf } from '../shared/domain/entry-link.ts';
import { createEntryTokens, type EntryTokens } from './features/submissions/entry-tokens.ts';
import { serverKey } from './features/submissions/server-keys.repository.ts';
import { type ContentCache, createContentCache } from './http/cached-json.ts';

/**
 * Everything the server's features need, built once by buildApp and handed down: routes get it as
 * their plugin's options, services and jobs take what they use of it (or a narrower Pick) and plain
 * values. Nothing below the routes reaches for the Fastify instance.
 */
export interface Deps {
  config: Config;
  database: Database;
  /** The query builder of `database`, the one most code needs. */
  db: Kysely<DB>;
  storage: Storage;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: SettingsService;
  /** Public content served from memory; every write to it calls invalidate(). */
  contentCache: ContentCache;
  /** How the servers sharing the database hear of each other's changes; closed with the app. */
  changes: ChangeFeed;
  competitions: CompetitionsService;
  /** The artist's signed links to their own entry. */
  entryTokens: EntryTokens;
  /** The e-mail outbox's worker: wake() after a commit that queued a message. */
  outbox: OutboxWorker;
  /** One image at a time, uploads and picture jobs alike; uploads are refused when it is full. */
  imageQueue: ImageQueue;
  /** The child process that decodes and encodes images; closed with the app. */
  imageWorker: ImageWorker;
  /** The worker making registrations' pictures: wake() after a commit that queued one. */
  imageJobs: ImageJobs;
  payments: PaymentsService;
}

/** The options every feature plugin is registered with. */
export interface FeatureOptions {
  deps: Deps;
}

/** A feature's routes for one scope (public API, admin API, webhooks, pages). */
export type FeaturePlugin = FastifyPluginAsync<FeatureOptions>;

/**
 * Builds the dependencies in the order they need each other: settings before what reads them, the
 * outbox before payments (which wake it). The caller owns the lifecycle (start, close).
 */
export async function buildDeps(
  config: Config,
  parts: {
    database: Database;
    log: FastifyBaseLogger;
    clock: Clock;
    outbox?: OutboxWorkerOptions;
    imageJobs?: ImageJobsOptions;
  },
): Promise<Deps> {
  const { database, log, clock } = parts;
  const db = database.db;
  const storage = await createStorage(config);
  const changes = await openChangeFeed({ database, databaseUrl: config.databaseUrl, log });
  const contentCache = createContentCache(undefined, undefined, () => changes.announce());
  // The time zone decides statuses and the page texts live in settings: a change drops them all.
  const settings = createSettingsService(
    { db, clock, log },
    { onChange: () => contentCache.invalidate() },
  );
  changes.onChangeElsewhere(() => {
    settings.forget();
    contentCache.invalidateFromElsewhere();
  });
  const siteTitle = async () => (await settings.getSettings()).title;
  const competitions = createCompetitionsService({ db, settings, contentCache, clock, log });
  const entryTokens = createEntryTokens(db, clock);
  const outbox = createOutboxWorker({ db, config, settings, log, clock }, parts.outbox ?? {});
  const imageQueue = createImageQueue();
  // At the lowest CPU priority, except beside the test runners (see image-worker-client.ts).
  const imageWorker = createImageWorker({ lowPriority: config.nodeEnv !== 'test' });
  const imageJobs = createImageJobs(
    { db, storage, log, clock, imageQueue, imageWorker },
    parts.imageJobs,
  );
  // The test checkout signs with a key the server makes for itself, as entry tokens do.
  const serverKeys = (name: string) => serverKey(db, name, clock.now());
  const provider = createPaymentProvider(config.payments, { db, clock }, serverKeys);
  const payments = createPaymentsService({ db, clock, log }, provider, {
    siteTitle,
    entryLink: async (submissionId) =>
      entryLinkOf(config.publicUrl, await entryTokens.issue(submissionId)),
    onEmailQueued: () => outbox.wake(),
    paymentWindow: async () => ({
      timeZone: (await settings.getSettings()).timeZone,
      graceMs: config.paymentGraceMs,
    }),
    seller: async () => (await settings.getSettings()).seller,
  });
  return {
    config,
    database,
    db,
    storage,
    clock,
    log,
    settings,
    contentCache,
    changes,
    competitions,
    entryTokens,
    outbox,
    imageQueue,
    imageWorker,
    imageJobs,
    payments,
  };
}
