/**
 * A PostgreSQL and a Redis of a test's own, on spare ports in a temporary directory, for tests that
 * crash and restart them: never the machine's shared services. PostgreSQL refuses to run as root, so
 * as root its programs run as the `postgres` user.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./cluster-helpers";
import { until } from "./until";

/** Debian's PostgreSQL programs (the newest version installed), or FIRMAMENT_PG_BIN. */
const PG_BIN =
  process.env.FIRMAMENT_PG_BIN ??
  join(
    "/usr/lib/postgresql",
    readdirSync("/usr/lib/postgresql")
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))[0] ?? "15",
    "bin",
  );

function asPostgres(program: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", join(PG_BIN, program), ...args]]
    : [join(PG_BIN, program), args];
  execFileSync(file, argv, { stdio: "pipe" });
}

export interface OwnPostgres {
  url: string;
  /** A crash: every PostgreSQL process stops at once, without a checkpoint (pg_ctl -m immediate). */
  crash(): void;
  /** Starts it again (it recovers from its log); resolves once it accepts connections. */
  start(): void;
  remove(): void;
}

export async function ownPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), "firmament-own-pg-"));
  const data = join(dir, "data");
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds("postgres");
    chownSync(dir, uid, gid);
  }
  asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const pg: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash: () => asPostgres("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]),
    start: () => asPostgres("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "start"]),
    remove() {
      try {
        pg.crash();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}

function userIds(name: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, name]).toString().trim());
  return { uid: id("-u"), gid: id("-g") };
}

export interface OwnRedis {
  url: string;
  /** kill -9. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty; resolves once it answers. */
  start(): Promise<void>;
}

export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const redis: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGKILL");
      await exited;
    },
    async start() {
      const started = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        {
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      child = started;
      let out = "";
      started.stdout?.on("data", (chunk: Buffer) => {
        out += chunk.toString();
      });
      await until(
        "redis-server ready",
        () => out.includes("Ready to accept connections") || started.exitCode !== null,
        10_000,
      );
      if (started.exitCode !== null) throw new Error(`redis-server exited: ${out}`);
    },
  };
  await redis.start();
  return redis;
}
