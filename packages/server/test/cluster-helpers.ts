/**
 * A cluster for tests: several processes of the built server (`dist/main.js`, built by the tests' global
 * setup) sharing a fresh PostgreSQL database (the machine's, on 127.0.0.1:5432) and the machine's Redis
 * (127.0.0.1:6379) under a channel prefix of their own, so tests running at the same time never see
 * each other's messages.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { BUILT_SERVER_ARGS } from "../scripts/build";
import { type RunningNginx, startNginx } from "../src/cluster/nginx";

export const PG_ADMIN_URL = process.env.FIRMAMENT_TEST_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const REDIS_URL = process.env.FIRMAMENT_TEST_REDIS ?? "redis://127.0.0.1:6379";

const root = fileURLToPath(new URL("../../..", import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** A new, empty PostgreSQL database; `drop` removes it. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `firmament_test_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface ClusterProcess {
  port: number;
  base: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr. */
  output: string;
}

/** Starts one server process: the built server (`nodeArgs`: another way to run it, e.g. from the sources). */
export function startProcess(
  port: number,
  env: Record<string, string>,
  nodeArgs: string[] = BUILT_SERVER_ARGS,
): Promise<ClusterProcess> {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BOT_DELAY_MS: "0",
      LOG_LEVEL: process.env.FIRMAMENT_CLUSTER_LOG_LEVEL ?? "warn",
      HTTP_POSTS_PER_SECOND: "0",
      ...env,
    },
    // another way to run it may read its standard input (the test clock's `advance` lines)
    stdio: [nodeArgs === BUILT_SERVER_ARGS ? "ignore" : "pipe", "pipe", "pipe"],
  });
  const proc: ClusterProcess = { port, base: `http://127.0.0.1:${port}`, child, output: "" };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${proc.output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      proc.output += chunk.toString();
      if (proc.output.includes("listening on")) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited early (${code}): ${proc.output}`)));
  });
}

export interface TestCluster {
  databaseUrl: string;
  processes: ClusterProcess[];
  env: Record<string, string>;
  /** nginx in front (`startCluster(…, { nginx: true })`): its base URL; null without. */
  front: string | null;
  nginx: RunningNginx | null;
  /** Starts one more process (or a replacement) of the cluster. */
  add(port?: number): Promise<ClusterProcess>;
  /** A random process's base URL. */
  any(random?: () => number): string;
  close(): Promise<void>;
}

/**
 * `nodeArgs`: how each process is run (`startProcess`), e.g. the test-clock server. `nginx`: the processes get fixed ports, listed in CLUSTER_PEERS (each its own CLUSTER_PEER, kept by
 * a replacement on the same port), and nginx runs in front of them with the shipped configuration —
 * the test fails if nginx is not installed. `perProcess` adds variables by process port.
 */
export async function startCluster(
  count: number,
  extraEnv: Record<string, string> = {},
  options: {
    nginx?: boolean;
    perProcess?: (port: number) => Record<string, string>;
    nodeArgs?: string[];
  } = {},
): Promise<TestCluster> {
  const db = await freshDatabase();
  const ports: number[] = [];
  if (options.nginx) for (let i = 0; i < count; i++) ports.push(await distinctFreePort(ports));
  const peers = ports.map((port) => `127.0.0.1:${port}`);
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL,
    CLUSTER_NAME: `test-${randomBytes(4).toString("hex")}`,
    DATA_DIR: `/tmp/firmament-cluster-unused-${randomBytes(4).toString("hex")}`,
    ...(options.nginx && { CLUSTER_PEERS: peers.join(","), CLUSTER_FRONT: "127.0.0.1" }),
    ...extraEnv,
  };
  const envOf = (port: number) => ({
    ...env,
    ...(options.nginx && { CLUSTER_PEER: `127.0.0.1:${port}` }),
    ...options.perProcess?.(port),
  });
  const processes: ClusterProcess[] = [];
  const cluster: TestCluster = {
    databaseUrl: db.url,
    processes,
    env,
    front: null,
    nginx: null,
    async add(port) {
      const at = port ?? (await freePort());
      const proc = await startProcess(at, envOf(at), options.nodeArgs);
      processes.push(proc);
      return proc;
    },
    any(random = Math.random) {
      const alive = processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
      return (alive[Math.floor(random() * alive.length)] as ClusterProcess).base;
    },
    async close() {
      await cluster.nginx?.close();
      await Promise.all(
        processes.map(
          (p) =>
            new Promise<void>((resolve) => {
              if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
              p.child.once("exit", () => resolve());
              p.child.kill("SIGKILL");
            }),
        ),
      );
      await db.drop();
    },
  };
  // one after the other: the first migrates the database
  for (let i = 0; i < count; i++) await cluster.add(ports[i]);
  if (options.nginx) {
    const port = await distinctFreePort(ports);
    cluster.nginx = await startNginx({ listen: `127.0.0.1:${port}`, servers: peers });
    cluster.front = `http://127.0.0.1:${port}`;
  }
  return cluster;
}

async function distinctFreePort(taken: number[]): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (!taken.includes(port)) return port;
  }
}
