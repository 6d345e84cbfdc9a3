// Bundles each benchmark with esbuild and runs it in plain Node: tsx wraps every function with a
// name-keeping helper that costs several percent in hot loops, which the product's builds do not have.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

// Entries are the .ts arguments, run one after another; the other arguments go to each of them.
const argv = process.argv.slice(2);
const entries = argv.filter((a) => a.endsWith(".ts"));
const args = argv.filter((a) => !a.endsWith(".ts"));
for (const entry of entries) {
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
  if (status !== 0) process.exit(status ?? 1);
}
