/**
 * Profiles and leaderboards at scale, on PostgreSQL: a fresh database (`firmament_bench` on the
 * machine's server) filled with synthetic players and finished games (profiles-fill.ts), then the p50
 * and p99 of a profile (as another player and as its owner) and of a leaderboard, as the HTTP routes
 * build them, the settlement sweep's query, and the cost of one rating update per match (the match
 * loaded and replayed, then its results transaction; and the transaction alone).
 * Usage: npm run bench:profiles [-- --players 100000 --games 1000000 --keep]
 * (`--keep` leaves the database; `--reuse` measures a kept one again without filling it; `--database`
 * names it, `firmament_bench` by default.)
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import pino from "pino";
import { systemClock } from "../src/clock";
import { ProfileCache } from "../src/ratings/profile-cache";
import { leaderboardOf, profileOf } from "../src/ratings/profiles";
import { MatchResults, PERIODIC_SWEEP_MS, STARTUP_SWEEP_MS } from "../src/ratings/settle";
import type { ProfileRows } from "../src/store/player-queries";
import { openPostgresStore } from "../src/store/postgres";
import type { Store } from "../src/store/types";
import { storeFinishedMatch } from "../test/ratings-fixtures";
import { CpuMeter } from "./cpu-meter";
import { fillPlayers } from "./profiles-fill";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "100000" },
    games: { type: "string", default: "1000000" },
    admin: { type: "string", default: process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres" },
    keep: { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
    database: { type: "string", default: "firmament_bench" },
  },
});
const players = Number(values.players);
const games = Number(values.games);
const NAME = values.database;
if (!/^[a-z_][a-z0-9_]*$/.test(NAME)) throw new Error("--database: lower-case letters, digits and _ only");

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: values.admin });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** One measured call's wall time and CPU time (this process and the database's backends), in ms. */
interface Timing {
  wall: number;
  cpu: number;
  /** The database backends' part of `cpu`. */
  db: number;
}

function stats(label: string, times: Timing[]): void {
  const quantiles = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return `p50 ${at(0.5).toFixed(2)}  p99 ${at(0.99).toFixed(2)}  max ${at(1).toFixed(2)}`;
  };
  console.log(
    `${label.padEnd(34)} n=${String(times.length).padStart(4)}  CPU ms ${quantiles(times.map((t) => t.cpu))}  | of it in PostgreSQL ${quantiles(times.map((t) => t.db))}  | wall ms ${quantiles(times.map((t) => t.wall))}`,
  );
}

let meter: CpuMeter;

async function timed(n: number, run: (i: number) => Promise<unknown>): Promise<Timing[]> {
  await meter.refresh();
  const times: Timing[] = [];
  for (let i = 0; i < n; i++) {
    const before = meter.now();
    const start = performance.now();
    await run(i);
    const wall = performance.now() - start;
    const after = meter.now();
    const db = after.db - before.db;
    times.push({ wall, cpu: after.own - before.own + db, db });
  }
  return times;
}

/** A player drawn like the fill draws seats: mostly the active few, sometimes anyone. */
const somePlayer = () => `player${1 + Math.floor(Math.random() ** 2 * players)}`;

async function measureReads(store: Store): Promise<void> {
  const now = Date.now();
  const uncached = { get: (_id: string, read: () => Promise<ProfileRows>) => read() } as ProfileCache;
  await timed(50, () => profileOf(store, uncached, somePlayer(), null)); // warm-up
  stats(
    "profile, as another player",
    await timed(1000, () => profileOf(store, uncached, somePlayer(), null)),
  );
  stats(
    "profile, the 20 most active players",
    await timed(200, (i) => profileOf(store, uncached, `player${1 + (i % 20)}`, null)),
  );
  const cache = new ProfileCache();
  stats(
    "profile, another player, cached",
    await timed(1000, () => profileOf(store, cache, somePlayer(), null)),
  );
  stats(
    "profile, own (with tables)",
    await timed(500, async () => {
      const name = somePlayer();
      const account = await store.accountByName(name);
      return profileOf(store, uncached, name, account?.id ?? null);
    }),
  );
  stats("leaderboard, dreams", await timed(200, () => leaderboardOf(store, "dreams", now)));
  stats("leaderboard, dreamers", await timed(200, () => leaderboardOf(store, "dreamers", now)));
  for (const [label, window] of [
    ["settlement sweep query, 7 days", STARTUP_SWEEP_MS],
    ["settlement sweep query, 15 min", PERIODIC_SWEEP_MS],
  ] as const)
    stats(label, await timed(20, () => store.pendingSettlements(now - window, 200)));
}

async function measureUpdates(store: Store): Promise<void> {
  const results = new MatchResults({ store, log: pino({ level: "silent" }), clock: systemClock });
  const count = 100;
  const codes: string[] = [];
  for (let i = 0; i < 2 * count; i++) {
    const code = `BENCHR${Date.now().toString(36)}${i}`;
    await storeFinishedMatch(store, {
      code,
      seats: [{ account: `acc-${1 + (i % 500)}` }, { account: `acc-${1000 + i}` }],
      rated: true,
      finishedAt: Date.now() - 1000,
    });
    codes.push(code);
  }
  stats(
    "rating update: load, replay, write",
    await timed(count, (i) => results.settle(codes[i] as string, 1)),
  );
  const table = await store.loadTable(codes[count] as string, 0);
  const settlements = codes.slice(count).map((code, i) => ({
    code,
    match: 1,
    kind: "dreamers",
    finishedAt: Date.now(),
    rated: true,
    seats: (table?.seats ?? []).map((_seat, seat) => ({
      seat,
      accountId: seat === 0 ? `acc-${1 + (i % 500)}` : `acc-${2000 + i}`,
      botLevel: null,
      place: seat + 1,
      won: seat === 0,
      score: 10 - seat,
      abandoned: false,
    })),
  }));
  stats(
    "rating update: transaction only",
    await timed(count, (i) => store.settleMatch(settlements[i] as never)),
  );
}

async function fill(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const fillStart = performance.now();
  await fillPlayers(client, players, games);
  const counts = await client.query(
    "select (select count(*) from accounts) as a, (select count(*) from games) as g, (select count(*) from player_results) as r, (select count(*) from ratings) as k",
  );
  const c = counts.rows[0];
  console.log(
    `filled ${c.a} players, ${c.g} finished games, ${c.r} results, ${c.k} ratings in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`,
  );
  await client.end();
}

async function main(): Promise<void> {
  const url = new URL(values.admin);
  url.pathname = `/${NAME}`;
  if (!values.reuse) {
    await admin(`drop database if exists ${NAME} with (force)`);
    await admin(`create database ${NAME}`);
  }
  const store = await openPostgresStore(url.toString());
  if (!values.reuse) await fill(url.toString());
  const adminClient = new pg.Client({ connectionString: values.admin });
  await adminClient.connect();
  meter = new CpuMeter(adminClient, NAME);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} (${cpus().length} cores)`,
  );
  await measureReads(store);
  await measureUpdates(store);
  await store.close();
  await adminClient.end();
  if (!values.keep) await admin(`drop database if exists ${NAME} with (force)`);
}

await main();
