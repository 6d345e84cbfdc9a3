/**
 * The metrics of a cluster's process (PostgreSQL and Redis of the machine, a channel prefix of the
 * test's own): Redis commands and PostgreSQL queries are timed, and a table whose owner went away is
 * counted as adopted, with its adoption time.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, REDIS_URL } from "./cluster-helpers";
import { seatTable, startTestServer, type TestServer } from "./helpers";
import { promtool, sample } from "./prometheus-text";
import { until } from "./until";

let database: Awaited<ReturnType<typeof freshDatabase>>;
const servers: TestServer[] = [];
const clusterName = `test-metrics-${randomBytes(4).toString("hex")}`;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await database?.drop();
});

async function clusterProcess(metrics: boolean): Promise<TestServer> {
  const server = await startTestServer({
    databaseUrl: database.url,
    redisUrl: REDIS_URL,
    clusterName,
    ...(metrics && { metrics: { port: 0 } }),
  });
  servers.push(server);
  return server;
}

describe("a cluster process's metrics", () => {
  it("count the adoption of a table whose owner left, and time Redis and PostgreSQL", async () => {
    const first = await clusterProcess(false);
    const t = await seatTable(first.server.url, 1, { bots: 3 });
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view !== null, 10_000, "the first view");
    t.host.close();
    // it hands its leases back: the game in progress is orphaned until another process adopts it
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    const second = await clusterProcess(true);
    const url = second.server.metricsUrl as string;
    const text = await until(
      "the table adopted",
      async () => {
        const scraped = await (await fetch(url)).text();
        return sample(scraped, 'firmament_table_handovers_total{kind="adopted"}') >= 1 && scraped;
      },
      15_000,
      100,
    );
    expect(promtool(text)).toEqual({ status: 0, output: "" });
    expect(sample(text, "firmament_table_adoption_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'firmament_tables{state="playing",game="dreams"}')).toBe(1);
    expect(sample(text, "firmament_redis_command_seconds_count")).toBeGreaterThan(0);
    expect(sample(text, "firmament_redis_errors_total")).toBe(0);
    expect(sample(text, "firmament_postgres_query_seconds_count")).toBeGreaterThan(0);
    expect(sample(text, 'firmament_postgres_errors_total{kind="connection"}')).toBe(0);
  });
});
