/**
 * `npm run bench:metrics`: what the metrics cost. Per action: the three `performance.now()` readings
 * the table takes and `actionDone`, with metrics off (`noMetrics`) and on (`PrometheusMetrics`), and for
 * comparison the same observations through prom-client's own `Counter`/`Histogram` children. Per
 * scrape: rendering the text with N tables held (`--tables`, default 3600). CPU time, best of 5 rounds.
 */
import { Counter, Histogram, Registry } from "prom-client";
import { type Metrics, noMetrics } from "../src/metrics/metrics";
import { PrometheusMetrics } from "../src/metrics/prometheus";

const ACTIONS = 2_000_000;
const tablesArg = process.argv.indexOf("--tables");
const TABLES = tablesArg >= 0 ? Number(process.argv[tablesArg + 1]) : 3600;

function cpuNs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) * 1000;
}

function best(rounds: number, run: () => void): number {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rounds; i++) least = Math.min(least, cpuNs(run));
  return least;
}

/** The calls one accepted action makes: received, stored, pushed, then `actionDone`. */
function actions(metrics: Metrics): () => void {
  return () => {
    for (let i = 0; i < ACTIONS; i++) {
      const receivedAt = performance.now();
      const storedAt = performance.now();
      metrics.actionDone("dreams", receivedAt, storedAt, performance.now());
    }
  };
}

/** The same observations through prom-client's own metrics (labels bound once). */
function promClientActions(): () => void {
  const registers = [new Registry()];
  const counter = new Counter({ name: "a_total", help: "a", labelNames: ["game"], registers });
  const histogram = new Histogram({ name: "a_seconds", help: "a", labelNames: ["stage"], registers });
  const byGame = counter.labels("dreams");
  const stored = histogram.labels("stored");
  const pushed = histogram.labels("pushed");
  return () => {
    for (let i = 0; i < ACTIONS; i++) {
      const receivedAt = performance.now();
      const storedAt = performance.now();
      const pushedAt = performance.now();
      byGame.inc();
      stored.observe((storedAt - receivedAt) / 1000);
      pushed.observe((pushedAt - receivedAt) / 1000);
    }
  };
}

async function scrapeMs(metrics: PrometheusMetrics): Promise<number> {
  const states = ["lobby", "playing", "over"];
  const tables = Array.from({ length: TABLES }, (_, i) => ({
    row: { status: states[i % 3] as string },
    game: { kind: i % 2 ? "dreams" : "dreamers" },
  }));
  metrics.watch({ tables: () => tables, sockets: () => TABLES * 5 });
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const before = process.cpuUsage();
    await metrics.text();
    const used = process.cpuUsage(before);
    least = Math.min(least, (used.user + used.system) / 1000);
  }
  return least;
}

const prometheus = new PrometheusMetrics(["dreams", "dreamers"]);
const perAction = (ns: number) => `${(ns / ACTIONS).toFixed(0)} ns`;
console.log(`per action (${ACTIONS.toLocaleString("en")} actions, CPU, best of 5):`);
console.log(`  metrics off (noMetrics)          ${perAction(best(5, actions(noMetrics)))}`);
console.log(`  metrics on (PrometheusMetrics)   ${perAction(best(5, actions(prometheus)))}`);
console.log(`  prom-client Counter + Histogram  ${perAction(best(5, promClientActions()))}`);
console.log(`one scrape with ${TABLES} tables held: ${(await scrapeMs(prometheus)).toFixed(2)} ms CPU`);
prometheus.close();
