/**
 * `npm run bench:soak [-- --minutes 30 --cooldown 5 --tables 24 --pace 1000 --sample 60 --snapshots DIR]`
 *
 * Memory over a long run: one server process (fresh DATA_DIR, LOG_LEVEL=warn, bots at their usual
 * 700 ms) and a load generator in its own process (soak-load.ts) that keeps `--tables` tables going —
 * Dreams and Dreamers, people over socket.io acting about once per `--pace` ms, bots in the other
 * seats — plays each to the end, opens its history, record, replay and beliefs, leaves, and starts a new
 * one. Every `--sample` seconds the server prints its own memory (soak-sampler.ts, after a full
 * collection): the figures printed are minute, RSS, heap used, the young generation's size (V8's new
 * space, which grows up to twice `--max-semi-space-size` under load), external, array buffers and games
 * finished. After `--minutes` the people all go (the load generator stops; bots finish their games) and
 * `--cooldown` minutes show whether memory comes back down. `--snapshots DIR`: heap snapshots written
 * there after the first sample, when the load stops and at the end, to compare. BENCH_NODE_ARGS: more
 * of node's flags for the server (e.g. `--max-semi-space-size=16`, which overrides the default 64).
 * Memory is flat when, once the caches are full, the heap stops growing with the games finished.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  benchArgs,
  exitOnFailure,
  freePort,
  ROOT,
  SERVER_MAIN,
  serverEnv,
  serverNodeArgs,
} from "./bench-process";
import { runLoad } from "./soak-load";

const args = benchArgs();
const MINUTES = Number(args.get("minutes") ?? 30);
const COOLDOWN = Number(args.get("cooldown") ?? 5);
const TABLES = Number(args.get("tables") ?? 24);
const PACE = Number(args.get("pace") ?? 1000);
const SAMPLE_S = Number(args.get("sample") ?? 60);
const SNAPSHOTS = args.has("snapshots") ? resolve(args.get("snapshots") ?? ".") : null;

const sampler = fileURLToPath(new URL("./soak-sampler.mjs", import.meta.url));
const self = fileURLToPath(import.meta.url);

interface Memory {
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** V8's new space (the young generation), bytes. */
  young: number;
}

/** The server in its own process, its memory lines passed to `onMemory`, its other output to stderr. */
async function startServer(
  port: number,
  dataDir: string,
  onMemory: (m: Memory) => void,
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--expose-gc", ...serverNodeArgs(), "--import", sampler, "--import", "tsx", SERVER_MAIN],
    {
      cwd: ROOT,
      env: {
        ...serverEnv(port, dataDir),
        SOAK_SAMPLE_MS: String(SAMPLE_S * 1000),
        ...(SNAPSHOTS && { SOAK_SNAPSHOT_DIR: SNAPSHOTS }),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((ready, reject) => {
    let pending = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (line.startsWith("SOAK_MEMORY ")) {
          onMemory(JSON.parse(line.slice(12)) as Memory);
          if (process.env.SOAK_DETAIL) console.log(line);
        } else if (line.includes("listening on")) ready();
        else if (line.trim()) process.stderr.write(`${line}\n`);
      }
    });
    child.on("exit", (code, signal) => reject(new Error(`server exited (${code ?? signal})`)));
  });
  return child;
}

const mb = (bytes: number) => (bytes / 1048576).toFixed(1).padStart(7);

async function coordinator(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "firmament-soak-"));
  if (SNAPSHOTS) mkdirSync(SNAPSHOTS, { recursive: true });
  const port = await freePort();
  const started = Date.now();
  const finished = { dreams: 0, dreamers: 0, failed: 0 };
  const samples: Array<Memory & { games: number }> = [];
  const games = () => finished.dreams + finished.dreamers;
  let server: ChildProcess | null = null;
  let load: ChildProcess | null = null;
  const cleanup = () => {
    if (load?.exitCode === null) load.kill("SIGKILL");
    if (server?.exitCode === null) server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("exit", cleanup);
  server = await startServer(port, dataDir, (m) => {
    samples.push({ ...m, games: games() });
    const minute = ((m.at - started) / 60_000).toFixed(1).padStart(5);
    console.log(
      `${minute} min  rss ${mb(m.rss)} MB  heap ${mb(m.heapUsed)} MB  young ${mb(m.young)} MB  external ${mb(m.external)} MB  buffers ${mb(m.arrayBuffers)} MB  games ${String(games()).padStart(5)}`,
    );
    if (SNAPSHOTS && samples.length === 2) server?.kill("SIGUSR2");
  });
  console.log(
    `soak: server pid ${server.pid} on port ${port}; ${TABLES} tables at a time, a person's action every ~${PACE} ms, ${MINUTES} min`,
  );
  const until = started + MINUTES * 60_000;
  load = fork(
    self,
    ["--load", `http://127.0.0.1:${port}`, "--until", String(until), ...process.argv.slice(2)],
    {
      execArgv: ["--import", "tsx"],
      cwd: ROOT,
    },
  );
  load.on("message", (msg: { type: string; game?: "dreams" | "dreamers"; message?: string }) => {
    if (msg.type === "finished" && msg.game) finished[msg.game]++;
    if (msg.type === "failed") {
      finished.failed++;
      if (finished.failed <= 5) console.error(`a table failed: ${msg.message}`);
    }
  });
  await new Promise((r) => setTimeout(r, until - Date.now()));
  // everyone leaves at once (their seats' bots finish the games in play): does memory come back down?
  load.kill("SIGKILL");
  const stoppedAt = samples.length;
  console.log(`load stopped after ${games()} games; cooling down ${COOLDOWN} min`);
  if (SNAPSHOTS) server.kill("SIGUSR2");
  await new Promise((r) => setTimeout(r, COOLDOWN * 60_000 + 5000));
  if (SNAPSHOTS) {
    server.kill("SIGUSR2");
    await new Promise((r) => setTimeout(r, 30_000));
  }
  summary(samples.slice(0, stoppedAt), finished);
  const [first, last] = [samples[stoppedAt - 1], samples.at(-1)];
  if (first && last && first !== last)
    console.log(
      `  after ${COOLDOWN} min without players  rss ${mb(first.rss)} → ${mb(last.rss)} MB, heap ${mb(first.heapUsed)} → ${mb(last.heapUsed)} MB, young ${mb(first.young)} → ${mb(last.young)} MB`,
    );
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 2000));
  process.exit(0);
}

function summary(
  samples: Array<Memory & { games: number }>,
  finished: { dreams: number; dreamers: number; failed: number },
): void {
  console.log("");
  console.log("bench:soak — results");
  console.log(
    `  games finished    ${finished.dreams + finished.dreamers} (${finished.dreams} Dreams, ${finished.dreamers} Dreamers; ${finished.failed} tables failed)`,
  );
  const half = samples[Math.floor(samples.length / 2)];
  const peak = Math.max(...samples.map((m) => m.rss));
  console.log(`  peak rss          ${mb(peak)} MB`);
  const last = samples.at(-1);
  if (!half || !last || half === last) return;
  const perGame = (a: number, b: number) =>
    last.games > half.games ? `${((b - a) / (last.games - half.games) / 1024).toFixed(1)} KB per game` : "";
  console.log(
    `  second half       rss ${mb(half.rss)} → ${mb(last.rss)} MB, heap ${mb(half.heapUsed)} → ${mb(last.heapUsed)} MB over ${last.games - half.games} games (${perGame(half.heapUsed, last.heapUsed)} heap)`,
  );
}

if (args.has("load")) {
  exitOnFailure(
    runLoad(args.get("load") ?? "", TABLES, PACE, Number(args.get("until"))).then(() => process.exit(0)),
  );
} else exitOnFailure(coordinator());
