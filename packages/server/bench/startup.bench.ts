/**
 * `npm run bench:startup [-- --runs 5 --kills 3]`: how long a server process takes to start, run from the
 * TypeScript sources through tsx (as before the build) and as the built server (`dist/main.js`), and
 * what that means for a cluster after a `kill -9`.
 * - start-up: spawn → the first `/healthz` answered, on a fresh SQLite data directory, one at a time;
 * - after a kill (needs the machine's PostgreSQL and Redis, as the cluster tests): two processes, a
 *   table owned by the first with a client on each; the owner is killed with SIGKILL and started again
 *   at once (as a supervisor would). Timed from the kill: the replacement answering `/healthz`, and the
 *   table's lease held by a live process (the adoption).
 * Figures are medians (min–max) in milliseconds; the CPU time of a start (user + system, from /proc) is
 * the figure to compare on a busy machine.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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

/** Every server process started here: killed when the benchmark exits, even on an error. */
const spawned = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of spawned) child.kill("SIGKILL");
});

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

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));

/** CPU time (user + system, every thread) a process has used so far: less shaken by a busy machine than wall time. */
function cpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are the 14th and 15th fields of stat(5), the 12th and 13th after the command
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Wall and CPU milliseconds from spawning the server to its first answer. */
async function startUp(mode: Mode): Promise<{ wall: number; cpu: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), "firmament-startup-"));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, MODES[mode], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  spawned.add(child);
  await until("the server to answer", () => healthy(`http://127.0.0.1:${port}`), 60_000, 5);
  const took = { wall: performance.now() - started, cpu: cpuMs(child.pid) };
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

interface AfterKill {
  /** Milliseconds from the kill to the replacement's first answer. */
  restart: number;
  /** Milliseconds from the kill to the table's lease held by a live process. */
  adoption: number;
  /** Whether the survivor adopted the table (rather than the replacement). */
  bySurvivor: boolean;
}

/** One kill of a table's owner, started again at once. */
async function killOnce(mode: Mode): Promise<AfterKill> {
  const database = await freshDatabase();
  const env = { DATABASE_URL: database.url, REDIS_URL, CLUSTER_NAME: `bench-${process.pid}-${Date.now()}` };
  const owner = await startProcess(await freePort(), env, MODES[mode]);
  const survivor = await startProcess(await freePort(), env, MODES[mode]);
  spawned.add(owner.child).add(survivor.child);
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
  const adopted = until(
    "the table's adoption",
    async () => {
      const now = await ownerOf(db, table.code);
      return now !== undefined && now !== dead && { by: now, at: performance.now() - killed };
    },
    60_000,
    5,
  );
  const replacement = await startProcess(owner.port, env, MODES[mode]);
  spawned.add(replacement.child);
  await until("the replacement to answer", () => healthy(replacement.base), 60_000, 5);
  const restart = performance.now() - killed;
  const adoption = await adopted;
  for (const client of clients) client.close();
  await Promise.all([replacement, survivor].map((p) => stopped(p.child, "SIGKILL")));
  await db.end();
  await database.drop();
  return { restart, adoption: adoption.at, bySurvivor: adoption.by.startsWith(`${survivor.child.pid}-`) };
}

async function startUps(mode: Mode): Promise<void> {
  const runs: Array<{ wall: number; cpu: number }> = [];
  for (let i = 0; i < RUNS; i++) runs.push(await startUp(mode));
  const wall = summary(runs.map((r) => r.wall));
  const cpu = summary(runs.map((r) => r.cpu));
  console.log(`${mode.padEnd(5)} start-up to first answer: ${wall} ms wall, ${cpu} ms CPU`);
}

async function kills(mode: Mode): Promise<void> {
  const runs: AfterKill[] = [];
  for (let i = 0; i < KILLS; i++) runs.push(await killOnce(mode));
  const restart = summary(runs.map((r) => r.restart));
  const adoption = summary(runs.map((r) => r.adoption));
  const bySurvivor = runs.filter((r) => r.bySurvivor).length;
  console.log(
    `${mode.padEnd(5)} after kill -9: replacement answering ${restart} ms, table adopted ${adoption} ms (${bySurvivor} of ${runs.length} by the survivor)`,
  );
}

await ensureServerBuild();
console.log(
  `start-up and kill benchmark: ${RUNS} starts, ${KILLS} kills per mode; load ${loadavg()[0]?.toFixed(1)}`,
);
for (const mode of Object.keys(MODES) as Mode[]) await startUps(mode);
if (KILLS > 0) for (const mode of Object.keys(MODES) as Mode[]) await kills(mode);
console.log(`load ${loadavg()[0]?.toFixed(1)}`);
