// Bundles a benchmark with esbuild and runs it in plain Node: tsx wraps every function with a
// name-keeping helper that costs several percent in hot loops, which the product's builds do not have.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

const [entry, ...args] = process.argv.slice(2);
const outfile = join(mkdtempSync(join(tmpdir(), "firmament-bench-")), "bench.mjs");
await build({
  entryPoints: [entry],
  bundle: true,
  platform: "node",
  format: "esm",
  outfile,
  logLevel: "warning",
});
const { status } = spawnSync(process.execPath, [outfile, ...args], { stdio: "inherit" });
process.exit(status ?? 1);
