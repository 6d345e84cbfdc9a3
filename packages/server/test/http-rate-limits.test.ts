/**
 * Floods over HTTP from one address are refused before they touch the store: table creations and
 * joins, and lookups of tables by code; a client cannot escape the limit by naming its own address.
 */
import { describe, expect, it } from "vitest";
import { http, startTestServer } from "./helpers";

const PUBLIC_TABLE = { game: "dreams", seats: 3, visibility: "public", timer: "off", deck: "standard" };

/** Creates a public table claiming to come through proxies as `forwardedFor`; the HTTP status. */
async function createFrom(url: string, forwardedFor: string): Promise<number> {
  const response = await fetch(`${url}/api/tables`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify(PUBLIC_TABLE),
  });
  await response.arrayBuffer();
  return response.status;
}

describe("HTTP rate limits", () => {
  it("rate-limits floods of table creations from one address", async () => {
    const local = await startTestServer({ postsPerSecond: 1 });
    try {
      const startedAt = performance.now();
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          http<{ error?: { code: string } }>(local.server.url, "POST", "/api/tables", PUBLIC_TABLE),
        ),
      );
      const seconds = (performance.now() - startedAt) / 1000;
      const created = results.filter((r) => r.status === 201).length;
      // A burst of 6, then 1 a second.
      expect(created).toBeGreaterThanOrEqual(6);
      expect(created).toBeLessThanOrEqual(6 + Math.ceil(seconds));
      const limited = results.filter((r) => r.status === 429);
      expect(limited.length).toBe(20 - created);
      expect(limited[0]?.body.error?.code).toBe("rate/limited");
      const listed = await http<{ tables: unknown[] }>(local.server.url, "GET", "/api/tables");
      expect(listed.body.tables.length).toBe(created);
    } finally {
      await local.close();
    }
  });

  it("does not let a client pick its own address with X-Forwarded-For to escape the rate limit", async () => {
    const local = await startTestServer({ postsPerSecond: 1 });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => createFrom(local.server.url, `203.0.113.${i + 1}`)),
      );
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    } finally {
      await local.close();
    }
  });

  it("behind one trusted proxy, a spoofed X-Forwarded-For chain does not escape the rate limit", async () => {
    const local = await startTestServer({ postsPerSecond: 1, trustProxy: 1 });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          // what the client wrote, then what the (one trusted) proxy appended: the real peer
          createFrom(local.server.url, `203.0.113.${i + 1}, 198.51.100.${i % 2}, 192.0.2.7`),
        ),
      );
      // all 20 count against 192.0.2.7: a burst of 6, then 1 a second
      expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(8);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(12);
      // a different real client behind the same proxy has its own budget
      expect(await createFrom(local.server.url, "192.0.2.7, 192.0.2.99")).toBe(201);
    } finally {
      await local.close();
    }
  });

  it("counts IPv6 clients per /64, so changing the low 64 bits does not escape the rate limit", async () => {
    const local = await startTestServer({ postsPerSecond: 1, trustProxy: 1 });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          createFrom(local.server.url, `2001:db8:5:6::${(i + 1).toString(16)}`),
        ),
      );
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(12);
    } finally {
      await local.close();
    }
  });

  it("rate-limits lookups of tables by code, so private codes cannot be found by trying them", async () => {
    const local = await startTestServer({ postsPerSecond: 1 });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 30 }, () =>
          fetch(`${local.server.url}/api/tables/ABCDEF`).then((r) => r.status),
        ),
      );
      // A burst of 12 (2 a second, bursts of 6×), then refused.
      expect(statuses.filter((s) => s === 404).length).toBeGreaterThanOrEqual(12);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    } finally {
      await local.close();
    }
  });
});
