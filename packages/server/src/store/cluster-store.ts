import { Kysely, Migrator, PostgresDialect, sql, type Transaction } from "kysely";
import pg from "pg";
import { type DB, KyselyStore } from "./kysely";
import { LeaseLost } from "./lease-lost";
import { migrationProvider } from "./migrations";

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
  /** Takes the table's lease if it is free or expired; returns its holder afterwards (null: no such table). */
  acquire(code: string, owner: string, now: number, ttlMs: number): Promise<Lease | null>;
  /** Takes the lease from `from` (a process known to be gone) whether or not it has expired. */
  takeOver(code: string, owner: string, from: string, now: number, ttlMs: number): Promise<Lease | null>;
  /** Extends this owner's leases of `codes`; returns those it still holds. */
  renew(owner: string, codes: string[], now: number, ttlMs: number): Promise<Lease[]>;
  release(owner: string, codes: string[]): Promise<void>;
  /** Tables with a game in progress whose lease is missing or expired (their owner is gone). */
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

  private async current(code: string): Promise<Lease | null> {
    const row = await this.db
      .selectFrom("table_owners")
      .selectAll()
      .where("table_code", "=", code)
      .executeTakeFirst();
    return row ? leaseOf(row) : null;
  }

  async acquire(code: string, owner: string, now: number, ttlMs: number): Promise<Lease | null> {
    const held = await this.current(code);
    if (held && held.expiresAt >= now) return held;
    const { rows } = await sql<LeaseRow>`
      insert into table_owners (table_code, owner, epoch, expires_at)
      select code, ${owner}, 1, ${now + ttlMs} from tables where code = ${code}
      on conflict (table_code) do update
        set owner = excluded.owner, epoch = table_owners.epoch + 1, expires_at = excluded.expires_at
        where table_owners.expires_at < ${now}
      returning table_code, owner, epoch, expires_at`.execute(this.db);
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
      returning table_code, owner, epoch, expires_at`.execute(this.db);
    const row = rows[0];
    return row ? leaseOf(row) : this.acquire(code, owner, now, ttlMs);
  }

  async renew(owner: string, codes: string[], now: number, ttlMs: number): Promise<Lease[]> {
    if (codes.length === 0) return [];
    const rows = await this.db
      .updateTable("table_owners")
      .set({ expires_at: now + ttlMs })
      .where("owner", "=", owner)
      .where("table_code", "in", codes)
      .returningAll()
      .execute();
    return rows.map(leaseOf);
  }

  async release(owner: string, codes: string[]): Promise<void> {
    if (codes.length === 0) return;
    await this.db
      .deleteFrom("table_owners")
      .where("owner", "=", owner)
      .where("table_code", "in", codes)
      .execute();
  }

  async orphaned(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom("tables")
      .leftJoin("table_owners", "table_owners.table_code", "tables.code")
      .select("tables.code")
      .where("tables.status", "=", "playing")
      .where((eb) =>
        eb.or([eb("table_owners.table_code", "is", null), eb("table_owners.expires_at", "<", now)]),
      )
      .limit(limit)
      .execute();
    return rows.map((r) => r.code);
  }
}

/** The PostgreSQL store of a cluster (`DATABASE_URL`), migrated to the latest schema. */
export async function openClusterStore(connectionString: string, poolSize = 10): Promise<ClusterStore> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // an idle connection the database closes is dropped from the pool, not thrown as uncaught
  pool.on("error", () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return new ClusterStore(db);
}
