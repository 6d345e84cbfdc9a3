import { spawnSync } from "node:child_process";

/** The value of one sample of Prometheus's text format, `name` or `name{labels}` as written; NaN if absent. */
export function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

/** `promtool check metrics` on `text`: its exit status and what it printed (nothing when all is well). */
export function promtool(text: string): { status: number | null; output: string } {
  const run = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
  if (run.error)
    throw new Error(`promtool is needed (Debian: apt-get install prometheus): ${run.error.message}`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
