/**
 * Custom-deck uploads through the real server: time from the first byte sent to the stored deck for 8
 * and for 100 photo-sized JPEGs (about 1.9 megapixels), the longest the server's event loop was blocked
 * meanwhile (what every game on the same process would feel; the upload client is curl, in its own
 * process), and the bytes stored per deck.
 * Usage: npm run bench:decks [-- --sizes 8,100 --width 1200 --height 1600]
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { samplePictures } from "@firmament/cards/testing";
import pino from "pino";
import { startServer } from "../src/app";
import type { CustomDeckResponse } from "../src/protocol";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "8,100" },
    width: { type: "string", default: "1200" },
    height: { type: "string", default: "1600" },
  },
});
const sizes = (values.sizes ?? "8,100").split(",").map(Number);
const width = Number(values.width);
const height = Number(values.height);

const dataDir = mkdtempSync(join(tmpdir(), "firmament-bench-decks-"));
const server = await startServer({
  port: 0,
  host: "127.0.0.1",
  dataDir,
  webDist: join(dataDir, "none"),
  log: pino({ level: "warn" }),
  uploadsPerMinute: 0,
});
const dbFile = join(dataDir, "firmament.sqlite");
const dbBytes = () =>
  ["", "-wal"].reduce((s, x) => s + (statSync(dbFile + x, { throwIfNoEntry: false })?.size ?? 0), 0);

try {
  const all = (
    await samplePictures(Math.max(...sizes), { format: "jpeg", width, height, seed: "bench" })
  ).map((p) => {
    const path = join(dataDir, p.name);
    writeFileSync(path, p.bytes);
    return { ...p, path };
  });
  // warm-up: sharp's first load and the JIT
  await upload(all.slice(0, 8));
  // what this machine does to an idle event loop anyway (other processes, timers), for comparison
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((r) => setTimeout(r, 3000));
  idle.disable();
  console.log(
    `load average ${loadavg()[0]?.toFixed(1)}; idle event loop over 3 s: delay max ${(idle.max / 1e6).toFixed(1)} ms, p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms`,
  );
  for (const n of sizes) {
    const files = all.slice(0, n);
    const sent = files.reduce((s, f) => s + f.bytes.length, 0);
    const before = dbBytes();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const elu = performance.eventLoopUtilization();
    const t0 = performance.now();
    const deck = await upload(files);
    const elapsed = performance.now() - t0;
    loop.disable();
    const busy = performance.eventLoopUtilization(elu);
    const grown = dbBytes() - before;
    console.log(
      [
        `${n} images ${width}×${height} JPEG (${(sent / 1048576).toFixed(1)} MB sent):`,
        `upload + processing ${(elapsed / 1000).toFixed(2)} s (${(elapsed / n).toFixed(0)} ms/image);`,
        `event loop delay max ${(loop.max / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms,`,
        `busy ${(busy.utilization * 100).toFixed(0)} % (${busy.active.toFixed(0)} ms);`,
        `stored ${(deck.bytes / 1024).toFixed(0)} KB (${(deck.bytes / n / 1024).toFixed(1)} KB/card; database +${(grown / 1024).toFixed(0)} KB)`,
      ].join(" "),
    );
  }
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Uploads with curl, so the client's work does not count against this process's event loop. */
function upload(files: { name: string; path: string }[]): Promise<CustomDeckResponse> {
  const args = ["-sS", "-w", "\n%{http_code}"];
  for (const f of files) args.push("-F", `images=@${f.path};filename=${f.name}`);
  args.push(`${server.url}/api/decks`);
  return new Promise((resolve, reject) =>
    execFile("curl", args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const cut = stdout.lastIndexOf("\n");
      const status = stdout.slice(cut + 1);
      if (status !== "201") return reject(new Error(`upload failed: ${status} ${stdout.slice(0, cut)}`));
      resolve(JSON.parse(stdout.slice(0, cut)) as CustomDeckResponse);
    }),
  );
}
