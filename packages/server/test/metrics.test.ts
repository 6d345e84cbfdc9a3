/**
 * `/metrics` on its own listener: after some play its output passes `promtool check metrics` (Debian's
 * `prometheus` package), has every family docs/deploy.md lists, and its counters moved; the public
 * port does not serve it; a token, when set, is required.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autoplay, http, seatTable, startTestServer, type TestServer } from "./helpers";
import { promtool, sample } from "./prometheus-text";
import { until } from "./until";

let env: TestServer;
beforeAll(async () => {
  env = await startTestServer({ metrics: { port: 0 } });
});
afterAll(async () => {
  await env?.close();
});

const FAMILIES = [
  "firmament_tables",
  "firmament_sockets_connected",
  "firmament_actions_total",
  "firmament_action_latency_seconds",
  "firmament_timer_moves_total",
  "firmament_table_handovers_total",
  "firmament_table_adoption_seconds",
  "firmament_postgres_query_seconds",
  "firmament_postgres_errors_total",
  "firmament_redis_command_seconds",
  "firmament_redis_errors_total",
  "firmament_redis_reconnects_total",
  "firmament_eventloop_delay_seconds",
  "nodejs_eventloop_lag_seconds",
  "nodejs_eventloop_lag_p99_seconds",
  "nodejs_heap_size_used_bytes",
  "process_resident_memory_bytes",
  "process_cpu_seconds_total",
];

async function scrape(url: string, token?: string): Promise<{ status: number; text: string; type: string }> {
  const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return {
    status: response.status,
    text: await response.text(),
    type: response.headers.get("content-type") ?? "",
  };
}

function expectNoMetrics(res: { text: string }): void {
  expect(res.text).not.toMatch(/^# (HELP|TYPE) /m);
  expect(res.text).not.toContain("firmament_actions_total");
}

describe("metrics", () => {
  it("count what was played, and promtool finds nothing wrong in them", async () => {
    const url = env.server.metricsUrl as string;
    const t = await seatTable(env.server.url, 2, { bots: 2 });
    expect((await t.host.emit("start", {})).ok).toBe(true);
    const players = t.clients.map((client, i) => autoplay(client, `metrics-${i}`));
    const actions = () => scrape(url).then((s) => sample(s.text, 'firmament_actions_total{game="dreams"}'));
    await until("20 actions counted", async () => (await actions()) >= 20, 30_000, 50);
    for (const player of players) player.stop();
    await Promise.all(t.clients.map((client) => client.flush()));

    const { status, text, type } = await scrape(url);
    expect(status).toBe(200);
    expect(type).toContain("text/plain; version=0.0.4");
    expect(promtool(text)).toEqual({ status: 0, output: "" });
    const typed = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    const helped = new Set([...text.matchAll(/^# HELP (\S+) \S/gm)].map((m) => m[1]));
    for (const family of FAMILIES) {
      expect(typed, family).toContain(family);
      expect(helped, family).toContain(family);
    }
    const accepted = sample(text, 'firmament_actions_total{game="dreams"}');
    expect(accepted).toBeGreaterThanOrEqual(20);
    // every accepted action was timed at both stages, players' and bots' alike
    expect(sample(text, 'firmament_action_latency_seconds_count{stage="stored"}')).toBe(accepted);
    expect(sample(text, 'firmament_action_latency_seconds_count{stage="pushed"}')).toBe(accepted);
    expect(sample(text, 'firmament_timer_moves_total{kind="bot"}')).toBeGreaterThan(0);
    expect(sample(text, 'firmament_tables{state="playing",game="dreams"}')).toBe(1);
    expect(sample(text, 'firmament_tables{state="lobby",game="dreamers"}')).toBe(0);
    expect(sample(text, "firmament_sockets_connected")).toBe(2);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    if (env.postgres) expect(sample(text, "firmament_postgres_query_seconds_count")).toBeGreaterThan(0);
    for (const client of t.clients) client.close();
  });

  it("are served on 127.0.0.1 by default, and only at /metrics", async () => {
    const url = env.server.metricsUrl as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await scrape(url.replace(/\/metrics$/, "/"))).status).toBe(404);
  });

  it("are not served on the public port", async () => {
    // the web client's page, as for any path that is not the API's
    expectNoMetrics(await http(env.server.url, "GET", "/metrics"));
    expectNoMetrics(await http(env.server.url, "GET", "/api/metrics"));
  });

  it("are neither kept nor served unless asked for", async () => {
    const plain = await startTestServer();
    try {
      expect(plain.server.metricsUrl).toBeNull();
      expectNoMetrics(await http(plain.server.url, "GET", "/metrics"));
    } finally {
      await plain.close();
    }
  });

  it("need the bearer token when one is set", async () => {
    const guarded = await startTestServer({ metrics: { port: 0, token: "s3cret-token" } });
    try {
      const url = guarded.server.metricsUrl as string;
      const without = await scrape(url);
      expect(without.status).toBe(401);
      expect(without.text).not.toContain("firmament_");
      expect((await scrape(url, "wrong")).status).toBe(401);
      const right = await scrape(url, "s3cret-token");
      expect(right.status).toBe(200);
      expect(right.text).toContain("# TYPE firmament_actions_total counter");
    } finally {
      await guarded.close();
    }
  });
});
