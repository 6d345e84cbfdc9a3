/**
 * `npm run bench:dues [-- --tables 100000 --runs 400 --load 2000]`: turn-based tables in PostgreSQL on
 * one process. Creates a scratch database on 127.0.0.1:5432 (user postgres; dropped at the end), stores
 * one Dreamers turn-based match through the store's own calls and copies it in SQL to `--tables` tables
 * in play whose due times are spread over 3 days, then measures:
 * - the due sweep's query (`Store.listDue`, as the sweep runs it: `due_at <= now`, the most overdue
 *   first, a batch of 200) over `--runs` runs: when a sweep period's worth is due (steady state) and
 *   with a backlog (every table due), p50/p99, with the plan PostgreSQL picks;
 * - the process's heap after a restart (`resumeAll`: no turn-based table loaded) and with `--load` of
 *   those tables loaded, per table, and what all of them loaded would take at that rate.
 * Run with `--expose-gc` (the npm script does) so heap figures are taken after a full collection.
 */
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import pino from "pino";
import { type Bus, roomBus } from "../src/bus";
import { ManualClock } from "../src/clock";
import { loadStandardDecks } from "../src/deck";
import { DeckLibrary } from "../src/decks/library";
import { gameOf } from "../src/games";
import { TableService } from "../src/service";
import { openClusterStore } from "../src/store/cluster-store";
import { openPostgresStore } from "../src/store/postgres";
import type { Store, TableRow } from "../src/store/types";
import { storedDueAt } from "../src/turn-clock";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const TABLES = arg("tables", 100_000);
const RUNS = arg("runs", 400);
const LOAD = arg("load", 2000);
const SPREAD_MS = 3 * 86_400_000;
const SWEEP_BATCH = 200;
const SWEEP_MS = 30_000;
const ADMIN = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  gc?.();
  return process.memoryUsage();
};
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** One Dreamers turn-based match stored as the server stores it (the template every copy shares). */
async function storeTemplate(store: Store, now: number): Promise<string> {
  const game = gameOf("dreamers");
  if (!game) throw new Error("this server does not host dreamers");
  const code = "TMPL00";
  const config = {
    game: "dreamers",
    seats: 2,
    visibility: "private",
    timer: "off",
    pace: { kind: "turnBased", moveHours: 24 },
  } as TableRow["config"];
  const seats = [
    { seat: 0, colour: "red", name: "Ada", kind: "human" as const, level: null, tokenHash: "a" },
    { seat: 1, colour: "blue", name: "Bruno", kind: "human" as const, level: null, tokenHash: "b" },
  ];
  await store.createTable(
    { code, config, hostTokenHash: "h", status: "lobby", match: 0, hostSeat: 0, createdAt: now },
    seats,
  );
  const setup = game.setupFor({ colours: ["red", "blue"], deck: null });
  const seed = randomBytes(32).toString("hex");
  const created = game.rules.setup(setup, seed);
  if (!created.ok) throw new Error("dreamers setup refused");
  const record = { match: 1, askedMoreTime: [], extendedTurn: null, remindedTurn: null, timeoutsInRow: {} };
  const due = storedDueAt({ timerScale: 1 }, config, true, now, record) ?? null;
  const row = {
    match: 1,
    kind: game.kind,
    seed,
    colours: ["red", "blue"],
    deck: [],
    setup,
    rules: game.rules.rulesVersion,
    startedAt: now,
    finishedAt: null,
  };
  await store.startMatch(code, row, seats, 0, due);
  return code;
}

/** Copies the template's table, seats and match to `count` tables, due times spread over 3 days. */
async function copyTemplate(db: pg.Client, template: string, count: number, now: number): Promise<void> {
  const columns = async (table: string) =>
    (
      await db.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position",
        [table],
      )
    ).rows.map((r) => r.column_name);
  const code = "'B' || lpad(i::text, 7, '0')";
  const copy = async (table: string, key: string, override: Record<string, string> = {}) => {
    const cols = await columns(table);
    const values = cols.map((c) => (c === key ? code : (override[c] ?? `t.${c}`)));
    await db.query(
      `insert into ${table} (${cols.join(", ")}) select ${values.join(", ")}
       from generate_series(1, ${count}) i, ${table} t where t.${key} = '${template}'`,
    );
  };
  await copy("tables", "code", { due_at: `${now} + floor(random() * ${SPREAD_MS})::bigint` });
  await copy("seats", "table_code");
  await copy("games", "table_code");
  await db.query("analyze tables");
}

const name = `firmament_bench_dues_${randomBytes(4).toString("hex")}`;
await admin(`create database ${name}`);
const url = new URL(ADMIN);
url.pathname = `/${name}`;
const db = new pg.Client({ connectionString: url.toString() });
try {
  const now = Date.UTC(2026, 10, 27, 12);
  const store = await openPostgresStore(url.toString());
  await db.connect();
  const template = await storeTemplate(store, now);
  const filled = performance.now();
  await copyTemplate(db, template, TABLES, now);
  console.log(
    `${TABLES} turn-based tables in play stored in ${((performance.now() - filled) / 1000).toFixed(1)} s`,
  );

  // the sweep's query, as the sweep runs it
  const sizeOf = async (dueBy: number) =>
    Number((await db.query("select count(*) n from tables where due_at <= $1", [dueBy])).rows[0].n);
  const scenarios = [
    // the earliest due times are the only ones due: what an earlier sweep would have left
    {
      what: `steady state (due within one ${SWEEP_MS / 1000} s period)`,
      at: () => now + Math.floor(Math.random() * SWEEP_MS),
    },
    { what: `backlog (all ${TABLES} due, batch ${SWEEP_BATCH})`, at: () => now + SPREAD_MS },
  ];
  for (const s of scenarios) {
    const times: number[] = [];
    let rows = 0;
    const cpu = process.cpuUsage();
    for (let r = 0; r < RUNS; r++) {
      const at = s.at();
      const started = performance.now();
      const due = await store.listDue(at, SWEEP_BATCH);
      times.push(performance.now() - started);
      rows += due.length;
    }
    const used = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    console.log(
      `sweep query, ${s.what}: p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms over ${RUNS} runs; ` +
        `${(rows / RUNS).toFixed(0)} rows a run; this process's CPU ${((used.user + used.system) / 1000 / RUNS).toFixed(2)} ms a run`,
    );
  }
  console.log(`(tables due by the first period: ${await sizeOf(now + SWEEP_MS)})`);
  for (const [what, at] of [
    ["steady state", now + SWEEP_MS],
    ["backlog", now + SPREAD_MS],
  ] as const) {
    const plan = await db.query(
      `explain (analyze, buffers) select code, due_at from tables where due_at <= $1 and status = 'playing' order by due_at limit ${SWEEP_BATCH}`,
      [at],
    );
    console.log(`plan (${what}):`);
    for (const line of plan.rows) console.log(`  ${line["QUERY PLAN"]}`);
  }

  // in a cluster the due tables are found by the lease adoption's query (every process, every second)
  const cluster = await openClusterStore(url.toString(), 2);
  const orphanTimes: number[] = [];
  let orphans = 0;
  for (let r = 0; r < Math.min(RUNS, 100); r++) {
    const started = performance.now();
    orphans += (await cluster.orphaned(now + Math.floor(Math.random() * SWEEP_MS), 50)).length;
    orphanTimes.push(performance.now() - started);
  }
  orphanTimes.sort((a, b) => a - b);
  console.log(
    `cluster adoption query (orphaned, batch 50), steady state: p50 ${pct(orphanTimes, 50).toFixed(2)} ms, ` +
      `p99 ${pct(orphanTimes, 99).toFixed(2)} ms over ${orphanTimes.length} runs; ${(orphans / orphanTimes.length).toFixed(0)} rows a run`,
  );
  await cluster.close();

  // memory: restarted, nothing turn-based loaded; then a sample loaded
  const log = pino({ level: "silent" });
  const [standard, ...olderEditions] = loadStandardDecks(() => {});
  if (!standard) throw new Error("no standard deck");
  const io = {
    to: () => ({ emit: () => true }),
    sockets: { adapter: { rooms: new Map() }, sockets: new Map() },
  };
  const bus: Bus = roomBus(io as never);
  const clock = new ManualClock(now);
  const service = new TableService({
    store,
    bus,
    clock,
    log,
    decks: new DeckLibrary(store, standard, { olderEditions }),
  });
  const before = heap();
  const resumed = await service.resumeAll();
  const stored = heap();
  console.log(
    `restart: resumeAll loaded ${resumed} tables; heap ${mb(stored.heapUsed)} (rss ${mb(stored.rss)}), ` +
      `${mb(stored.heapUsed - before.heapUsed)} more than before it`,
  );
  const cpu = process.cpuUsage();
  const loadStarted = performance.now();
  for (let i = 1; i <= LOAD; i++) await service.cache.get(`B${String(i).padStart(7, "0")}`);
  const loadMs = performance.now() - loadStarted;
  const loadCpu = process.cpuUsage(cpu);
  const loaded = heap();
  const perTable = (loaded.heapUsed - stored.heapUsed) / service.cachedTables;
  console.log(
    `${service.cachedTables} tables loaded: heap ${mb(loaded.heapUsed)} (rss ${mb(loaded.rss)}); ` +
      `${(perTable / 1024).toFixed(1)} KB a table; all ${TABLES} loaded ≈ ${mb(perTable * TABLES)} of heap; ` +
      `loading took ${((loadCpu.user + loadCpu.system) / 1000 / LOAD).toFixed(2)} ms CPU a table (${(loadMs / LOAD).toFixed(2)} ms wall)`,
  );
  console.log(`gc exposed: ${gc !== undefined}; load average ${loadavg()[0]?.toFixed(1)}`);
  await service.close();
  await store.close();
} finally {
  await db.end().catch(() => {});
  await admin(`drop database if exists ${name} with (force)`);
}
