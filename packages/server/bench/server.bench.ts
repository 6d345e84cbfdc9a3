/**
 * `npm run bench:server [-- --tables 1000 --players 5 --seconds 60 --pace 1000]`
 *
 * Starts the real server in its own process (fresh DATA_DIR, LOG_LEVEL=warn) and, from this process,
 * connects `tables × players` simulated clients over real WebSockets on loopback. Each table is paced
 * at about one action per `pace` ms; the acting client picks a legal move from its own view (a light
 * view-only bot, so the load generator stays cheap). It measures, per action, the time from sending it
 * to the moment the table's last client has the resulting view, and prints tables, sockets, actions/s,
 * p50/p99 latency and the server's memory and CPU.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DreamsAction, legalActions } from "@firmament/engine";
import { io, type Socket } from "socket.io-client";
import { fallbackBot, type SeatBot } from "../src/bot";
import type { ViewPush } from "../src/protocol";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]?.replace(/^--/, "") ?? "", process.argv[i + 1] ?? "");
const TABLES = Number(args.get("tables") ?? 1000);
const PLAYERS = Number(args.get("players") ?? 5);
const SECONDS = Number(args.get("seconds") ?? 60);
const PACE = Number(args.get("pace") ?? 1000);
const WARMUP = Number(args.get("warmup") ?? 10);

const root = fileURLToPath(new URL("../../..", import.meta.url));
const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const COLOURS = ["red", "blue", "green", "yellow", "purple", "white"] as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === "object" && a ? a.port : 0));
    });
    srv.on("error", reject);
  });
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const extra = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, "--import", "tsx", main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      BOT_DELAY_MS: "700",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("listening on")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
  return child;
}

/** Server process memory (RSS) and CPU seconds so far, from /proc. */
function procStats(pid: number): { rssMb: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(stat[11] ?? 0) + Number(stat[12] ?? 0);
  return { rssMb: rss, cpuSeconds: ticks / 100 };
}

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

interface Player {
  socket: Socket;
  view: ViewPush | null;
  bot: SeatBot;
}

interface Table {
  code: string;
  host: Player;
  players: Player[];
  /** The version we wait for, when it was sent, and how many clients have it. */
  pending: { version: number; sentAt: number; seen: number } | null;
  version: number;
  game: number;
  timer: NodeJS.Timeout | null;
}

const latencies: number[] = [];
let measuring = false;
let actions = 0;
let refused = 0;
let sockets = 0;

function onView(table: Table, player: Player, push: ViewPush) {
  player.view = push;
  const p = table.pending;
  if (p && push.game === table.game && push.version >= p.version) {
    p.seen++;
    if (p.seen === table.players.length) {
      if (measuring) latencies.push(performance.now() - p.sentAt);
      table.pending = null;
    }
  }
}

function step(table: Table) {
  table.timer = setTimeout(() => step(table), PACE * (0.9 + Math.random() * 0.2));
  if (table.pending) return; // still waiting for the last update
  for (const player of table.players) {
    const push = player.view;
    if (!push || push.game !== table.game || legalActions(push.view).length === 0) continue;
    const action = player.bot.decide(push.view) as DreamsAction | null;
    if (!action) continue;
    const version = push.version + 1;
    table.pending = { version, sentAt: performance.now(), seen: 0 };
    player.socket.emit(
      "action",
      { action, round: push.view.round, game: push.game },
      (ack: { ok: boolean; version?: number }) => {
        if (ack.ok) {
          if (measuring) actions++;
        } else {
          refused++;
          table.pending = null;
        }
      },
    );
    return;
  }
  const over = table.players[0]?.view?.view.phase === "over";
  if (over && table.host.view) {
    table.pending = null;
    table.game++;
    table.host.socket.emit("play_again", {}, () => {});
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), "firmament-bench-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, dataDir);
  const pid = server.pid as number;
  const cleanup = () => {
    if (server.exitCode === null) server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("exit", cleanup);
  console.log(`server pid ${pid} on ${base}; setting up ${TABLES} tables × ${PLAYERS} players …`);

  const tables: Table[] = [];
  const started = performance.now();
  await inBatches(
    Array.from({ length: TABLES }, (_, i) => i),
    25,
    async (i) => {
      const created = await post<{ code: string; hostToken: string }>(base, "/api/tables", {
        game: "dreams",
        seats: PLAYERS,
        visibility: "private",
        timer: "off",
        deck: "standard",
      });
      const table: Table = {
        code: created.code,
        host: null as unknown as Player,
        players: [],
        pending: null,
        version: 0,
        game: 1,
        timer: null,
      };
      for (let seat = 0; seat < PLAYERS; seat++) {
        const joined = await post<{ seat: number; token: string }>(base, `/api/tables/${created.code}/join`, {
          name: `B${i}-${seat}`,
          colour: COLOURS[seat],
          ...(seat === 0 && { hostToken: created.hostToken }),
        });
        const socket = io(base, { transports: ["websocket"], forceNew: true, reconnection: false });
        const player: Player = { socket, view: null, bot: fallbackBot(`${created.code}:${seat}`) };
        socket.on("view", (push: ViewPush) => onView(table, player, push));
        await new Promise<void>((resolve, reject) => {
          socket.once("connect", () => resolve());
          socket.once("connect_error", reject);
        });
        sockets++;
        const ack = (await socket.emitWithAck("hello", {
          code: created.code,
          token: joined.token,
          ...(seat === 0 && { hostToken: created.hostToken }),
        })) as { ok: boolean };
        if (!ack.ok) throw new Error(`hello failed: ${JSON.stringify(ack)}`);
        table.players.push(player);
      }
      table.host = table.players[0] as Player;
      const start = (await table.host.socket.emitWithAck("start", {})) as { ok: boolean };
      if (!start.ok) throw new Error("start failed");
      tables.push(table);
    },
  );
  console.log(
    `set up in ${((performance.now() - started) / 1000).toFixed(1)} s; ${sockets} sockets connected`,
  );

  for (const t of tables) t.timer = setTimeout(() => step(t), Math.random() * PACE);
  console.log(`warming up for ${WARMUP} s …`);
  await new Promise((r) => setTimeout(r, WARMUP * 1000));

  measuring = true;
  const cpu0 = procStats(pid).cpuSeconds;
  const t0 = performance.now();
  let peakRss = 0;
  for (let elapsed = 0; elapsed < SECONDS; elapsed += 10) {
    await new Promise((r) => setTimeout(r, Math.min(10, SECONDS - elapsed) * 1000));
    const s = procStats(pid);
    peakRss = Math.max(peakRss, s.rssMb);
    const sorted = latencies.slice().sort((a, b) => a - b);
    console.log(
      `  t=${Math.round((performance.now() - t0) / 1000)}s actions=${actions} p50=${percentile(sorted, 50).toFixed(1)}ms p99=${percentile(sorted, 99).toFixed(1)}ms rss=${s.rssMb.toFixed(0)}MB`,
    );
  }
  measuring = false;
  const seconds = (performance.now() - t0) / 1000;
  const cpu = procStats(pid).cpuSeconds - cpu0;
  const sorted = latencies.slice().sort((a, b) => a - b);
  const me = process.memoryUsage();

  console.log("");
  console.log("bench:server — results");
  console.log(`  tables            ${TABLES} (${PLAYERS} players each, ~1 action per ${PACE} ms per table)`);
  console.log(`  sockets           ${sockets}`);
  console.log(
    `  actions/s         ${(actions / seconds).toFixed(1)} (${actions} in ${seconds.toFixed(1)} s; ${refused} refused)`,
  );
  console.log(
    `  latency p50       ${percentile(sorted, 50).toFixed(1)} ms (action sent → last client of the table updated)`,
  );
  console.log(`  latency p99       ${percentile(sorted, 99).toFixed(1)} ms`);
  console.log(`  latency max       ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`);
  console.log(
    `  server memory     ${procStats(pid).rssMb.toFixed(0)} MB RSS (peak ${peakRss.toFixed(0)} MB)`,
  );
  console.log(`  server CPU        ${((cpu / seconds) * 100).toFixed(0)} % of one core`);
  console.log(`  load generator    ${(me.rss / 2 ** 20).toFixed(0)} MB RSS`);

  for (const t of tables) if (t.timer) clearTimeout(t.timer);
  for (const t of tables) for (const p of t.players) p.socket.close();
  // A graceful stop first (lets --cpu-prof write its profile), then the hard way.
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  cleanup();
  process.exit(0);
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
