import { CompiledQuery, Kysely, Migrator, PostgresDialect, sql, type Transaction } from "kysely";
import type { Logger } from "pino";
import type { PostgresHooks } from "../metrics/postgres";
import { KyselyStore } from "./kysely";
import { LeaseLost } from "./lease-lost";
import { migrationProvider } from "./migrations";
import { guardedPool } from "./pg-pool";
import type { ActionValues, DB } from "./schema";

/**
 * An action's row, inserted only while this process holds the table's lease: the update locks the lease
 * row as `guard` does. Written out once rather than built per action (it is the one statement every
 * action makes).
 */
const INSERT_UNDER_LEASE = `
  with lease as (
    update table_owners set epoch = epoch
    where table_code = $1 and owner = $2 and epoch = $3
    returning table_code
  )
  insert into actions (table_code, match, version, action, at, request_id)
  select table_code, $4::integer, $5::integer, $6::text, $7::bigint, $8::text
  from lease`;

/** Who may write a table: the process `owner` under lease number `epoch`. */
export interface Fence {
  owner: string;
  epoch: number;
}

/** A table's lease as the database has it. */
export interface Lease {
  code: string;
  owner: string;
  epoch: number;
  expiresAt: number;
}

/** The table leases of a cluster (table `table_owners`, migration 0006). */
export interface Leases {
  current(code: string): Promise<Lease | null>;
  /** Takes the table's lease if it is free or expired; returns its holder afterwards (null: no such table). */
  acquire(code: string, owner: string, now: number, ttlMs: number): Promise<Lease | null>;
  /** Takes the lease from `from` (a process known to be gone) whether or not it has expired. */
  takeOver(code: string, owner: string, from: string, now: number, ttlMs: number): Promise<Lease | null>;
  /** Extends this owner's leases of `codes`; returns those it still holds. */
  renew(owner: string, codes: string[], now: number, ttlMs: number): Promise<Lease[]>;
  release(owner: string, codes: string[]): Promise<void>;
  /**
   * Tables with a game in progress whose lease is missing or expired (their owner is gone or let them
   * go): every live one, and a turn-based one once its stored due time has come (until then it waits in
   * the store, as it does on one process).
   */
  orphaned(now: number, limit: number): Promise<string[]>;
}

type LeaseRow = { table_code: string; owner: string; epoch: number | string; expires_at: number | string };
const leaseOf = (r: LeaseRow): Lease => ({
  code: r.table_code,
  owner: r.owner,
  epoch: Number(r.epoch),
  expiresAt: Number(r.expires_at),
});

/**
 * The store shared by the processes of a cluster: every write of a table's state first checks, in its
 * own transaction, that the writer still holds the table's lease under the epoch it acquired it with.
 * The check locks the lease row, so a hand-over waits for a write in progress and the new owner loads
 * the table after it: a write either precedes the hand-over or is refused.
 */
export class ClusterStore extends KyselyStore implements Leases {
  /** The fence this process writes a table under; null refuses every write (set by the ownership). */
  fenceOf: (code: string) => Fence | null = () => null;

  protected override readonly guarded = true;

  /**
   * `leaseDb` is a pool of its own for the leases: their renewal must not queue behind a burst of
   * actions being written, or the leases would expire under load and the tables change hands.
   */
  constructor(
    db: Kysely<DB>,
    private readonly leaseDb: Kysely<DB>,
  ) {
    super(db);
  }

  override async close(): Promise<void> {
    await super.close();
    await this.leaseDb.destroy();
  }

  protected override async guard(trx: Transaction<DB>, code: string): Promise<void> {
    const fence = this.fenceOf(code);
    if (!fence) throw new LeaseLost(code);
    const held = await trx
      .updateTable("table_owners")
      .set({ epoch: fence.epoch })
      .where("table_code", "=", code)
      .where("owner", "=", fence.owner)
      .where("epoch", "=", fence.epoch)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) throw new LeaseLost(code);
  }

  /**
   * The lease check and the insert in one statement: the update locks the lease row as `guard` does,
   * and the insert takes place only if it matched (one round trip instead of four).
   */
  protected override async insertAction(code: string, values: ActionValues): Promise<void> {
    const fence = this.fenceOf(code);
    if (!fence) throw new LeaseLost(code);
    const inserted = await this.db.executeQuery(
      CompiledQuery.raw(INSERT_UNDER_LEASE, [
        code,
        fence.owner,
        fence.epoch,
        values.match,
        values.version,
        values.action,
        values.at,
        values.request_id,
      ]),
    );
    if (Number(inserted.numAffectedRows) !== 1) throw new LeaseLost(code);
  }

  /** The table's lease as it is now, valid or expired; null when the table has none. */
  async current(code: string): Promise<Lease | null> {
    const row = await this.leaseDb
      .selectFrom("table_owners")
      .selectAll()
      .where("table_code", "=", code)
      .executeTakeFirst();
    return row ? leaseOf(row) : null;
  }

  async acquire(code: string, owner: string, now: number, ttlMs: number): Promise<Lease | null> {
    const held = await this.current(code);
    if (held && held.expiresAt >= now) return held;
    // An owner that takes back its own expired lease keeps its epoch: nobody else held the table since
    // (a hand-over changes the owner), so what it has loaded is still the table's latest state.
    const { rows } = await sql<LeaseRow>`
      insert into table_owners (table_code, owner, epoch, expires_at)
      select code, ${owner}, 1, ${now + ttlMs} from tables where code = ${code}
      on conflict (table_code) do update
        set owner = excluded.owner,
          epoch = case when table_owners.owner = excluded.owner then table_owners.epoch
            else table_owners.epoch + 1 end,
          expires_at = excluded.expires_at
        where table_owners.expires_at < ${now}
      returning table_code, owner, epoch, expires_at`.execute(this.leaseDb);
    const row = rows[0];
    return row ? leaseOf(row) : this.current(code);
  }

  async takeOver(
    code: string,
    owner: string,
    from: string,
    now: number,
    ttlMs: number,
  ): Promise<Lease | null> {
    const { rows } = await sql<LeaseRow>`
      update table_owners set owner = ${owner}, epoch = epoch + 1, expires_at = ${now + ttlMs}
      where table_code = ${code} and owner = ${from}
      returning table_code, owner, epoch, expires_at`.execute(this.leaseDb);
    const row = rows[0];
    return row ? leaseOf(row) : this.acquire(code, owner, now, ttlMs);
  }

  async renew(owner: string, codes: string[], now: number, ttlMs: number): Promise<Lease[]> {
    if (codes.length === 0) return [];
    const rows = await this.leaseDb
      .updateTable("table_owners")
      .set({ expires_at: now + ttlMs })
      .where("owner", "=", owner)
      .where("table_code", "in", codes)
      .returningAll()
      .execute();
    return rows.map(leaseOf);
  }

  /** Lets a lease expire now. The row stays, so the next owner's epoch is higher than every earlier one. */
  async release(owner: string, codes: string[]): Promise<void> {
    if (codes.length === 0) return;
    await this.leaseDb
      .updateTable("table_owners")
      .set({ expires_at: 0 })
      .where("owner", "=", owner)
      .where("table_code", "in", codes)
      .execute();
  }

  async orphaned(now: number, limit: number): Promise<string[]> {
    // two index scans: live tables in play (a partial index), turn-based ones due (`tables_due_at`)
    const live = await this.unleased(now)
      .where("tables.status", "=", "playing")
      .where("tables.move_ms", "is", null)
      .limit(limit)
      .execute();
    if (live.length >= limit) return live.map((r) => r.code);
    const due = await this.unleased(now)
      .where("tables.due_at", "<=", now)
      .where("tables.status", "=", "playing")
      .orderBy("tables.due_at")
      .limit(limit - live.length)
      .execute();
    return [...live, ...due].map((r) => r.code);
  }

  /** Tables whose lease is missing or expired at `now`. */
  private unleased(now: number) {
    return this.leaseDb
      .selectFrom("tables")
      .leftJoin("table_owners", "table_owners.table_code", "tables.code")
      .select("tables.code")
      .where((eb) =>
        eb.or([eb("table_owners.table_code", "is", null), eb("table_owners.expires_at", "<", now)]),
      );
  }
}

/** The PostgreSQL store of a cluster (`DATABASE_URL`), migrated to the latest schema. */
export async function openClusterStore(
  connectionString: string,
  poolSize = 10,
  hooks?: PostgresHooks,
  log?: Logger,
): Promise<ClusterStore> {
  const open = (max: number) => {
    const pool = guardedPool(connectionString, max, hooks, log);
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...(hooks && { log: hooks.log }) });
  };
  const db = open(poolSize);
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return new ClusterStore(db, open(2));
}
