/**
 * Calls when it is your move, through the running server: a guest's subscription by the HTTP route, the
 * seat's page visibility by its socket, the calls made through the server's `TurnCalls` and received,
 * decrypted, by a local push service; the VAPID key kept across a restart (SQLite, and PostgreSQL in the
 * integration-postgres project).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalPushService } from "../src/push/local-push-service";
import { http, joinTable, startTestServer, TestClient, type TestServer } from "./helpers";

let service: LocalPushService;
let ts: TestServer;
const clients: TestClient[] = [];

beforeAll(async () => {
  service = await new LocalPushService().start();
  ts = await startTestServer({ push: { extraOrigins: [service.origin] } });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await ts.close();
  await service.close();
});

async function seatedTable() {
  const base = ts.server.url;
  const created = await http<{ code: string }>(base, "POST", "/api/tables", {
    game: "dreamers",
    visibility: "private",
    timer: "off",
  });
  const { code } = created.body;
  const p0 = await joinTable(base, code, 0);
  const p1 = await joinTable(base, code, 1);
  return { base, code, p0, p1 };
}

async function subscribeGuest(base: string, code: string, token: string) {
  const device = service.subscribe();
  const res = await http(base, "POST", "/api/push/subscriptions", {
    endpoint: device.endpoint,
    keys: device.keys,
    device: `dev-${device.endpoint.slice(-16).replace(/[^A-Za-z0-9]/g, "x")}`,
    lang: "en",
    live: false,
    seats: [{ code, token }],
  });
  expect(res.status).toBe(201);
  return device;
}

async function seatClient(code: string, token: string): Promise<TestClient> {
  const client = new TestClient(ts.server.url);
  clients.push(client);
  await client.attach(code, token);
  return client;
}

const titles = (endpoint: string) => service.for(endpoint).map((r) => JSON.parse(r.payload).title as string);

describe("calls through the server", () => {
  it("are not made while the seat's page shows the table, and are once it is hidden", async () => {
    const { base, code, p1 } = await seatedTable();
    const device = await subscribeGuest(base, code, p1.token);
    const client = await seatClient(code, p1.token);
    expect(await client.emit("visibility", { visible: true })).toEqual({ ok: true });
    const calls = ts.server.push.calls;
    calls.moveStarted(code, p1.seat, Date.now() + 5.5 * 3_600_000);
    await calls.settled();
    expect(titles(device.endpoint)).toEqual([]);
    expect(await client.emit("visibility", { visible: false })).toEqual({ ok: true });
    calls.moveStarted(code, p1.seat, Date.now() + 5.5 * 3_600_000 + 1);
    await calls.settled();
    expect(titles(device.endpoint)).toEqual(["Your move in Dreamers with P0 — 5 h left"]);
    expect(service.refused).toEqual([]);
  });

  it("count a closed page as hidden", async () => {
    const { base, code, p1 } = await seatedTable();
    const device = await subscribeGuest(base, code, p1.token);
    const client = await seatClient(code, p1.token);
    await client.emit("visibility", { visible: true });
    client.close();
    const calls = ts.server.push.calls;
    await expect
      .poll(async () => {
        calls.moveStarted(code, p1.seat, 2_000_000_000_000 + titles(device.endpoint).length);
        await calls.settled();
        return titles(device.endpoint).length;
      })
      .toBeGreaterThan(0);
  });

  it("take a page's visibility only from a seat", async () => {
    const { code } = await seatedTable();
    const spectator = new TestClient(ts.server.url);
    clients.push(spectator);
    await spectator.attach(code);
    const ack = await spectator.emit<{ ok: boolean; error?: { code: string } }>("visibility", {
      visible: true,
    });
    expect(ack.error?.code).toBe("table/not_attached");
    const bad = await spectator.emit<{ ok: boolean; error?: { code: string } }>("visibility", {
      visible: "yes",
    });
    expect(bad.ok).toBe(false);
  });

  it("keep one VAPID key across a restart", async () => {
    const before = await http<{ publicKey: string }>(ts.server.url, "GET", "/api/push/key");
    expect(Buffer.from(before.body.publicKey, "base64url")).toHaveLength(65);
    await ts.server.close();
    ts = await startTestServer({ sameDataAs: ts, push: { extraOrigins: [service.origin] } });
    const after = await http<{ publicKey: string }>(ts.server.url, "GET", "/api/push/key");
    expect(after.body.publicKey).toBe(before.body.publicKey);
  });
});
