/**
 * Table leases (migration 0006, `table_owners`): the migration on SQLite and on PostgreSQL, and on
 * PostgreSQL (the machine's, 127.0.0.1:5432) what makes one authority per table: a lease is taken
 * only when free or expired, each hand-over raises the epoch, a write under a stale epoch is refused
 * (fencing), and the action's (table, match, version) key refuses a second action of the same step.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type ClusterStore, openClusterStore } from "../src/store/cluster-store";
import { isLeaseLost } from "../src/store/lease-lost";
import { migrationProvider } from "../src/store/migrations";
import { VersionConflict } from "../src/store/types";
import { freshDatabase } from "./cluster-helpers";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function migrateUpAndDown(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  expect((await migrator.migrateTo("0005_game_kinds")).error).toBeUndefined();
  await expect(sql`select * from table_owners`.execute(db)).rejects.toThrow();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  await sql`insert into table_owners (table_code, owner, epoch, expires_at) values ('ABCDEF', 'p1', 1, 5000000000000)`.execute(
    db,
  );
  const { rows } = await sql<{
    epoch: number;
    expires_at: number | string;
  }>`select * from table_owners`.execute(db);
  expect(rows.map((r) => [r.epoch, Number(r.expires_at)])).toEqual([[1, 5_000_000_000_000]]);
  expect((await migrator.migrateTo("0005_game_kinds")).error).toBeUndefined();
  await expect(sql`select * from table_owners`.execute(db)).rejects.toThrow();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
}

describe("migration 0006 (table leases)", () => {
  it("adds and removes table_owners on SQLite", async () => {
    const dir = mkdtempSync(join(tmpdir(), "firmament-leases-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const sqlite = new Database(join(dir, "firmament.sqlite"));
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      await migrateUpAndDown(db);
    } finally {
      await db.destroy();
    }
  });

  it("adds and removes table_owners on PostgreSQL", async () => {
    const fresh = await freshDatabase();
    cleanups.push(() => fresh.drop());
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: fresh.url, max: 2 }) }),
    });
    try {
      await migrateUpAndDown(db);
    } finally {
      await db.destroy();
    }
  });
});

const TTL = 3000;

async function clusterStore(): Promise<ClusterStore> {
  const fresh = await freshDatabase();
  const store = await openClusterStore(fresh.url, 4);
  cleanups.push(async () => {
    await store.close();
    await fresh.drop();
  });
  const config = { game: "dreams", seats: 3, visibility: "private", timer: "off", deck: "standard" } as const;
  for (const code of ["AAAAAA", "BBBBBB"]) {
    await store.createTable(
      {
        code,
        config,
        hostTokenHash: "h".repeat(64),
        status: "lobby",
        match: 0,
        hostSeat: null,
        createdAt: 1,
      },
      [0, 1, 2].map((seat) => ({
        seat,
        colour: null,
        name: null,
        kind: "empty",
        level: null,
        tokenHash: null,
      })),
    );
    // the match is started under a lease, as the server does, which is then given up
    const setup = await store.acquire(code, "setup", 0, 1);
    store.fenceOf = () => ({ owner: "setup", epoch: setup?.epoch ?? 0 });
    await store.startMatch(
      code,
      {
        match: 1,
        kind: "dreams",
        seed: "ab".repeat(32),
        colours: ["red", "blue", "green"],
        deck: [],
        setup: {},
        rules: 1,
        startedAt: 1,
        finishedAt: null,
      },
      [0, 1, 2].map((seat) => ({
        seat,
        colour: "red",
        name: `P${seat}`,
        kind: "bot",
        level: "hard",
        tokenHash: null,
      })),
      null,
    );
    await store.release("setup", [code]);
    store.fenceOf = () => null;
  }
  return store;
}

describe("table leases on PostgreSQL", () => {
  it("one owner at a time; each hand-over raises the epoch; stale writers are refused", async () => {
    const store = await clusterStore();
    // no lease for a table that does not exist
    expect(await store.acquire("ZZZZZZ", "p1", 1000, TTL)).toBeNull();
    const first = await store.acquire("AAAAAA", "p1", 1000, TTL);
    expect(first).toMatchObject({ owner: "p1", epoch: 1, expiresAt: 4000 });
    // held: another process gets the holder back, not the lease
    expect(await store.acquire("AAAAAA", "p2", 2000, TTL)).toMatchObject({ owner: "p1", epoch: 1 });
    // renewed, still held
    expect(await store.renew("p1", ["AAAAAA"], 3500, TTL)).toMatchObject([
      { owner: "p1", epoch: 1, expiresAt: 6500 },
    ]);
    expect(await store.acquire("AAAAAA", "p2", 6000, TTL)).toMatchObject({ owner: "p1", epoch: 1 });
    // expired: the next process takes it under epoch 2, and p1 can no longer renew it
    expect(await store.acquire("AAAAAA", "p2", 7000, TTL)).toMatchObject({ owner: "p2", epoch: 2 });
    expect(await store.renew("p1", ["AAAAAA"], 7100, TTL)).toEqual([]);
    // an owner whose renewal came late takes its own expired lease back under the same epoch (the
    // table never left it); the next process after it still raises the epoch
    expect(await store.acquire("AAAAAA", "p2", 11_000, TTL)).toMatchObject({ owner: "p2", epoch: 2 });

    // fencing: p1 (epoch 1) cannot write; p2 (epoch 2) can
    const action = { version: 1, action: { type: "ready", seat: 0 }, at: 11_200 };
    store.fenceOf = () => ({ owner: "p1", epoch: 1 });
    const stale = await store.appendAction("AAAAAA", 1, action, null).catch((e: unknown) => e);
    expect(isLeaseLost(stale)).toBe(true);
    await expect(
      store.addChat("AAAAAA", { id: 1, seat: 0, name: "P0", colour: null, text: "hi", at: 1 }, 50),
    ).rejects.toThrow(/Lease lost/);
    store.fenceOf = () => null;
    await expect(store.saveLobby("AAAAAA", {}, [])).rejects.toThrow(/Lease lost/);
    store.fenceOf = () => ({ owner: "p2", epoch: 2 });
    await store.appendAction("AAAAAA", 1, action, null);
    // the final guard: a second action for the same step loses the insert
    const twice = await store
      .appendAction("AAAAAA", 1, { ...action, at: 11_300 }, null)
      .catch((e: unknown) => e);
    expect(twice).toBeInstanceOf(VersionConflict);
    expect((await store.loadMatch("AAAAAA", 1))?.actions.map((a) => a.at)).toEqual([11_200]);

    // a process known to be gone is taken over at once, expired or not
    expect(await store.takeOver("AAAAAA", "p3", "p2", 11_400, TTL)).toMatchObject({ owner: "p3", epoch: 3 });
    expect(await store.takeOver("AAAAAA", "p1", "p2", 11_500, TTL)).toMatchObject({ owner: "p3", epoch: 3 });
    expect(await store.acquire("AAAAAA", "p1", 20_000, TTL)).toMatchObject({ owner: "p1", epoch: 4 });
  });

  it("lists the playing tables whose owner is gone; a released lease is free at once", async () => {
    const store = await clusterStore();
    expect((await store.orphaned(1000, 10)).sort()).toEqual(["AAAAAA", "BBBBBB"]);
    await store.acquire("AAAAAA", "p1", 1000, TTL);
    await store.acquire("BBBBBB", "p1", 1000, TTL);
    expect(await store.orphaned(2000, 10)).toEqual([]);
    expect((await store.orphaned(5000, 10)).sort()).toEqual(["AAAAAA", "BBBBBB"]);
    await store.renew("p1", ["AAAAAA", "BBBBBB"], 4500, TTL);
    await store.release("p1", ["BBBBBB"]);
    expect(await store.orphaned(5000, 10)).toEqual(["BBBBBB"]);
    expect(await store.acquire("BBBBBB", "p2", 5000, TTL)).toMatchObject({ owner: "p2", epoch: 1 });
  });

  it("two processes racing for a free lease: exactly one gets it", async () => {
    const store = await clusterStore();
    const results = await Promise.all(
      ["p1", "p2", "p3", "p4"].map((p) => store.acquire("AAAAAA", p, 1000, TTL)),
    );
    const owners = new Set(results.map((r) => r?.owner));
    expect(owners.size).toBe(1);
    expect(results.every((r) => r?.epoch === 1)).toBe(true);
  });
});
