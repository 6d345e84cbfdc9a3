import { Kysely, Migrator, PostgresDialect } from "kysely";
import type { Logger } from "pino";
import type { PostgresHooks } from "../metrics/postgres";
import { KyselyStore } from "./kysely";
import { migrationProvider } from "./migrations";
import { guardedPool } from "./pg-pool";
import type { DB } from "./schema";
import type { Store } from "./types";

/**
 * The scale-out store: the same kysely code over PostgreSQL, shared by several server processes
 * (each appends with a unique (table, match, version) key, so two processes can never both commit the
 * same step of a game).
 */
export async function openPostgresStore(
  connectionString: string,
  hooks?: PostgresHooks,
  log?: Logger,
): Promise<Store> {
  // A connection the database closes (a restart, a failover, a crash) is reported and dropped.
  const pool = guardedPool(connectionString, 10, hooks, log);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...(hooks && { log: hooks.log }) });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return new KyselyStore(db);
}
