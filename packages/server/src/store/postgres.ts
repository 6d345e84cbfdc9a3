import { Kysely, Migrator, PostgresDialect } from "kysely";
import pg from "pg";
import type { PostgresHooks } from "../metrics/postgres";
import { KyselyStore } from "./kysely";
import { migrationProvider } from "./migrations";
import type { DB } from "./schema";
import type { Store } from "./types";

/**
 * The scale-out store: the same kysely code over PostgreSQL, shared by several server processes
 * (each appends with a unique (table, match, version) key, so two processes can never both commit the
 * same step of a game).
 */
export async function openPostgresStore(connectionString: string, hooks?: PostgresHooks): Promise<Store> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server closes (a restart, a failover) is dropped from the pool; without a
  // handler pg would throw it as an uncaught exception.
  pool.on("error", () => hooks?.poolError());
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...(hooks && { log: hooks.log }) });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return new KyselyStore(db);
}
