import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { openLocalSqliteStore } from "../store/sqlite-local";
import type { Store } from "../store/types";
import { hashToken } from "../tokens";
import { PUSH_LIMITS, registerPushRoutes } from "./routes";
import { createPlayingTable, humanSeat } from "./test-tables";

const TOKEN = "t".repeat(43);
/** What the test's DNS answers: allow-listed names that point inside the network, and one public. */
const DNS: Record<string, string[]> = {
  "fcm.googleapis.com": ["142.250.74.106"],
  "wns2-par02p.notify.windows.com": ["20.44.229.112"],
  "loopback.notify.windows.com": ["127.0.0.1"],
  "private.notify.windows.com": ["93.184.216.34", "10.1.2.3"],
  "metadata.notify.windows.com": ["169.254.169.254"],
  "linklocal6.notify.windows.com": ["fe80::1"],
  "mapped.notify.windows.com": ["::ffff:c0a8:101"],
  "ula.notify.windows.com": ["fd00::5"],
};

let dir: string;
let store: Store;
let app: FastifyInstance;
let signedIn: string | null;

const keys = () => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
};

const body = (over: Record<string, unknown> = {}) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString("hex")}`,
  keys: keys(),
  device: "device-aaaaaaaaaaaa",
  lang: "en",
  live: false,
  seats: [{ code: "TBWX23", token: TOKEN }],
  ...over,
});

const post = (payload: object) => app.inject({ method: "POST", url: "/api/push/subscriptions", payload });
const errorOf = async (payload: object) => {
  const res = await post(payload);
  return { status: res.statusCode, code: res.json().error?.code as string | undefined };
};

async function storedEndpoints(): Promise<string[]> {
  return (await store.pushTargets("TBWX23", 0)).map((t) => t.endpoint);
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "push-routes-"));
  store = await openLocalSqliteStore(dir);
  const clock = new ManualClock(1_800_000_000_000);
  await createPlayingTable(store, "TBWX23", clock.now(), [
    humanSeat(0, "Ada", hashToken(TOKEN), "acc-1"),
    humanSeat(1, "Bruno", "other"),
  ]);
  signedIn = null;
  app = Fastify();
  registerPushRoutes(app, {
    store,
    clock,
    publicKey: "BPublicKey",
    policy: {
      hosts: ["fcm.googleapis.com", "*.notify.windows.com"],
      extraOrigins: ["http://127.0.0.1:9999"],
      resolve: async (host) => DNS[host] ?? [],
    },
    accountOf: async () => signedIn,
    viewerOf: async () => signedIn,
  });
});

afterEach(async () => {
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a subscription", () => {
  it("of a known push service is stored for the guest's seat, and removed on request", async () => {
    const sub = body();
    const res = await post(sub);
    expect(res.statusCode).toBe(201);
    expect(await storedEndpoints()).toEqual([sub.endpoint]);
    const gone = await app.inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      payload: { endpoint: sub.endpoint },
    });
    expect(gone.statusCode).toBe(204);
    expect(await storedEndpoints()).toEqual([]);
    const again = await app.inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      payload: { endpoint: sub.endpoint },
    });
    expect(again.json().error.code).toBe("push/unknown");
  });

  it("is refused, and nothing stored, for anything but an https endpoint of a known service on a public address", async () => {
    const refusals: Array<[string, string]> = [
      ["http://fcm.googleapis.com/fcm/send/x", "push/not_https"],
      ["ftp://fcm.googleapis.com/x", "push/not_https"],
      ["https://fcm.googleapis.com:8443/x", "push/bad_endpoint"],
      ["https://user:pw@fcm.googleapis.com/x", "push/bad_endpoint"],
      ["not a url", "push/bad_endpoint"],
      ["https://evil.example.com/push", "push/unknown_service"],
      ["https://fcm.googleapis.com.evil.example.com/x", "push/unknown_service"],
      ["https://notify.windows.com.evil.example/x", "push/unknown_service"],
      ["https://127.0.0.1/x", "push/unknown_service"],
      ["https://[::1]/x", "push/unknown_service"],
      ["https://loopback.notify.windows.com/x", "push/internal_address"],
      ["https://private.notify.windows.com/x", "push/internal_address"],
      ["https://metadata.notify.windows.com/x", "push/internal_address"],
      ["https://linklocal6.notify.windows.com/x", "push/internal_address"],
      ["https://mapped.notify.windows.com/x", "push/internal_address"],
      ["https://ula.notify.windows.com/x", "push/internal_address"],
      ["https://unresolvable.notify.windows.com/x", "push/internal_address"],
      ["http://127.0.0.2:9999/push/1", "push/not_https"],
    ];
    for (const [endpoint, code] of refusals)
      expect({ endpoint, ...(await errorOf(body({ endpoint }))) }).toEqual({ endpoint, status: 400, code });
    expect(
      (await post(body({ endpoint: "https://wns2-par02p.notify.windows.com/w/?token=abc" }))).statusCode,
    ).toBe(201);
    expect((await post(body({ endpoint: "http://127.0.0.1:9999/push/1" }))).statusCode).toBe(201); // the configured test origin
    expect(await storedEndpoints()).toHaveLength(2);
  });

  it("is refused with keys of the wrong length, encoding or curve", async () => {
    const good = keys();
    const point = Buffer.from(good.p256dh, "base64url");
    const offCurve = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString("base64url");
    const compressed = Buffer.concat([Buffer.from([2]), point.subarray(1, 33), Buffer.alloc(32)]).toString(
      "base64url",
    );
    for (const bad of [
      { ...good, p256dh: point.subarray(0, 64).toString("base64url") },
      { ...good, p256dh: offCurve },
      { ...good, p256dh: compressed },
      { ...good, p256dh: `${good.p256dh.slice(0, -2)}+/` },
      { ...good, auth: randomBytes(15).toString("base64url") },
      { ...good, auth: randomBytes(17).toString("base64url") },
      { ...good, auth: "!!!!!!!!!!!!!!!!!!!!!!" },
    ])
      expect(await errorOf(body({ keys: bad }))).toEqual({ status: 400, code: "push/bad_key" });
    expect(await storedEndpoints()).toEqual([]);
  });

  it("needs a seat's right token, or a signed-in account", async () => {
    expect(await errorOf(body({ seats: [{ code: "TBWX23", token: "u".repeat(43) }] }))).toEqual({
      status: 403,
      code: "auth/bad_token",
    });
    expect(await errorOf(body({ seats: [] }))).toEqual({ status: 400, code: "push/nobody" });
    signedIn = "acc-1";
    expect((await post(body({ seats: [] }))).statusCode).toBe(201);
    expect(await storedEndpoints()).toHaveLength(1);
  });

  it("is refused past a few per device and per account", async () => {
    for (let i = 0; i < PUSH_LIMITS.perDevice; i++) expect((await post(body())).statusCode).toBe(201);
    expect(await errorOf(body())).toEqual({ status: 409, code: "push/too_many_for_device" });
    expect(await storedEndpoints()).toHaveLength(PUSH_LIMITS.perDevice);
    signedIn = "acc-1";
    const devices = Math.ceil(PUSH_LIMITS.perAccount / PUSH_LIMITS.perDevice) + 1;
    let stored = 0;
    for (let d = 0; d < devices; d++)
      for (let i = 0; i < PUSH_LIMITS.perDevice; i++) {
        const res = await post(body({ device: `account-device-${d}-xxxx`, seats: [] }));
        if (res.statusCode === 201) stored++;
        else expect(res.json().error.code).toBe("push/too_many_for_account");
      }
    expect(stored).toBe(PUSH_LIMITS.perAccount);
  });

  it("of a malformed shape is refused by its schema", async () => {
    expect(await errorOf(body({ lang: "xx" }))).toMatchObject({ status: 400 });
    expect(await errorOf(body({ device: "short" }))).toMatchObject({ status: 400 });
    expect(await errorOf({ ...body(), extra: 1 })).toMatchObject({ status: 400 });
    expect(await storedEndpoints()).toEqual([]);
  });
});

describe("away", () => {
  it("is an account's setting", async () => {
    const put = (away: boolean) => app.inject({ method: "PUT", url: "/api/push/away", payload: { away } });
    expect((await put(true)).json().error.code).toBe("auth/signed_out");
    signedIn = "acc-1";
    expect((await put(true)).json()).toEqual({ away: true });
    expect((await app.inject({ method: "GET", url: "/api/push/away" })).json()).toEqual({ away: true });
    expect(await store.pushAway("acc-1")).toBe(true);
  });

  it("and the account's subscriptions go with its deletion", async () => {
    signedIn = "acc-1";
    await post(body({ seats: [] }));
    await app.inject({ method: "PUT", url: "/api/push/away", payload: { away: true } });
    await store.deleteAccount("acc-1", 1, "Deleted player");
    expect(await store.pushAway("acc-1")).toBe(false);
    expect(await storedEndpoints()).toEqual([]);
  });
});
