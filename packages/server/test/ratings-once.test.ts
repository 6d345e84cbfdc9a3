/**
 * A match updates ratings exactly once, whatever restarts or processes race: server processes are
 * killed with SIGKILL in the middle of writing a match's results (its transaction held open by
 * SETTLE_HOLD_MS), restarted, and raced against each other over the same finished matches; the stored
 * ratings must be those of rating every match once, in order.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Rating } from "openskill";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { NEW_RATING, placesOf, rateMatch } from "../src/ratings/model";
import { openPostgresStore } from "../src/store/postgres";
import { openSqliteStore } from "../src/store/sqlite";
import type { Store } from "../src/store/types";
import { type ClusterProcess, freePort, freshDatabase, startProcess } from "./cluster-helpers";
import { storeFinishedMatch } from "./ratings-fixtures";
import { until } from "./until";

const procs: ClusterProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  for (const c of cleanups.reverse()) await c();
});

const ACCOUNTS = ["acc-a", "acc-b", "acc-c"];
const PAIRS: Array<[string, string]> = [
  ["acc-a", "acc-b"],
  ["acc-b", "acc-c"],
  ["acc-c", "acc-a"],
];

/** `count` finished rated matches among three accounts; returns the ratings of rating each once, in order. */
async function storeMatches(store: Store, count: number): Promise<Map<string, { r: Rating; games: number }>> {
  const start = Date.now() - 3_600_000;
  for (const id of ACCOUNTS) await store.addAccount({ id, name: id, historyPublic: true, createdAt: start });
  const expected = new Map(ACCOUNTS.map((id) => [id, { r: { ...NEW_RATING }, games: 0 }]));
  for (let i = 0; i < count; i++) {
    const [a, b] = PAIRS[i % PAIRS.length] as [string, string];
    const outcome = await storeFinishedMatch(store, {
      code: `ONCE${i}`,
      seats: [{ account: a }, { account: b }],
      rated: true,
      finishedAt: start + i * 1000,
    });
    const places = placesOf(outcome);
    const ea = expected.get(a) as { r: Rating; games: number };
    const eb = expected.get(b) as { r: Rating; games: number };
    const [ra, rb] = rateMatch([
      { before: ea.r, place: places[0] as number },
      { before: eb.r, place: places[1] as number },
    ]);
    expected.set(a, { r: ra as Rating, games: ea.games + 1 });
    expected.set(b, { r: rb as Rating, games: eb.games + 1 });
  }
  return expected;
}

async function start(env: Record<string, string>): Promise<ClusterProcess> {
  const proc = await startProcess(await freePort(), { LOG_LEVEL: "info", ...env });
  procs.push(proc);
  return proc;
}

async function kill(proc: ClusterProcess): Promise<void> {
  const gone = new Promise((resolve) => proc.child.once("exit", resolve));
  proc.child.kill("SIGKILL");
  await gone;
}

/**
 * Whether a transaction of another connection has written to the SQLite file and not ended: it holds
 * the write lock, so this connection cannot take it (and gives up at once).
 */
function writerInside(file: string): boolean {
  const db = new Database(file, { timeout: 0 });
  try {
    db.exec("begin immediate");
    db.exec("rollback");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
    throw error;
  } finally {
    db.close();
  }
}

type Counts = {
  updates: number;
  results: number;
  ratings: Array<{ account_id: string; mu: number; sigma: number; games: number }>;
};

function expectOnce(counts: Counts, matches: number, expected: Map<string, { r: Rating; games: number }>) {
  expect(counts.updates).toBe(matches);
  expect(counts.results).toBe(2 * matches);
  for (const row of counts.ratings) {
    const want = expected.get(row.account_id);
    expect(Number(row.games)).toBe(want?.games);
    expect(Number(row.mu)).toBeCloseTo(want?.r.mu as number, 9);
    expect(Number(row.sigma)).toBeCloseTo(want?.r.sigma as number, 9);
  }
  expect(counts.ratings).toHaveLength(ACCOUNTS.length);
}

describe("a match updates ratings exactly once", () => {
  it("SQLite: kill -9 while a match's results are being written, restart, restart again", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "firmament-ratings-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const store = await openSqliteStore(dataDir);
    const expected = await storeMatches(store, 3);
    await store.close();
    const counts = (): Counts => {
      const db = new Database(join(dataDir, "firmament.sqlite"), { readonly: true });
      try {
        const one = (q: string) => (db.prepare(q).get() as { n: number }).n;
        return {
          updates: one("select count(*) as n from rating_updates"),
          results: one("select count(*) as n from player_results"),
          ratings: db.prepare("select account_id, mu, sigma, games from ratings").all() as Counts["ratings"],
        };
      } finally {
        db.close();
      }
    };

    const holding = await start({ DATA_DIR: dataDir, SETTLE_HOLD_MS: "30000" });
    await until("a settlement to begin", () => holding.output.includes("settling match"), 30_000);
    const file = join(dataDir, "firmament.sqlite");
    await until("its transaction to have written (held open)", () => writerInside(file), 30_000);
    await kill(holding);
    const afterKill = counts();
    expect(afterKill.updates).toBe(0);
    expect(afterKill.ratings).toEqual([]);

    const restarted = await start({ DATA_DIR: dataDir });
    await until("every match settled", () => counts().updates === 3, 30_000);
    await kill(restarted);
    const again = await start({ DATA_DIR: dataDir });
    await until("a sweep after the restart", () => again.output.includes("listening on"), 30_000);
    await kill(again);
    expectOnce(counts(), 3, expected);
  }, 240_000);

  it("PostgreSQL: two processes race over the same finished matches", async () => {
    const database = await freshDatabase();
    cleanups.push(() => database.drop());
    const store = await openPostgresStore(database.url);
    const matches = 12;
    const expected = await storeMatches(store, matches);
    await store.close();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.push(() => client.end());
    const counts = async (): Promise<Counts> => ({
      updates: Number((await client.query("select count(*) as n from rating_updates")).rows[0].n),
      results: Number((await client.query("select count(*) as n from player_results")).rows[0].n),
      ratings: (await client.query("select account_id, mu, sigma, games from ratings")).rows,
    });

    const env = { DATABASE_URL: database.url, SETTLE_HOLD_MS: "100" };
    const racers = await Promise.all([start(env), start(env)]);
    await until("every match settled", async () => (await counts()).updates === matches, 60_000);
    // both processes tried: each began settlements of its own
    for (const p of racers) expect(p.output.match(/settling match/g)?.length ?? 0).toBeGreaterThan(0);
    const total = racers.reduce((n, p) => n + (p.output.match(/settling match/g)?.length ?? 0), 0);
    expect(total).toBeGreaterThan(matches);
    for (const p of racers) await kill(p);
    expectOnce(await counts(), matches, expected);
  }, 240_000);
});
