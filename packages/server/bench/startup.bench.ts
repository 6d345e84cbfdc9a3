/**
 * `npm run bench:startup [-- --runs 5 --kills 3]`: how long a server process takes to start, run from the
 * TypeScript sources through tsx (as before the build) and as the built server (`dist/main.js`), and
 * what that means for a cluster after a `kill -9`.
 * - start-up: spawn → the first `/healthz` answered, on a fresh SQLite data directory, one at a time;
 * - after a kill (needs the machine's PostgreSQL and Redis, as the cluster tests): two processes, a
 *   table owned by the first with a client on each; the owner is killed with SIGKILL and started again
 *   at once (as a supervisor would). Timed from the kill: the replacement answering `/healthz`, and the
 *   table's lease held by a live process (the adoption).
 * Figures are medians (min–max) in milliseconds.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { BUILT_SERVER_ARGS, ensureServerBuild } from "../scripts/build";
import { freePort, freshDatabase, REDIS_URL, startProcess } from "../test/cluster-helpers";
import { createTable, joinTable, TestClient } from "../test/helpers";
import { until } from "../test/until";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const MODES = {
  tsx: ["--import", "tsx", join(ROOT, "packages/server/src/main.ts")],
  built: BUILT_SERVER_ARGS,
} satisfies Record<string, string[]>;
type Mode = keyof typeof MODES;

const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, kills: { type: "string", default: "3" } },
});
const RUNS = Number(values.runs);
const KILLS = Number(values.kills);

function summary(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  return `${Math.round(median)} (${Math.round(sorted[0] ?? 0)}–${Math.round(sorted.at(-1) ?? 0)})`;
}

function healthy(base: string): Promise<boolean> {
  return fetch(`${base}/healthz`).then(
    (response) => response.ok,
    () => false,
  );
}

function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exit = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  return exit;
}

/** Milliseconds from spawning the server to its first answer. */
async function startUp(mode: Mode): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), "firmament-startup-"));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, MODES[mode], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  await until("the server to answer", () => healthy(`http://127.0.0.1:${port}`), 60_000, 5);
  const took = performance.now() - started;
  await stopped(child, "SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
  return took;
}

async function ownerOf(db: pg.Pool, code: string): Promise<string | undefined> {
  const { rows } = await db.query<{ owner: string }>("select owner from table_owners where table_code = $1", [
    code,
  ]);
  return rows[0]?.owner;
}

/** One kill of a table's owner: milliseconds to the replacement's first answer and to the table's adoption. */
async function killOnce(mode: Mode): Promise<{ restart: number; adoption: number }> {
  const database = await freshDatabase();
  const env = { DATABASE_URL: database.url, REDIS_URL, CLUSTER_NAME: `bench-${process.pid}-${Date.now()}` };
  const owner = await startProcess(await freePort(), env, MODES[mode]);
  const survivor = await startProcess(await freePort(), env, MODES[mode]);
  const db = new pg.Pool({ connectionString: database.url, max: 1 });
  const table = await createTable(owner.base, { seats: 3 });
  const clients = [new TestClient(owner.base), new TestClient(survivor.base)];
  for (const [seat, client] of clients.entries()) {
    const joined = await joinTable(owner.base, table.code, seat, seat === 0 ? table.hostToken : undefined);
    await client.attach(table.code, joined.token, seat === 0 ? table.hostToken : undefined);
  }
  const dead = await until("the table's lease", () => ownerOf(db, table.code));
  const killed = performance.now();
  await stopped(owner.child, "SIGKILL");
  const replacement = await startProcess(owner.port, env, MODES[mode]);
  await until("the replacement to answer", () => healthy(replacement.base), 60_000, 5);
  const restart = performance.now() - killed;
  await until(
    "the table's adoption",
    async () => ((await ownerOf(db, table.code)) ?? dead) !== dead,
    60_000,
    5,
  );
  const adoption = performance.now() - killed;
  for (const client of clients) client.close();
  await Promise.all([replacement, survivor].map((p) => stopped(p.child, "SIGKILL")));
  await db.end();
  await database.drop();
  return { restart, adoption };
}

async function main(): Promise<void> {
  await ensureServerBuild();
  console.log(
    `start-up and kill benchmark: ${RUNS} starts, ${KILLS} kills per mode; load ${loadavg()[0]?.toFixed(1)}`,
  );
  for (const mode of Object.keys(MODES) as Mode[]) {
    const starts: number[] = [];
    for (let i = 0; i < RUNS; i++) starts.push(await startUp(mode));
    console.log(`${mode.padEnd(5)} start-up to first answer: ${summary(starts)} ms`);
  }
  for (const mode of Object.keys(MODES) as Mode[]) {
    const restarts: number[] = [];
    const adoptions: number[] = [];
    for (let i = 0; i < KILLS; i++) {
      const { restart, adoption } = await killOnce(mode);
      restarts.push(restart);
      adoptions.push(adoption);
    }
    console.log(
      `${mode.padEnd(5)} after kill -9: replacement answering ${summary(restarts)} ms, table adopted ${summary(adoptions)} ms`,
    );
  }
}

await main();
