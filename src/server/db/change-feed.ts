import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';

/*
 * How the servers sharing one PostgreSQL tell each other that public content or the settings
 * changed, so none serves a stale copy (docs/decisions/019-several-servers.md). A server that
 * writes drops its own copies at once and announces the change with NOTIFY; every other server
 * LISTENs on a connection of its own and drops its copies when told. On SQLite there is one
 * server, and nothing to announce.
 */

/** PostgreSQL's channel names are per database, so two sites on one server never mix. */
const CHANNEL = 'white_stroke_changes';
/** The listening connection's application_name. */
export const LISTENER_NAME = 'white-stroke changes';
/** Waits between tries to listen again after the connection was lost, doubling up to the last. */
const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000];
/**
 * How often the listening connection is checked with a query: a connection a NAT or a load
 * balancer dropped while idle ends no session and says nothing, so silence is never trusted.
 */
const CHECK_EVERY_MS = 30_000;

export interface ChangeFeed {
  /** Tells the other servers that content changed (this one has already dropped its copies). */
  announce(): void;
  /** Calls `listener` when another server changed content, or when changes may have been missed. */
  onChangeElsewhere(listener: () => void): () => void;
  close(): Promise<void>;
}

export async function openChangeFeed(options: {
  database: Database;
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
}): Promise<ChangeFeed> {
  const listeners = new Set<() => void>();
  const onChangeElsewhere = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const { database, databaseUrl, log } = options;
  if (database.engine !== 'postgres' || !databaseUrl) {
    return { announce: () => {}, onChangeElsewhere, close: async () => {} };
  }

  // A server hears its own NOTIFY too: its id in the message tells it to ignore that one.
  const self = randomUUID();
  const tell = () => {
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        log.error({ err: error }, 'Dropping copies after another server’s change failed');
      }
    }
  };
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  let failures = 0;

  async function listen(): Promise<void> {
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      // Named, so an operator (or a test) can tell it in pg_stat_activity.
      application_name: LISTENER_NAME,
    });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== self) tell();
    });
    // A lost connection (PostgreSQL restarted, a network cut): listen again, and meanwhile
    // changes may have been missed, so every copy is dropped once listening again.
    next.on('error', () => {});
    next.on('end', () => {
      if (closed || client !== next) return;
      client = undefined;
      scheduleRetry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    if (closed) await next.end();
  }

  /** listen(), remembered so that close() waits for a connection being made. */
  function startListening(): Promise<void> {
    connecting = listen().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  // Silence is checked: a query on the listening connection that fails ends it, and so listens
  // again (through 'end').
  const check = setInterval(() => {
    const current = client;
    current?.query('select 1').catch(() => current.end().catch(() => {}));
  }, CHECK_EVERY_MS);
  check.unref();

  function scheduleRetry(): void {
    if (closed || retry) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 5000;
    retry = setTimeout(() => {
      retry = undefined;
      startListening().then(
        () => {
          if (failures > 0) log.info('Listening for other servers’ changes again');
          failures = 0;
          tell();
        },
        (error: unknown) => {
          if (failures === 0) {
            log.warn({ err: error }, 'Cannot listen for other servers’ changes: trying again');
          }
          failures += 1;
          scheduleRetry();
        },
      );
    }, delay);
    retry.unref();
  }

  try {
    await startListening();
  } catch (error) {
    clearInterval(check);
    throw error;
  }

  return {
    announce() {
      sql`select pg_notify(${CHANNEL}, ${self})`.execute(database.db).catch((error: unknown) => {
        // The others then serve their copies until these expire (the safety net).
        log.warn({ err: error }, 'Could not tell the other servers about a change');
      });
    },
    onChangeElsewhere,
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(check);
      await connecting?.catch(() => {});
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
