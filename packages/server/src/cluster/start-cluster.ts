/**
 * `npm run start:cluster -- --processes 3`: several server processes on one machine and nginx in front
 * of them on PORT (8080), as `npm start` listens, with the shipped configuration
 * (deploy/nginx/firmament.conf; nginx runs unprivileged from a temporary directory). Without nginx
 * (`/usr/sbin/nginx`, or NGINX) the small Node balancer (`balancer.ts`) stands in, for development
 * only, and says so. Needs DATABASE_URL (PostgreSQL) and REDIS_URL; every other variable of `main.ts`
 * is passed to the processes, with CLUSTER_PEERS, CLUSTER_PEER and CLUSTER_FRONT set for each. The
 * processes listen on 127.0.0.1 at PORT+1…PORT+n (BACKEND_PORT sets the first); with METRICS_PORT,
 * their metrics are at METRICS_PORT…METRICS_PORT+n-1. A process that dies is
 * started again after a second; SIGHUP restarts them one after another (a rolling restart); SIGTERM or
 * SIGINT stops everything.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Backend, startBalancer } from "./balancer";
import { NGINX_BINARY, startNginx } from "./nginx";

const env = process.env;
const argIndex = process.argv.indexOf("--processes");
const count = Number(argIndex >= 0 ? process.argv[argIndex + 1] : (env.PROCESSES ?? 3));
if (!Number.isInteger(count) || count < 1) throw new Error("--processes must be a whole number ≥ 1");
if (!env.DATABASE_URL || !env.REDIS_URL)
  throw new Error(
    "start:cluster needs DATABASE_URL (postgres://…) and REDIS_URL (redis://…); see docs/deploy.md",
  );
const port = Number(env.PORT ?? 8080);
const firstBackend = Number(env.BACKEND_PORT ?? port + 1);
// Run from the sources (tsx) or the build (node packages/server/dist/start-cluster.js, beside main.js).
const fromSources = import.meta.url.endsWith(".ts");
const main = fileURLToPath(new URL(fromSources ? "../main.ts" : "./main.js", import.meta.url));
const nodeArgs = fromSources ? ["--import", "tsx"] : ["--enable-source-maps"];
const backends: Backend[] = Array.from({ length: count }, (_, i) => ({
  host: "127.0.0.1",
  port: firstBackend + i,
}));

const peers = backends.map((b) => `${b.host}:${b.port}`);
const host = env.HOST ?? "0.0.0.0";

const children = new Map<Backend, ChildProcess>();
let stopping = false;

function launch(backend: Backend): Promise<void> {
  const child = spawn(process.execPath, [...nodeArgs, "--max-semi-space-size=64", main], {
    env: {
      ...env,
      PORT: String(backend.port),
      HOST: backend.host,
      // the front connects from 127.0.0.1: X-Forwarded-* are trusted from there only
      CLUSTER_FRONT: env.CLUSTER_FRONT ?? "127.0.0.1",
      CLUSTER_PEERS: peers.join(","),
      CLUSTER_PEER: `${backend.host}:${backend.port}`,
      ...(env.METRICS_PORT && { METRICS_PORT: String(Number(env.METRICS_PORT) + backends.indexOf(backend)) }),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.set(backend, child);
  child.on("exit", (code, signal) => {
    if (children.get(backend) !== child || stopping) return;
    console.log(`process on ${backend.port} exited (${signal ?? code}); starting it again`);
    setTimeout(() => void launch(backend), 1000);
  });
  return new Promise((resolve) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (out.length < 10_000) out += chunk.toString();
      if (out.includes("listening on")) resolve();
    });
    child.once("exit", () => resolve());
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Restarts every process in turn; the others serve (and adopt the tables) meanwhile. */
async function rollingRestart(): Promise<void> {
  for (const backend of backends) {
    const child = children.get(backend);
    children.delete(backend);
    if (child) await stop(child);
    await launch(backend);
  }
  console.log("rolling restart done");
}

// the first process migrates the database before the others start
await launch(backends[0] as Backend);
await Promise.all(backends.slice(1).map(launch));
/** nginx in front when installed; else the Node balancer, a fallback for development. */
async function startFront(): Promise<{ close(): Promise<void> }> {
  if (existsSync(NGINX_BINARY)) {
    const nginx = await startNginx({ listen: `${host}:${port}`, servers: peers });
    nginx.child.on("exit", (code, signal) => {
      if (!stopping) console.error(`nginx exited (${signal ?? code}): ${nginx.errors()}`);
    });
    console.log(`nginx (${NGINX_BINARY}) in front, configuration in ${nginx.prefix}/nginx.conf`);
    return nginx;
  }
  console.warn(
    `nginx not found at ${NGINX_BINARY}: the Node balancer stands in (a fallback for development; deploy behind nginx, docs/deploy.md)`,
  );
  return startBalancer({
    port,
    host,
    backends,
    onUnanswered: (backend, url) =>
      console.warn(
        `balancer: the process on port ${backend.port} did not answer an upgrade (${url}) in time`,
      ),
  });
}

const front = await startFront();
console.log(`Firmament cluster of ${count} processes listening on http://localhost:${port}`);

process.on("SIGHUP", () => void rollingRestart());
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void front
      .close()
      .then(() => Promise.all([...children.values()].map(stop)))
      .then(() => process.exit(0));
  });
