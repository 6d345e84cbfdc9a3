/**
 * Table leases (migration 0006, `table_owners`): the migration on SQLite and on PostgreSQL, and on
 * PostgreSQL (the machine's, 127.0.0.1:5432) what makes one authority per table: a lease is taken
 * only when free or expired, each hand-over raises the epoch, a write under a stale epoch is refused
 * (fencing), and the action's (table, match, version) key refuses a second action of the same step.
 * And `LeaseOwnership` on a manual clock: renewals every period, adoption once a crashed owner's lease
 * has expired.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import type { Clock } from "../src/clock";
import { type LeaseOptions, LeaseOwnership } from "../src/cluster/ownership";
import { type ClusterStore, openClusterStore } from "../src/store/cluster-store";
import { isLeaseLost } from "../src/store/lease-lost";
import { migrationProvider } from "../src/store/migrations";
import { VersionConflict } from "../src/store/types";
import { freshDatabase } from "./cluster-helpers";
import { emptySeats, lobbyTable } from "./store-rows";
import { until } from "./until";

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
  for (const code of ["AAAAAA", "BBBBBB"]) {
    await store.createTable(lobbyTable(code, "private", 1), emptySeats(3));
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
    // the fixture's setup held and released each lease under epoch 1: a released lease keeps its row
    // no lease for a table that does not exist
    expect(await store.acquire("ZZZZZZ", "p1", 1000, TTL)).toBeNull();
    const first = await store.acquire("AAAAAA", "p1", 1000, TTL);
    expect(first).toMatchObject({ owner: "p1", epoch: 2, expiresAt: 4000 });
    // held: another process gets the holder back, not the lease
    expect(await store.acquire("AAAAAA", "p2", 2000, TTL)).toMatchObject({ owner: "p1", epoch: 2 });
    // renewed, still held
    expect(await store.renew("p1", ["AAAAAA"], 3500, TTL)).toMatchObject([
      { owner: "p1", epoch: 2, expiresAt: 6500 },
    ]);
    expect(await store.acquire("AAAAAA", "p2", 6000, TTL)).toMatchObject({ owner: "p1", epoch: 2 });
    // expired: the next process takes it under epoch 2, and p1 can no longer renew it
    expect(await store.acquire("AAAAAA", "p2", 7000, TTL)).toMatchObject({ owner: "p2", epoch: 3 });
    expect(await store.renew("p1", ["AAAAAA"], 7100, TTL)).toEqual([]);
    // an owner whose renewal came late takes its own expired lease back under the same epoch (the
    // table never left it); the next process after it still raises the epoch
    expect(await store.acquire("AAAAAA", "p2", 11_000, TTL)).toMatchObject({ owner: "p2", epoch: 3 });

    // fencing: p1 (epoch 1) cannot write; p2 (epoch 2) can
    const action = { version: 1, action: { type: "ready", seat: 0 }, at: 11_200 };
    store.fenceOf = () => ({ owner: "p1", epoch: 2 });
    const stale = await store.appendAction("AAAAAA", 1, action, null).catch((e: unknown) => e);
    expect(isLeaseLost(stale)).toBe(true);
    await expect(
      store.addChat("AAAAAA", { id: 1, seat: 0, name: "P0", colour: null, text: "hi", at: 1 }, 50),
    ).rejects.toThrow(/Lease lost/);
    store.fenceOf = () => null;
    await expect(store.saveLobby("AAAAAA", {}, [])).rejects.toThrow(/Lease lost/);
    store.fenceOf = () => ({ owner: "p2", epoch: 3 });
    await store.appendAction("AAAAAA", 1, { ...action, requestId: "r1" }, null);
    // the final guard: a second action for the same step loses the insert
    const twice = await store
      .appendAction("AAAAAA", 1, { ...action, at: 11_300 }, null)
      .catch((e: unknown) => e);
    expect(twice).toBeInstanceOf(VersionConflict);
    expect((await store.loadMatch("AAAAAA", 1))?.actions).toEqual([{ ...action, requestId: "r1" }]);

    // a process known to be gone is taken over at once, expired or not
    expect(await store.takeOver("AAAAAA", "p3", "p2", 11_400, TTL)).toMatchObject({ owner: "p3", epoch: 4 });
    expect(await store.takeOver("AAAAAA", "p1", "p2", 11_500, TTL)).toMatchObject({ owner: "p3", epoch: 4 });
    expect(await store.acquire("AAAAAA", "p1", 20_000, TTL)).toMatchObject({ owner: "p1", epoch: 5 });
  });

  it("lists the playing tables whose owner is gone; a released lease is free at once, under a higher epoch", async () => {
    const store = await clusterStore();
    expect((await store.orphaned(1000, 10)).sort()).toEqual(["AAAAAA", "BBBBBB"]);
    await store.acquire("AAAAAA", "p1", 1000, TTL);
    await store.acquire("BBBBBB", "p1", 1000, TTL);
    expect(await store.orphaned(2000, 10)).toEqual([]);
    expect((await store.orphaned(5000, 10)).sort()).toEqual(["AAAAAA", "BBBBBB"]);
    await store.renew("p1", ["AAAAAA", "BBBBBB"], 4500, TTL);
    await store.release("p1", ["BBBBBB"]);
    expect(await store.orphaned(5000, 10)).toEqual(["BBBBBB"]);
    expect(await store.acquire("BBBBBB", "p2", 5000, TTL)).toMatchObject({ owner: "p2", epoch: 3 });
  });

  it("two processes racing for a free lease: exactly one gets it", async () => {
    const store = await clusterStore();
    const results = await Promise.all(
      ["p1", "p2", "p3", "p4"].map((p) => store.acquire("AAAAAA", p, 1000, TTL)),
    );
    const owners = new Set(results.map((r) => r?.owner));
    expect(owners.size).toBe(1);
    // the fixture released epoch 1: the winner holds epoch 2
    expect(results.every((r) => r?.epoch === 2)).toBe(true);
  });
});

/**
 * One time for several processes' clocks, moved only by `advance`; a process whose clock is stopped
 * (it crashed) has its timers fire no more.
 */
class SharedTime {
  now = 1_000_000;
  private readonly timers = new Set<{ at: number; fn: () => void; clock: { stopped: boolean } }>();

  clock(): Clock & { stopped: boolean; armed(): boolean } {
    const clock = {
      stopped: false,
      now: () => this.now,
      setTimer: (fn: () => void, ms: number) => {
        const timer = { at: this.now + ms, fn, clock };
        this.timers.add(timer);
        return timer;
      },
      clearTimer: (handle: unknown) => void this.timers.delete(handle as never),
      armed: () => [...this.timers].some((t) => t.clock === clock),
    };
    return clock;
  }

  advance(ms: number): void {
    this.now += ms;
    for (const timer of [...this.timers].sort((a, b) => a.at - b.at)) {
      if (timer.at > this.now || timer.clock.stopped) continue;
      this.timers.delete(timer);
      timer.fn();
    }
  }
}

/** A process's `LeaseOwnership` on its own clock of `time`, started: every table in use, a period of 1 s. */
function leaseMember(
  time: SharedTime,
  store: ClusterStore,
  self: string,
  options: Partial<LeaseOptions> = {},
) {
  const clock = time.clock();
  const ownership = new LeaseOwnership({
    store,
    self,
    clock,
    log: pino({ level: "silent" }),
    ttlMs: TTL,
    periodMs: 1000,
    inUse: () => true,
    evict: () => undefined,
    adopt: async () => undefined,
    ...options,
  });
  ownership.start();
  return { clock, ownership };
}

/**
 * Counts the store's lease queries under way, so that time moves on only once the processes have done
 * their work; while `refused()` holds, each is refused as if the database were away.
 */
function countQueries(
  store: ClusterStore,
  names: ReadonlyArray<"renew" | "orphaned" | "acquire" | "release">,
  refused = () => false,
): { underWay(): number } {
  let queries = 0;
  for (const name of names) {
    const query = store[name].bind(store) as (...args: unknown[]) => Promise<unknown>;
    store[name] = ((...args: unknown[]) => {
      if (refused()) return Promise.reject(new Error("connect ECONNREFUSED"));
      queries++;
      return query(...args).finally(() => queries--);
    }) as never;
  }
  return { underWay: () => queries };
}

describe("LeaseOwnership on a manual clock", () => {
  it("renews the owner's lease every period; a crashed owner's table is adopted once its lease expires", async () => {
    const store = await clusterStore();
    const time = new SharedTime();
    const adopted: Array<{ code: string; by: string; at: number }> = [];
    const member = (self: string) =>
      leaseMember(time, store, self, {
        adopt: async (code) => void adopted.push({ code, by: self, at: time.now }),
      });
    const queries = countQueries(store, ["orphaned", "acquire"]);
    const a = member("a");
    const b = member("b");
    // one period at a time, each once the live processes have renewed (their next timer is set) and
    // adopted what they found
    const period = async (live: Array<{ clock: { armed(): boolean } }>) => {
      time.advance(1000);
      await until("the renewals", () => queries.underWay() === 0 && live.every((p) => p.clock.armed()));
    };
    expect(await a.ownership.resolve("AAAAAA")).toEqual({ local: true });
    expect(await b.ownership.resolve("AAAAAA")).toEqual({ local: false, owner: "a" });
    // BBBBBB's lease ran out long ago: one of them adopts it at its first renewal
    await period([a, b]);
    await until("the adoption of BBBBBB", () => adopted.length > 0);
    expect(adopted.map((x) => x.code)).toEqual(["BBBBBB"]);
    for (let i = 0; i < 6; i++) await period([a, b]);
    expect(a.ownership.holds("AAAAAA")).toBe(true);
    expect(adopted.map((x) => x.code)).toEqual(["BBBBBB"]);

    a.clock.stopped = true;
    const crashedAt = time.now;
    const adoptionOfA = () => adopted.find((x) => x.code === "AAAAAA");
    while (!adoptionOfA() && time.now < crashedAt + 3 * TTL) await period([b]);
    const adoption = await until("b's adoption of AAAAAA", adoptionOfA);
    // not before the lease a renewed last had run out, and within one period after
    expect(adoption.by).toBe("b");
    expect(adoption.at).toBeGreaterThan(crashedAt + TTL - 1000);
    expect(adoption.at).toBeLessThanOrEqual(crashedAt + TTL + 1000);
    expect(a.ownership.holds("AAAAAA")).toBe(false);
    expect(b.ownership.holds("AAAAAA")).toBe(true);
    await b.ownership.close();
  });

  it("after the database was away, the owners renew their expired leases before anyone adopts them", async () => {
    const store = await clusterStore();
    const time = new SharedTime();
    const adopted: string[] = [];
    let down = false;
    const queries = countQueries(store, ["renew", "orphaned", "acquire", "release"], () => down);
    const member = (self: string) =>
      leaseMember(time, store, self, { adopt: async (code) => void adopted.push(`${code} by ${self}`) });
    const a = member("a");
    const b = member("b");
    expect(await a.ownership.resolve("AAAAAA")).toEqual({ local: true });
    expect(await b.ownership.resolve("BBBBBB")).toEqual({ local: true });
    const settle = () =>
      until("the lease queries", () => queries.underWay() === 0 && a.clock.armed() && b.clock.armed());
    // ten seconds without the database: every lease expires
    down = true;
    for (let i = 0; i < 10; i++) {
      time.advance(1000);
      await settle();
    }
    down = false;
    // b's renewals succeed again first; a is a period late
    a.clock.stopped = true;
    time.advance(1000);
    await settle();
    expect(adopted).toEqual([]);
    a.clock.stopped = false;
    for (let i = 0; i < 4; i++) {
      time.advance(1000);
      await settle();
    }
    expect(adopted).toEqual([]);
    expect(a.ownership.holds("AAAAAA")).toBe(true);
    expect(await b.ownership.resolve("AAAAAA")).toEqual({ local: false, owner: "a" });
    await a.ownership.close();
    await b.ownership.close();
  });
});

describe("LeaseOwnership following the routing, on a manual clock", () => {
  it("forwards a table routed elsewhere, and hands a table back once its routed process has been up 3 s", async () => {
    const store = await clusterStore();
    const time = new SharedTime();
    /** Which peers are up, since when; every table is routed to "b" while it is up, else to "a". */
    const upSince = new Map<string, number>([["a", time.now]]);
    const events: string[] = [];
    const queries = countQueries(store, ["renew", "orphaned", "acquire", "release"]);
    const member = (self: string) =>
      leaseMember(time, store, `${self}-1`, {
        evict: (code) => void events.push(`${self} evicts ${code}`),
        routing: {
          self,
          routedTo: () => (upSince.has("b") ? "b" : "a"),
          upFor: (peer) => (upSince.has(peer) ? time.now - (upSince.get(peer) as number) : 0),
          markGone: (peer) => void upSince.delete(peer),
        },
        drain: async (code, fn) => {
          events.push(`${self} drains ${code}`);
          await fn();
        },
        handedBack: (code, peer) => void events.push(`${self} hands ${code} to ${peer}`),
      });
    const a = member("a");
    // b is down: a is the table's routed process and takes it
    expect(await a.ownership.resolve("AAAAAA")).toEqual({ local: true });
    const b = member("b");
    upSince.set("b", time.now);
    // b is up: a still holds the lease, so b forwards to a
    expect(await b.ownership.resolve("AAAAAA")).toEqual({ local: false, owner: "a-1" });
    let periods = 0;
    while (a.ownership.holds("AAAAAA") && periods++ < 10) {
      time.advance(1000);
      // renewed, adopted and handed back what was due: each process's next period set, no query under way
      await until("a's period", () => queries.underWay() === 0 && a.clock.armed() && b.clock.armed());
    }
    // the lease is released, then b is told: `holds` turns false before that has happened
    await until("the hand-back told to b", () => events.includes("a hands AAAAAA to b"));
    // handed back after b had been up for 3 s, not before, and gracefully: drained, dropped, told
    expect(periods).toBeGreaterThanOrEqual(3);
    expect(periods).toBeLessThanOrEqual(5);
    expect(events).toEqual(["a drains AAAAAA", "a evicts AAAAAA", "a hands AAAAAA to b"]);
    // the lease is free now: a forwards to b by its peer address, and b takes it under a higher epoch
    b.ownership.forget("AAAAAA");
    expect(await a.ownership.resolve("AAAAAA")).toEqual({ local: false, owner: "peer:b" });
    expect(await b.ownership.resolve("AAAAAA")).toEqual({ local: true });
    expect((await store.current("AAAAAA"))?.owner).toBe("b-1");
    // a peer that nobody answers at is down: the table is routed to a again
    a.ownership.forget("AAAAAA");
    await a.ownership.takeOver("AAAAAA", "peer:b");
    expect(upSince.has("b")).toBe(false);
    await a.ownership.close();
    await b.ownership.close();
  });
});

describe("LeaseOwnership handing a table back, on a manual clock", () => {
  it("a process that gave a table back does not take it up again from a read of its lease made before the release took effect", async () => {
    const store = await clusterStore();
    const time = new SharedTime();
    const upSince = new Map<string, number>([["a", time.now]]);
    /** The tables each process holds a copy of (as its cache would), dropped when it evicts them. */
    const copies = { a: new Set<string>(), b: new Set<string>() };
    // a's release of the lease is held back until a has read the lease once meanwhile (a client's hello
    // reached a just then), so that the read is answered with the lease as it was before the release
    let releaseHeld = false;
    let handedBack = false;
    let readDuringRelease: () => void = () => undefined;
    const readAnswered = new Promise<void>((resolve) => {
      readDuringRelease = resolve;
    });
    const storeOf = (self: string): ClusterStore => {
      const own = Object.create(store) as ClusterStore;
      if (self !== "a") return own;
      own.release = async (owner, codes) => {
        if (codes.includes("AAAAAA")) {
          releaseHeld = true;
          await readAnswered;
        }
        await store.release(owner, codes);
      };
      own.current = async (code) => {
        const lease = await store.current(code);
        if (releaseHeld) readDuringRelease();
        return lease;
      };
      return own;
    };
    const member = (self: "a" | "b") => {
      const clock = time.clock();
      const ownership = new LeaseOwnership({
        store: storeOf(self),
        self: `${self}-1`,
        clock,
        log: pino({ level: "silent" }),
        ttlMs: TTL,
        periodMs: 1000,
        inUse: (code) => copies[self].has(code),
        evict: (code) => void copies[self].delete(code),
        adopt: async () => undefined,
        routing: {
          self,
          routedTo: () => (upSince.has("b") ? "b" : "a"),
          upFor: (peer) => (upSince.has(peer) ? time.now - (upSince.get(peer) as number) : 0),
          markGone: (peer) => void upSince.delete(peer),
        },
        drain: (_code, fn) => fn(),
        handedBack: () => {
          handedBack = true;
        },
      });
      ownership.start();
      return { clock, ownership };
    };
    const a = member("a");
    expect(await a.ownership.resolve("AAAAAA")).toEqual({ local: true });
    copies.a.add("AAAAAA");
    const b = member("b");
    upSince.set("b", time.now);
    let periods = 0;
    while (!releaseHeld && periods++ < 10) {
      time.advance(1000);
      await until("a's period", () => a.clock.armed() && b.clock.armed());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(releaseHeld).toBe(true);
    // a's hand-back is under way (a dropped its copy, its release is not done): a client asks a
    const asked = a.ownership.resolve("AAAAAA");
    await readAnswered;
    const answer = await asked;
    await until("a's hand-back told to b", () => handedBack);
    // b takes the table as the hand-back tells it to, and plays on from the store
    b.ownership.forget("AAAAAA");
    expect(await b.ownership.resolve("AAAAAA")).toEqual({ local: true });
    copies.b.add("AAAAAA");
    expect((await store.current("AAAAAA"))?.owner).toBe("b-1");
    // a must not serve the table (its cache loads and serves a table only while `holds`): its copy would
    // be older than what b plays on from — neither to the client that asked during the release nor later
    expect(a.ownership.holds("AAAAAA")).toBe(false);
    expect(answer).toEqual({ local: false, owner: "peer:b" });
    expect(await a.ownership.resolve("AAAAAA")).not.toEqual({ local: true });
    await a.ownership.close();
    await b.ownership.close();
  });
});
