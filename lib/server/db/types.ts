import 'server-only';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema';

/*
 * The database's types, apart from the client that opens it: the migrator and the seed take a `Db` without importing
 * the module that calls them.
 */

export type Schema = typeof schema;
/** The app's Drizzle database over node-postgres; `db.query.*` knows the schema. */
export type Db = NodePgDatabase<Schema>;
/** A Drizzle transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either a database or a transaction, for domain functions that can run inside a caller's transaction. */
export type DbOrTx = Db | Tx;
