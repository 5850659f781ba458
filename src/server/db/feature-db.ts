import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/**
 * A feature's view of the database: the tables it owns and the ones it declares it reads, so a
 * query on any other table fails to compile. The union takes the app's Kysely<DB> and a
 * Transaction<DB> as they are, with no cast (a Transaction<DB> does not fit Kysely<Pick<DB, K>>).
 */
export type FeatureDb<K extends keyof DB> = Kysely<Pick<DB, K>> | Transaction<Pick<DB, K>>;
