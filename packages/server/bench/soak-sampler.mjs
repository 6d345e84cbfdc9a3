/**
 * Loaded into the soak benchmark's server process (`node --import …/soak-sampler.mjs`; plain JavaScript, so it needs no loader):
 * prints the process's memory as one `SOAK_MEMORY {json}` line on stdout every `SOAK_SAMPLE_MS`
 * (after a full collection when `--expose-gc` is on, so the heap figure is what is still reachable).
 * `SOAK_SNAPSHOT_DIR` set: a heap snapshot is also written there on each `SIGUSR2`.
 */
import { readdirSync } from "node:fs";
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from "node:v8";
import { isMainThread } from "node:worker_threads";

const every = Number(process.env.SOAK_SAMPLE_MS ?? 60_000);
/** @type {(() => void) | undefined} */
const collect = globalThis.gc;

function detail() {
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((s) => [s.space_name, Math.round(s.space_size / 1048576)]),
  );
  const threads = readdirSync("/proc/self/task").length;
  const stats = getHeapStatistics();
  return { spaces, threads, malloced: stats.malloced_memory, peakMalloced: stats.peak_malloced_memory };
}

function sample() {
  collect?.();
  const m = process.memoryUsage();
  const line = {
    at: Date.now(),
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    young: getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0,
    ...(process.env.SOAK_DETAIL && detail()),
  };
  process.stdout.write(`SOAK_MEMORY ${JSON.stringify(line)}\n`);
}

// module loaders' threads (tsx) are given the same --import: only the main thread reports
if (isMainThread) start();

function start() {
  setInterval(sample, every).unref();
  setTimeout(sample, 1000).unref();

  const snapshots = process.env.SOAK_SNAPSHOT_DIR;
  if (snapshots)
    process.on("SIGUSR2", () => {
      collect?.();
      const file = writeHeapSnapshot(`${snapshots}/soak-${Date.now()}.heapsnapshot`);
      process.stdout.write(`SOAK_SNAPSHOT ${file}\n`);
    });
}
