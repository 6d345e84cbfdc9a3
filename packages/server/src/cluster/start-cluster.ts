/**
 * `npm run start:cluster -- --processes 3`: several server processes on one machine and the small
 * balancer (`balancer.ts`) in front of them on PORT (8080), as `npm start` listens. Needs DATABASE_URL
 * (PostgreSQL) and REDIS_URL; every other variable of `main.ts` is passed to the processes. The
 * processes listen on 127.0.0.1 at PORT+1…PORT+n (BACKEND_PORT sets the first); with METRICS_PORT,
 * their metrics are at METRICS_PORT…METRICS_PORT+n-1. A process that dies is
 * started again after a second; SIGHUP restarts them one after another (a rolling restart); SIGTERM or
 * SIGINT stops everything.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Backend, startBalancer } from "./balancer";

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

const children = new Map<Backend, ChildProcess>();
let stopping = false;

function launch(backend: Backend): Promise<void> {
  const child = spawn(process.execPath, [...nodeArgs, "--max-semi-space-size=64", main], {
    env: {
      ...env,
      PORT: String(backend.port),
      HOST: backend.host,
      // the balancer is the one proxy in front of each process
      TRUST_PROXY: env.TRUST_PROXY ?? "1",
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
const balancer = await startBalancer({
  port,
  host: env.HOST ?? "0.0.0.0",
  backends,
  onUnanswered: (backend, url) =>
    console.warn(`balancer: the process on port ${backend.port} did not answer an upgrade (${url}) in time`),
});
console.log(`Firmament cluster of ${count} processes listening on http://localhost:${port}`);

process.on("SIGHUP", () => void rollingRestart());
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void balancer
      .close()
      .then(() => Promise.all([...children.values()].map(stop)))
      .then(() => process.exit(0));
  });
