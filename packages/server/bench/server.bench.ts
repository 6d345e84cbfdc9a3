/**
 * `npm run bench:server [-- --tables 1000 --players 5 --seconds 60 --pace 1000 --workers 2 --processes 1 --whole --nice 19]`
 *
 * Starts the real server in its own process(es) (fresh DATA_DIR, LOG_LEVEL=warn), then load-generator
 * worker process(es) that connect `tables × players` simulated clients over real WebSockets on
 * loopback, speaking the socket.io wire protocol directly (light clients, so the generator does not
 * drown the server on a small machine). Each table is paced at about one action per `pace` ms; the
 * acting client picks a legal move from its own view (a view-only bot). Per action it measures the time
 * from sending it to the moment the table's last client has the resulting view, and prints tables,
 * sockets, actions/s, p50/p99 latency, the server's memory, CPU per action and bytes sent per action.
 *
 * Clients declare `fold` in `hello` (as the web client does) and fold each action's `events` push into
 * their view; `--whole` makes them old-style clients that get the whole `view` after every action.
 *
 * `--processes N` starts N server processes and spreads every table's clients over them at random;
 * with `--nginx` they run as a cluster behind nginx instead (deploy/nginx/firmament.conf, with
 * CLUSTER_PEERS), and every client connects through it naming its table (`?table=CODE`), as the web
 * client does, so each table's clients and its lease are on the process nginx routes it to; nginx's
 * own CPU is reported apart.
 *
 * `--profile DIR` profiles each server's event loop over the measuring window only (through its
 * inspector), writes `DIR/server-N.cpuprofile` and prints where the busy time went; the profiler's
 * own cost is in that run's CPU figures, so take those from a run without it.
 * N > 1 needs the cluster mode (DATABASE_URL=postgres://…, REDIS_URL=redis://…, passed through from the
 * environment); with DATABASE_URL / REDIS_URL set it also reports PostgreSQL transactions and rows and
 * Redis commands per action. DATABASE_URL must name a database with no tables in play (a new one per
 * run): a cluster adopts every table in play it finds.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type DreamsAction,
  type DreamsView,
  foldAll,
  legalActions,
  type PublicEvent,
} from "@firmament/dreams";
import WebSocket from "ws";
import { type RunningNginx, startNginx } from "../src/cluster/nginx";
import { fallbackBot, type SeatBot } from "../src/games/dreams-bot";
import type { PushOf } from "../test/game-pushes";
import {
  benchArgs,
  exitOnFailure,
  freePort,
  post,
  ROOT,
  SERVER_MAIN,
  serverEnv,
  serverNodeArgs,
} from "./bench-process";
import { busyByArea, inspectorAddress, WindowProfiler } from "./window-profile";

type ViewPush = PushOf<"dreams">;

const args = benchArgs();
const TABLES = Number(args.get("tables") ?? 1000);
const PLAYERS = Number(args.get("players") ?? 5);
const SECONDS = Number(args.get("seconds") ?? 60);
const PACE = Number(args.get("pace") ?? 1000);
const WARMUP = Number(args.get("warmup") ?? 10);
const WORKERS = Number(args.get("workers") ?? 2);
const PROCESSES = Number(args.get("processes") ?? 1);
/**
 * The load generator's scheduling priority (`--nice 19`: lowest). Its clients stand for people on other
 * machines; on a machine with few cores this lets the server have the CPU it would have on its own.
 */
const NICE = Number(args.get("nice") ?? 0);
/** Old-style clients: the whole view after every action instead of its events. */
const WHOLE = args.has("whole");
const NGINX = args.has("nginx");
/** A folder for CPU profiles of the measuring window, one per server process (`--profile DIR`). */
const PROFILE_DIR = args.get("profile") ?? null;

const self = fileURLToPath(import.meta.url);
const COLOURS = ["red", "blue", "green", "yellow", "purple", "white"] as const;

// ---------------------------------------------------------------------------------------------------
// A light socket.io client over `ws`: engine.io v4 open/ping/pong, socket.io CONNECT, events and acks.

class LightClient {
  private readonly ws: WebSocket;
  private nextAck = 0;
  private readonly acks = new Map<number, (value: unknown) => void>();
  private ready: Promise<void>;
  /** The latest whole `view` push, unparsed, and the `events` pushes since, unparsed. */
  raw = "";
  private folds: string[] = [];
  private parsed: ViewPush | null = null;
  game = 0;
  version = -1;
  /** Bytes and frames received while `counting`. */
  bytes = 0;
  frames = 0;
  counting = false;
  onView: (() => void) | null = null;

  constructor(port: number, table: string) {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket&table=${table}`, {
      perMessageDeflate: false,
    });
    let connected: () => void = () => {};
    this.ready = new Promise((resolve, reject) => {
      connected = resolve;
      this.ws.once("error", reject);
    });
    this.ws.on("message", (data) => {
      const msg = data.toString();
      if (this.counting) {
        this.bytes += (data as Buffer).length;
        this.frames++;
      }
      const kind = msg[0];
      if (kind === "0") this.ws.send("40");
      else if (kind === "2") this.ws.send("3");
      else if (kind === "4") {
        const type = msg[1];
        if (type === "0") connected();
        else if (type === "2") {
          // The push starts with its match number (`match`, then protocol 1's `game`) and version.
          const m = /^42\["view",\{"match":(\d+),"game":\d+,"version":(\d+)/.exec(msg);
          if (m) {
            this.raw = msg;
            this.folds = [];
            this.parsed = null;
            this.game = Number(m[1]);
            this.version = Number(m[2]);
            this.onView?.();
            return;
          }
          const e = /^42\["events",\{"match":(\d+),"game":\d+,"version":(\d+)/.exec(msg);
          if (e && Number(e[1]) === this.game && Number(e[2]) === this.version + 1) {
            this.folds.push(msg);
            this.version = Number(e[2]);
            this.onView?.();
          }
        } else if (type === "3") {
          const m = /^43(\d+)/.exec(msg) as RegExpExecArray;
          const id = Number(m[1]);
          const callback = this.acks.get(id);
          this.acks.delete(id);
          callback?.((JSON.parse(msg.slice(m[0].length)) as unknown[])[0]);
        }
      }
    });
  }

  connected(): Promise<void> {
    return this.ready;
  }

  emit<T>(event: string, payload: unknown): Promise<T> {
    const id = this.nextAck++;
    this.ws.send(`42${id}${JSON.stringify([event, payload])}`);
    return new Promise((resolve) => this.acks.set(id, resolve as (value: unknown) => void));
  }

  /** The client's current view: the last whole view with the events since folded in. */
  view(): ViewPush | null {
    if (!this.raw) return null;
    this.parsed ??= (JSON.parse(this.raw.slice(2)) as [string, ViewPush])[1];
    if (this.folds.length > 0) {
      let push = this.parsed;
      for (const msg of this.folds) {
        const update = (JSON.parse(msg.slice(2)) as [string, { version: number; events: PublicEvent[] }])[1];
        push = {
          ...push,
          version: update.version,
          view: foldAll(push.view, update.events) as typeof push.view,
        };
      }
      this.parsed = push;
      this.folds = [];
    }
    return this.parsed;
  }

  close() {
    this.ws.terminate();
  }
}

// ---------------------------------------------------------------------------------------------------
// Worker: sets up its share of the tables and paces them.

interface Table {
  clients: LightClient[];
  bots: SeatBot[];
  pending: { version: number; sentAt: number } | null;
  game: number;
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

function actorOf(view: DreamsView): number | null {
  switch (view.phase) {
    case "placing":
      return view.turn;
    case "guessing":
      return view.guessed.indexOf(false);
    case "reveal":
      return view.ready.indexOf(false);
    case "over":
      return null;
  }
}

async function worker(ports: number[], count: number, id: number) {
  const anyPort = () => ports[Math.floor(Math.random() * ports.length)] as number;
  const tables: Table[] = [];
  let latencies: number[] = [];
  let actions = 0;
  let refused = 0;
  let measuring = false;

  const step = (table: Table) => {
    setTimeout(() => step(table), PACE * (0.9 + Math.random() * 0.2));
    if (table.pending) return;
    const first = table.clients[0]?.view();
    if (!first || first.game !== table.game) return;
    if (first.view.phase === "over") {
      table.game++;
      void table.clients[0]?.emit("play_again", {});
      return;
    }
    const seat = actorOf(first.view);
    const client = seat === null ? undefined : table.clients[seat];
    const push = client?.view();
    if (!client || !push || legalActions(push.view).length === 0) return;
    const action = table.bots[seat as number]?.decide(push.view) as DreamsAction | null;
    if (!action) return;
    table.pending = { version: push.version + 1, sentAt: performance.now() };
    void client
      .emit<{ ok: boolean }>("action", { action, round: push.view.round, game: push.game })
      .then((ack) => {
        if (ack.ok) {
          if (measuring) actions++;
        } else {
          refused++;
          table.pending = null;
        }
      });
  };

  const onView = (table: Table) => {
    const p = table.pending;
    if (!p) return;
    if (table.clients.every((c) => c.game === table.game && c.version >= p.version)) {
      if (measuring) latencies.push(performance.now() - p.sentAt);
      table.pending = null;
    }
  };

  await inBatches(
    Array.from({ length: count }, (_, i) => i),
    // behind nginx an HTTP call has 2 s to be answered (then 504): a smaller burst on a loaded machine
    NGINX ? 10 : 50,
    async (i) => {
      const base = `http://127.0.0.1:${anyPort()}`;
      const created = await post<{ code: string; hostToken: string }>(base, "/api/tables", {
        game: "dreams",
        seats: PLAYERS,
        visibility: "private",
        timer: "off",
        deck: "standard",
      });
      const table: Table = { clients: [], bots: [], pending: null, game: 1 };
      for (let seat = 0; seat < PLAYERS; seat++) {
        const hostToken = seat === 0 ? { hostToken: created.hostToken } : {};
        const joined = await post<{ token: string }>(
          base,
          `/api/tables/${created.code}/join?table=${created.code}`,
          {
            name: `W${id}T${i}S${seat}`,
            colour: COLOURS[seat],
            ...hostToken,
          },
        );
        const client = new LightClient(anyPort(), created.code);
        await client.connected();
        client.onView = () => onView(table);
        const ack = await client.emit<{ ok: boolean }>("hello", {
          code: created.code,
          token: joined.token,
          ...hostToken,
          ...(WHOLE ? {} : { fold: true }),
        });
        if (!ack.ok) throw new Error(`hello failed: ${JSON.stringify(ack)}`);
        table.clients.push(client);
        table.bots.push(fallbackBot(`${created.code}:${seat}`));
      }
      const start = await table.clients[0]?.emit<{ ok: boolean }>("start", {});
      if (!start?.ok) throw new Error("start failed");
      tables.push(table);
    },
  );
  process.send?.({ type: "ready", sockets: count * PLAYERS });
  for (const t of tables) setTimeout(() => step(t), Math.random() * PACE);
  process.on("message", (msg: { type: string }) => {
    if (msg.type === "measure") {
      measuring = true;
      for (const t of tables) for (const c of t.clients) c.counting = true;
    }
    if (msg.type === "report") {
      let bytes = 0;
      let frames = 0;
      for (const t of tables)
        for (const c of t.clients) {
          bytes += c.bytes;
          frames += c.frames;
          c.bytes = 0;
          c.frames = 0;
        }
      process.send?.({ type: "report", latencies, actions, refused, bytes, frames });
      latencies = [];
      actions = 0;
      refused = 0;
    }
    if (msg.type === "stop") {
      for (const t of tables) for (const c of t.clients) c.close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Coordinator: server process, workers, figures.

let stopping = false;

/** This process's limit on open files (soft, hard), from /proc; Infinity for "unlimited". */
function openFileLimits(): { soft: number; hard: number } {
  const line = /Max open files\s+(\S+)\s+(\S+)/.exec(readFileSync("/proc/self/limits", "utf8"));
  const limit = (value: string | undefined) =>
    value === undefined || value === "unlimited" ? Infinity : Number(value);
  return { soft: limit(line?.[1]), hard: limit(line?.[2]) };
}

/**
 * The command that starts a server process able to hold `sockets` connections: with the soft limit
 * on open files raised to the hard one when the soft one is too low (a shell's `ulimit -n`), with a
 * warning when even the hard one is (the run would fail to connect every client).
 */
function serverCommand(args: string[], sockets: number): [string, string[]] {
  const { soft, hard } = openFileLimits();
  const needed = sockets + 200; // the store, the log, the listening socket, the modules being read
  if (needed > hard)
    console.error(`warning: ${sockets} sockets need about ${needed} open files; this machine allows ${hard}`);
  if (needed <= soft || soft >= hard) return [process.execPath, args];
  return ["/bin/sh", ["-c", `ulimit -n ${hard} && exec "$0" "$@"`, process.execPath, ...args]];
}

interface StartedServer {
  child: ChildProcess;
  /** The server's inspector (with `--profile`). */
  inspector: Promise<string> | null;
}

async function startServer(
  port: number,
  dataDir: string,
  cluster: Record<string, string>,
): Promise<StartedServer> {
  const inspect = PROFILE_DIR === null ? [] : ["--inspect=127.0.0.1:0"];
  const [command, args] = serverCommand(
    [...serverNodeArgs(), ...inspect, "--import", "tsx", SERVER_MAIN],
    Math.ceil((TABLES * PLAYERS) / PROCESSES),
  );
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...serverEnv(port, dataDir), ...cluster },
    stdio: ["ignore", "pipe", PROFILE_DIR === null ? "inherit" : "pipe"],
  });
  const inspector = PROFILE_DIR === null ? null : inspectorOf(child);
  await new Promise<void>((resolve, reject) => {
    let out = "";
    let listening = false;
    child.stdout?.on("data", (c: Buffer) => {
      // After start-up the server's warnings and errors (LOG_LEVEL=warn) are shown as they come.
      if (listening) return void process.stderr.write(c);
      out += c.toString();
      if (out.includes("listening on")) {
        listening = true;
        resolve();
      }
    });
    child.on("exit", (code, signal) => {
      if (!listening) reject(new Error(`server exited (${code ?? signal})`));
      else if (!stopping) console.error(`the server exited during the run (${code ?? signal})`);
    });
  });
  return { child, inspector };
}

/** The inspector address the server prints on standard error (which is passed on as it comes). */
function inspectorOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    let seen = "";
    child.stderr?.on("data", (c: Buffer) => {
      process.stderr.write(c);
      seen += c.toString();
      const address = inspectorAddress(seen);
      if (address !== null) resolve(address);
    });
  });
}

/** Starts each server's profiler; the returned function stops them, writes the profiles and sums them up. */
async function profileWindow(inspectors: Promise<string>[], dir: string): Promise<() => Promise<void>> {
  const profilers = await Promise.all(inspectors.map(async (a) => WindowProfiler.connect(await a)));
  await Promise.all(profilers.map((p) => p.start()));
  return async () => {
    const profiles = await Promise.all(profilers.map((p, n) => p.stop(dir, `server-${n + 1}`)));
    console.log(`  event loop profile (measuring window; ${dir}/server-N.cpuprofile):`);
    for (const [n, profile] of profiles.entries()) {
      const { busyMs, areas } = busyByArea(profile);
      console.log(`    server ${n + 1}: ${busyMs.toFixed(0)} ms busy`);
      for (const [area, share] of areas.slice(0, 16))
        console.log(`      ${(share * 100).toFixed(1).padStart(5)} %  ${area}`);
    }
  };
}

/** A process's memory (RSS, MB) and CPU seconds so far (all, and in the kernel), from /proc. */
function procStats(pid: number): { rssMb: number; cpuSeconds: number; kernelSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const kernelSeconds = Number(stat[12] ?? 0) / 100;
  return { rssMb: rss, cpuSeconds: Number(stat[11] ?? 0) / 100 + kernelSeconds, kernelSeconds };
}

/** CPU seconds of one thread of a process so far, from /proc (0 once it has ended). */
function threadCpu(pid: number, tid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(stat[11] ?? 0) + Number(stat[12] ?? 0)) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of a process's main thread (its event loop) so far. */
function mainThreadCpu(pid: number): number {
  return threadCpu(pid, pid);
}

/** CPU seconds so far of each thread of the processes but their main threads, by "pid/tid". */
function otherThreadsCpu(pids: number[]): Map<string, number> {
  const threads = new Map<string, number>();
  for (const pid of pids)
    for (const tid of readdirSync(`/proc/${pid}/task`))
      if (tid !== String(pid)) threads.set(`${pid}/${tid}`, threadCpu(pid, tid));
  return threads;
}

/** CPU seconds of the thread that used the most since `before` (for one process: the SQLite store's worker). */
function busiestThread(pids: number[], before: Map<string, number>): number {
  let most = 0;
  for (const [key, seconds] of otherThreadsCpu(pids)) most = Math.max(most, seconds - (before.get(key) ?? 0));
  return most;
}

/** Seconds the process's threads spent waiting on the run queue (runnable but not running), from /proc. */
function runQueueWait(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[1] ?? 0);
    } catch {
      // the thread ended
    }
  }
  return ns / 1e9;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

interface Report {
  type: "report";
  latencies: number[];
  actions: number;
  refused: number;
  bytes: number;
  frames: number;
}

/** Database and Redis operation counters so far (null where the server does not use them). */
async function opCounters(): Promise<{
  pgCommits: number;
  pgRows: number;
  redisCommands: number | null;
} | null> {
  const env = process.env;
  if (!env.DATABASE_URL && !env.REDIS_URL) return null;
  let pgCommits = Number.NaN;
  let pgRows = Number.NaN;
  if (env.DATABASE_URL) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query(
      "SELECT xact_commit, tup_inserted + tup_updated + tup_deleted AS written FROM pg_stat_database WHERE datname = current_database()",
    );
    await client.end();
    pgCommits = Number(rows[0]?.xact_commit ?? Number.NaN);
    pgRows = Number(rows[0]?.written ?? Number.NaN);
  }
  let redisCommands: number | null = null;
  if (env.REDIS_URL) {
    const { Redis } = await import("ioredis");
    const redis = new Redis(env.REDIS_URL, { lazyConnect: true });
    await redis.connect();
    const info = await redis.info("stats");
    redis.disconnect();
    redisCommands = Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? Number.NaN);
  }
  return { pgCommits, pgRows, redisCommands };
}

/**
 * A cluster adopts every table in play it finds in its database, so an earlier run's tables would be
 * loaded and played on during this one and skew its figures.
 */
async function refuseTablesInPlay(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'tables'",
    );
    if (Number(rows[0]?.n) === 0) return;
    const playing = await client.query("SELECT count(*) AS n FROM tables WHERE status = 'playing'");
    const n = Number(playing.rows[0]?.n);
    if (n > 0)
      throw new Error(
        `DATABASE_URL's database holds ${n} tables in play (an earlier run's?): the servers would adopt and play them during this run. Use an empty database.`,
      );
  } finally {
    await client.end();
  }
}

async function coordinator() {
  if (PROCESSES > 1 && !process.env.DATABASE_URL)
    throw new Error(
      "--processes above 1 needs the cluster mode: set DATABASE_URL (postgres://…) and REDIS_URL (redis://…)",
    );
  await refuseTablesInPlay();
  const dataDirs: string[] = [];
  const servers: ChildProcess[] = [];
  const inspectors: Promise<string>[] = [];
  const ports: number[] = [];
  const workers: ChildProcess[] = [];
  const cleanup = () => {
    for (const w of workers) if (w.exitCode === null) w.kill("SIGKILL");
    for (const server of servers) if (server.exitCode === null) server.kill("SIGKILL");
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", cleanup);
  for (let n = 0; n < PROCESSES; n++) ports.push(await freePort());
  const peers = ports.map((port) => `127.0.0.1:${port}`);
  for (const port of ports) {
    const dataDir = mkdtempSync(join(tmpdir(), "firmament-bench-"));
    dataDirs.push(dataDir);
    const cluster: Record<string, string> = NGINX
      ? { CLUSTER_PEERS: peers.join(","), CLUSTER_PEER: `127.0.0.1:${port}`, CLUSTER_FRONT: "127.0.0.1" }
      : {};
    const started = await startServer(port, dataDir, cluster);
    servers.push(started.child);
    if (started.inspector) inspectors.push(started.inspector);
  }
  const nginx = NGINX ? await startNginx({ listen: `127.0.0.1:${await freePort()}`, servers: peers }) : null;
  // SIGTERM: nginx's master stops its workers (a SIGKILL would leave them running)
  if (nginx) process.on("exit", () => nginx.child.kill("SIGTERM"));
  const nginxPids = () => (nginx?.child.pid ? [nginx.child.pid, ...childrenOf(nginx.child.pid)] : []);
  const nginxCpu = () => nginxPids().reduce((sum, pid) => sum + procStats(pid).cpuSeconds, 0);
  const clientPorts = nginx ? [Number(/:(\d+)$/.exec(nginxListen(nginx))?.[1])] : ports;
  const pids = servers.map((server) => server.pid as number);
  const sumStats = () =>
    pids.reduce(
      (sum, pid) => {
        const s = procStats(pid);
        return {
          rssMb: sum.rssMb + s.rssMb,
          cpuSeconds: sum.cpuSeconds + s.cpuSeconds,
          kernelSeconds: sum.kernelSeconds + s.kernelSeconds,
        };
      },
      { rssMb: 0, cpuSeconds: 0, kernelSeconds: 0 },
    );
  console.log(
    `server pid(s) ${pids.join(", ")} on port(s) ${ports.join(", ")}; ${TABLES} tables × ${PLAYERS} players over ${WORKERS} load process(es), ${WHOLE ? "whole views" : "folding clients"} …`,
  );

  const t0 = performance.now();
  let sockets = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, (_, w) => {
      const share = Math.floor(TABLES / WORKERS) + (w < TABLES % WORKERS ? 1 : 0);
      const child = fork(
        self,
        [
          "--worker",
          String(w),
          "--ports",
          clientPorts.join(","),
          "--count",
          String(share),
          ...process.argv.slice(2),
        ],
        {
          execArgv: ["--import", "tsx"],
          cwd: ROOT,
        },
      );
      workers.push(child);
      if (NICE !== 0 && child.pid !== undefined) setPriority(child.pid, NICE);
      return new Promise<void>((resolve, reject) => {
        child.on("message", (msg: { type: string; sockets?: number }) => {
          if (msg.type === "ready") {
            sockets += msg.sockets ?? 0;
            resolve();
          }
        });
        child.on("exit", (code) => reject(new Error(`load worker exited (${code})`)));
      });
    }),
  );
  console.log(
    `set up in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${sockets} sockets; warming up ${WARMUP} s …`,
  );
  await new Promise((r) => setTimeout(r, WARMUP * 1000));

  const collect = () =>
    Promise.all(
      workers.map(
        (w) =>
          new Promise<Report>((resolve) => {
            const on = (msg: Report) => {
              if (msg.type !== "report") return;
              w.off("message", on);
              resolve(msg);
            };
            w.on("message", on);
            w.send({ type: "report" });
          }),
      ),
    );
  await collect(); // drop warm-up samples
  for (const w of workers) w.send({ type: "measure" });
  const stopProfiles = PROFILE_DIR === null ? null : await profileWindow(inspectors, PROFILE_DIR);
  const ops0 = await opCounters();
  const { cpuSeconds: cpu0, kernelSeconds: kernel0 } = sumStats();
  const main0 = pids.reduce((sum, pid) => sum + mainThreadCpu(pid), 0);
  const threads0 = otherThreadsCpu(pids);
  const wait0 = pids.reduce((sum, pid) => sum + runQueueWait(pid), 0);
  const nginx0 = nginxCpu();
  const workerCpu0 = workers.map((w) => procStats(w.pid as number).cpuSeconds);
  const start = performance.now();
  const latencies: number[] = [];
  let actions = 0;
  let refused = 0;
  let bytes = 0;
  let frames = 0;
  let peakRss = 0;
  for (let elapsed = 0; elapsed < SECONDS; elapsed += 10) {
    await new Promise((r) => setTimeout(r, Math.min(10, SECONDS - elapsed) * 1000));
    for (const r of await collect()) {
      latencies.push(...r.latencies);
      actions += r.actions;
      refused += r.refused;
      bytes += r.bytes;
      frames += r.frames;
    }
    const s = sumStats();
    peakRss = Math.max(peakRss, s.rssMb);
    const sorted = latencies.slice().sort((a, b) => a - b);
    console.log(
      `  t=${Math.round((performance.now() - start) / 1000)}s actions=${actions} p50=${percentile(sorted, 50).toFixed(1)}ms p99=${percentile(sorted, 99).toFixed(1)}ms server rss=${s.rssMb.toFixed(0)}MB`,
    );
  }
  const seconds = (performance.now() - start) / 1000;
  const serverCpu = sumStats().cpuSeconds - cpu0;
  const serverKernel = sumStats().kernelSeconds - kernel0;
  const mainCpu = pids.reduce((sum, pid) => sum + mainThreadCpu(pid), 0) - main0;
  const busiestCpu = busiestThread(pids, threads0);
  const serverWait = pids.reduce((sum, pid) => sum + runQueueWait(pid), 0) - wait0;
  const ops1 = await opCounters();
  const [load1] = readFileSync("/proc/loadavg", "utf8").split(" ");
  const loadCpu = workers.reduce(
    (sum, w, i) => sum + procStats(w.pid as number).cpuSeconds - (workerCpu0[i] ?? 0),
    0,
  );
  const sorted = latencies.sort((a, b) => a - b);
  const final = sumStats();
  const perAction = (n: number) => (actions > 0 ? n / actions : Number.NaN);
  const frontCpu = nginxCpu() - nginx0;

  console.log("");
  console.log("bench:server — results");
  console.log(`  tables            ${TABLES} (${PLAYERS} players each, ~1 action per ${PACE} ms per table)`);
  console.log(`  processes         ${PROCESSES}${NGINX ? " behind nginx (clients routed by table)" : ""}`);
  console.log(`  clients           ${WHOLE ? "whole views (no fold)" : "folding (hello { fold: true })"}`);
  console.log(`  sockets           ${sockets}`);
  console.log(
    `  actions/s         ${(actions / seconds).toFixed(1)} (${actions} in ${seconds.toFixed(1)} s; ${refused} refused)`,
  );
  console.log(
    `  latency p50       ${percentile(sorted, 50).toFixed(1)} ms (action sent → last client of its table updated)`,
  );
  console.log(`  latency p99       ${percentile(sorted, 99).toFixed(1)} ms`);
  console.log(`  latency max       ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`);
  console.log(`  server memory     ${final.rssMb.toFixed(0)} MB RSS (peak ${peakRss.toFixed(0)} MB)`);
  console.log(`  server CPU        ${((serverCpu / seconds) * 100).toFixed(0)} % of one core`);
  console.log(
    `  CPU per action    ${(perAction(serverCpu) * 1000).toFixed(3)} ms (all server processes, all threads; event loop ${(perAction(mainCpu) * 1000).toFixed(3)} ms)`,
  );
  if (NGINX)
    console.log(
      `  nginx CPU         ${(perAction(frontCpu) * 1000).toFixed(3)} ms per action (not in the line above)`,
    );
  console.log(
    `  of which kernel   ${(perAction(serverKernel) * 1000).toFixed(3)} ms (system calls: socket reads and writes, the store's syncs)`,
  );
  console.log(
    `  off the loop      ${(perAction(serverCpu - mainCpu) * 1000).toFixed(3)} ms, the busiest ${(perAction(busiestCpu) * 1000).toFixed(3)} ms (one process: the SQLite store's worker); the rest GC and libuv`,
  );
  console.log(
    `  sent per action   ${perAction(bytes).toFixed(0)} bytes in ${perAction(frames).toFixed(1)} frames (to all clients, pings included)`,
  );
  if (ops0 && ops1) {
    console.log(
      `  PostgreSQL        ${perAction(ops1.pgCommits - ops0.pgCommits).toFixed(2)} commits, ${perAction(ops1.pgRows - ops0.pgRows).toFixed(2)} rows written per action (whole database, bench queries included)`,
    );
    if (ops1.redisCommands !== null && ops0.redisCommands !== null)
      console.log(
        `  Redis             ${perAction(ops1.redisCommands - ops0.redisCommands).toFixed(2)} commands per action`,
      );
  }
  console.log(
    `  load generator    ${((loadCpu / seconds) * 100).toFixed(0)} % of one core (${WORKERS} process(es))`,
  );
  console.log(
    `  server starved    ${((serverWait / seconds) * 100).toFixed(0)} % of the time runnable but waiting for a CPU (machine load ${load1} on ${cpus().length} cores)`,
  );

  await stopProfiles?.();

  stopping = true;
  for (const w of workers) w.send({ type: "stop" });
  await Promise.all(
    servers.map((server) => {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM"); // graceful first, so --cpu-prof can write its profile
      return Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }),
  );
  cleanup();
  process.exit(0);
}

if (args.has("worker")) {
  const ports = (args.get("ports") ?? "").split(",").map(Number);
  exitOnFailure(worker(ports, Number(args.get("count")), Number(args.get("worker"))));
} else exitOnFailure(coordinator());

/** The pids of a process's children (nginx's workers), from /proc. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The address nginx listens on, from its configuration. */
function nginxListen(nginx: RunningNginx): string {
  return /listen ([^;]+);/.exec(readFileSync(join(nginx.prefix, "nginx.conf"), "utf8"))?.[1] ?? "";
}
