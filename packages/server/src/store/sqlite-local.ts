import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { abandonedToDb, KyselyStore } from "./kysely";
import { migrationProvider } from "./migrations";
import { type DB, isUniqueViolation } from "./schema";
import { type ActionRow, type Store, VersionConflict } from "./types";

/**
 * Opens (creating if needed) `<dataDir>/firmament.sqlite` on this thread and migrates it to the latest
 * schema. Its calls block the thread while SQLite writes and syncs; the server uses it only inside the
 * store's worker thread (`openSqliteStore`).
 */
export async function openLocalSqliteStore(dataDir: string): Promise<Store> {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(join(dataDir, "firmament.sqlite"));
  sqlite.pragma("journal_mode = WAL");
  // WAL + FULL: every commit reaches the disk before it returns, so an action that clients were told
  // about (say, the last guess, which reveals the round) survives a power loss or an OS crash too.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // deleted rows are overwritten, not left in free pages: a deleted account leaves nothing in the file
  sqlite.pragma("secure_delete = ON");
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return new SqliteStore(db, sqlite);
}

interface PendingAppend {
  code: string;
  match: number;
  row: ActionRow;
  finishedAt: number | null;
  abandoned: readonly number[];
  dueAt: number | null | undefined;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * SQLite: the same store, with the hot path (appending an action) as cached prepared statements
 * instead of freshly compiled queries, and with group commit: the appends asked for during one turn of
 * the event loop (from any tables) are committed in one transaction — one fsync for all of them — each
 * in its own savepoint, so a doubled version fails only its own append. Every caller still hears back
 * only after the commit. It runs under kysely's connection lock, so it never interleaves with a kysely
 * transaction in progress.
 */
class SqliteStore extends KyselyStore {
  private readonly appendAll: (batch: PendingAppend[], errors: unknown[]) => void;
  private pending: PendingAppend[] = [];

  constructor(db: Kysely<DB>, sqlite: Database.Database) {
    super(db);
    const insert = sqlite.prepare(
      "insert into actions (table_code, match, version, action, at, request_id) values (?, ?, ?, ?, ?, ?)",
    );
    const finishGame = sqlite.prepare(
      "update games set finished_at = ?, abandoned = ? where table_code = ? and match = ?",
    );
    const finishTable = sqlite.prepare("update tables set status = 'over', due_at = null where code = ?");
    const setDue = sqlite.prepare("update tables set due_at = ? where code = ?");
    // Nested inside `appendAll`, better-sqlite3 runs this as a savepoint.
    const appendOne = sqlite.transaction((p: PendingAppend) => {
      const { version, action, at, requestId } = p.row;
      insert.run(p.code, p.match, version, JSON.stringify(action), at, requestId ?? null);
      if (p.finishedAt !== null) {
        finishGame.run(p.finishedAt, abandonedToDb(p.abandoned), p.code, p.match);
        finishTable.run(p.code);
      } else if (p.dueAt !== undefined) setDue.run(p.dueAt, p.code);
    });
    this.appendAll = sqlite.transaction((batch: PendingAppend[], errors: unknown[]) => {
      for (const [i, p] of batch.entries()) {
        try {
          appendOne(p);
        } catch (error) {
          errors[i] = error;
        }
      }
    });
  }

  /** Queued for the next group commit (see the class), with the parameters of `Store.appendAction`. */
  override appendAction(...append: Parameters<Store["appendAction"]>): Promise<void> {
    const [code, match, row, finishedAt, abandoned = [], dueAt] = append;
    return new Promise((resolve, reject) => {
      this.pending.push({ code, match, row, finishedAt, abandoned, dueAt, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const errors: unknown[] = [];
    try {
      await this.db.connection().execute(async () => this.appendAll(batch, errors));
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    for (const [i, p] of batch.entries()) {
      const error = errors[i];
      if (error === undefined) p.resolve();
      else p.reject(isUniqueViolation(error) ? new VersionConflict(p.code, p.match, p.row.version) : error);
    }
  }
}
