/**
 * Per-address and per-table limits on the realtime channel: open connections per address, spectators
 * per table, failed hellos per address; and presence changes pushed in batches. Each refusal is a
 * clear error to that client alone and changes nothing.
 */
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock";
import { PRESENCE_BATCH_MS } from "../src/live-table";
import type { TableInfo } from "../src/protocol";
import { createTable, eventually, http, joinTable, startTestServer, TestClient } from "./helpers";

type Ack = { ok: boolean; error?: { code: string; message: string } };

describe("connections per address", () => {
  let env: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    env = await startTestServer({ maxConnectionsPerAddress: 3 });
  });
  afterAll(async () => env?.close());

  it("refuses a connection over the cap with rate/too_many_connections, and admits again once one closes", async () => {
    const clients = [0, 1, 2].map(() => new TestClient(env.server.url));
    await Promise.all(clients.map((c) => c.connected()));
    const extra = new TestClient(env.server.url);
    const error = (await extra.connected().then(
      () => null,
      (e: Error & { data?: { code: string } }) => e,
    )) as (Error & { data?: { code: string; message: string } }) | null;
    expect(error?.message).toBe("rate/too_many_connections");
    expect(error?.data?.code).toBe("rate/too_many_connections");
    expect(error?.data?.message).toMatch(/too many open connections/i);
    extra.close();

    clients[0]?.close();
    // admitted once the server has seen the connection close
    let again: TestClient | null = null;
    await eventually(async () => {
      const next = new TestClient(env.server.url);
      const admitted = await next.connected().then(
        () => true,
        () => false,
      );
      if (admitted) again = next;
      else next.close();
      return admitted;
    }, "a connection admitted again");
    for (const c of [...clients, again]) c?.close();
  });
});

describe("spectators per table", () => {
  let env: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    env = await startTestServer({ maxSpectatorsPerTable: 2 });
  });
  afterAll(async () => env?.close());

  it("refuses one spectator too many with table/too_many_spectators; players still get in", async () => {
    const base = env.server.url;
    const table = await createTable(base, { seats: 3 });
    const joined = await joinTable(base, table.code, 0, table.hostToken);
    const watchers = [new TestClient(base), new TestClient(base)];
    for (const w of watchers) await w.attach(table.code);
    const before = (await http<TableInfo>(base, "GET", `/api/tables/${table.code}`)).body;
    expect(before.spectators).toBe(2);

    const third = new TestClient(base);
    await third.connected();
    const refused = await third.emit<Ack>("hello", { code: table.code });
    expect(refused.ok).toBe(false);
    expect(refused.error?.code).toBe("table/too_many_spectators");
    expect((await http<TableInfo>(base, "GET", `/api/tables/${table.code}`)).body).toEqual(before);

    const player = new TestClient(base);
    expect((await player.attach(table.code, joined.token)).seat).toBe(0);

    watchers[0]?.close();
    const spectators = async () =>
      (await http<TableInfo>(base, "GET", `/api/tables/${table.code}`)).body.spectators;
    await eventually(async () => (await spectators()) === 1, "the server to see the spectator leave");
    expect((await third.emit<Ack>("hello", { code: table.code })).ok).toBe(true);
    for (const c of [...watchers, third, player]) c.close();
  });
});

describe("failed hellos per address", () => {
  let env: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    env = await startTestServer({ failedHellosPerMinute: 3 });
  });
  afterAll(async () => env?.close());

  it("after the budget of wrong tokens and unknown tables, hellos get rate/too_many_failed_hellos", async () => {
    const base = env.server.url;
    const table = await createTable(base, { seats: 3 });
    const joined = await joinTable(base, table.code, 0);
    const client = new TestClient(base);
    await client.connected();
    const wrong = "A".repeat(43);
    expect((await client.emit<Ack>("hello", { code: table.code, token: wrong })).error?.code).toBe(
      "auth/bad_token",
    );
    expect((await client.emit<Ack>("hello", { code: table.code, hostToken: wrong })).error?.code).toBe(
      "auth/bad_host_token",
    );
    expect((await client.emit<Ack>("hello", { code: "ZZZZZZ" })).error?.code).toBe("table/unknown");
    // A fresh connection from the same address does not get a fresh budget.
    const other = new TestClient(base);
    await other.connected();
    const blocked = await other.emit<Ack>("hello", { code: table.code, token: joined.token });
    expect(blocked.ok).toBe(false);
    expect(blocked.error?.code).toBe("rate/too_many_failed_hellos");
    const info = (await http<TableInfo>(base, "GET", `/api/tables/${table.code}`)).body;
    expect(info.seats[0]?.connected).toBe(false);
    expect(info.spectators).toBe(0);
    client.close();
    other.close();
  });
});

describe("presence pushes", () => {
  let env: Awaited<ReturnType<typeof startTestServer>>;
  /** Batched pushes go out when the test moves the server's time on. */
  const clock = new ManualClock();
  beforeAll(async () => {
    env = await startTestServer({ clock });
  });
  afterAll(async () => env?.close());

  it("a crowd of spectators arriving at once is announced in a few batched table pushes", async () => {
    const base = env.server.url;
    const table = await createTable(base, { seats: 3 });
    const joined = await joinTable(base, table.code, 0);
    const player = new TestClient(base);
    await player.attach(table.code, joined.token);
    clock.advance(PRESENCE_BATCH_MS);
    await player.waitFor(() => player.table?.seats[0]?.connected === true, 5000, "the player's presence");
    await player.flush();
    const crowd = Array.from({ length: 20 }, () => new TestClient(base));
    await Promise.all(crowd.map((c) => c.connected()));
    const seen = player.frames.filter((f) => f.event === "table").length;
    await Promise.all(crowd.map((c) => c.attach(table.code)));
    clock.advance(PRESENCE_BATCH_MS);
    await player.waitFor(() => player.table?.spectators === 20, 10_000, "20 spectators");
    clock.advance(PRESENCE_BATCH_MS); // any push still batched goes out
    await Promise.all([...crowd, player].map((c) => c.flush()));
    const pushes = player.frames.filter((f) => f.event === "table").length - seen;
    // One push per arrival would be 20 (and 20 × 21 / 2 frames over the whole crowd).
    expect(pushes).toBeGreaterThanOrEqual(1);
    expect(pushes).toBeLessThanOrEqual(5);
    const crowdFrames = crowd.reduce((n, c) => n + c.frames.filter((f) => f.event === "table").length, 0);
    expect(crowdFrames).toBeLessThanOrEqual(20 * 5);
    for (const c of crowd) expect(c.table?.spectators ?? 20).toBe(20);
    for (const c of [...crowd, player]) c.close();
  });
});

describe("connections per address behind a trusted proxy", () => {
  let env: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    env = await startTestServer({ maxConnectionsPerAddress: 2, trustProxy: 1 });
  });
  afterAll(async () => env?.close());

  const open = (forwardedFor: string) =>
    new Promise<{ ok: boolean; close: () => void }>((resolve) => {
      const socket = connect(env.server.url, {
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
        extraHeaders: { "x-forwarded-for": forwardedFor },
      });
      socket.on("connect", () => resolve({ ok: true, close: () => socket.close() }));
      socket.on("connect_error", () => resolve({ ok: false, close: () => socket.close() }));
    });

  it("counts the address the proxy added, whatever the client wrote before it, and IPv6 per /64", async () => {
    const spoofed = await Promise.all(
      [1, 2, 3].map((i) => open(`203.0.113.${i}, 198.51.100.${i}, 192.0.2.7`)),
    );
    expect(spoofed.filter((c) => c.ok).length).toBe(2);
    const v6 = await Promise.all([1, 2, 3].map((i) => open(`2001:db8:7:8::${i}`)));
    expect(v6.filter((c) => c.ok).length).toBe(2);
    const elsewhere = await open("192.0.2.8");
    expect(elsewhere.ok).toBe(true);
    for (const c of [...spoofed, ...v6, elsewhere]) c.close();
  });
});
