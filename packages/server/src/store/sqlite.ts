import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { type DB, isUniqueViolation, KyselyStore } from "./kysely";
import { migrationProvider } from "./migrations";
import { type ActionRow, type Store, VersionConflict } from "./types";

/** Opens (creating if needed) `<dataDir>/firmament.sqlite` and migrates it to the latest schema. */
export async function openSqliteStore(dataDir: string): Promise<Store> {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(join(dataDir, "firmament.sqlite"));
  sqlite.pragma("journal_mode = WAL");
  // WAL + FULL: every commit reaches the disk before it returns, so an action that clients were told
  // about (say, the last guess, which reveals the round) survives a power loss or an OS crash too.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return new SqliteStore(db, sqlite);
}

/**
 * SQLite: the same store, with the hot path (appending an action) as one cached prepared-statement
 * transaction instead of three freshly compiled queries. It runs under kysely's connection lock, so it
 * never interleaves with a kysely transaction in progress.
 */
class SqliteStore extends KyselyStore {
  private readonly append: (code: string, game: number, row: ActionRow, finishedAt: number | null) => void;

  constructor(db: Kysely<DB>, sqlite: Database.Database) {
    super(db);
    const insert = sqlite.prepare(
      "insert into actions (table_code, game, version, action, at) values (?, ?, ?, ?, ?)",
    );
    const finishGame = sqlite.prepare("update games set finished_at = ? where table_code = ? and game = ?");
    const finishTable = sqlite.prepare("update tables set status = 'over' where code = ?");
    this.append = sqlite.transaction(
      (code: string, game: number, row: ActionRow, finishedAt: number | null) => {
        insert.run(code, game, row.version, JSON.stringify(row.action), row.at);
        if (finishedAt !== null) {
          finishGame.run(finishedAt, code, game);
          finishTable.run(code);
        }
      },
    );
  }

  override async appendAction(
    code: string,
    game: number,
    row: ActionRow,
    finishedAt: number | null,
  ): Promise<void> {
    await this.db.connection().execute(async () => {
      try {
        this.append(code, game, row, finishedAt);
      } catch (error) {
        if (isUniqueViolation(error)) throw new VersionConflict(code, game, row.version);
        throw error;
      }
    });
  }
}
