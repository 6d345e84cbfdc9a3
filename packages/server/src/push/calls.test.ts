import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import type { PushSubscriptionRow } from "../store/push-types";
import { openLocalSqliteStore } from "../store/sqlite-local";
import type { Store } from "../store/types";
import { hashToken } from "../tokens";
import type { TurnCalls } from "../turn-calls";
import { createPushCalls, LIVE_HIDDEN_MS, type PushCalls } from "./calls";
import { LocalPushService, type LocalSubscription } from "./local-push-service";
import { sendPush } from "./sender";
import { createPlayingTable, humanSeat } from "./test-tables";
import { loadVapid, type Vapid } from "./vapid";

const HOUR = 3_600_000;
const TOKENS = ["a".repeat(43), "b".repeat(43)];

let dir: string;
let store: Store;
let clock: ManualClock;
let service: LocalPushService;
let vapid: Vapid;
let calls: PushCalls;
/** What the platform sees: the interface only. */
let turns: TurnCalls;

async function seatTable(code: string): Promise<void> {
  await createPlayingTable(
    store,
    code,
    clock.now(),
    ["Ada", "Bruno"].map((name, seat) => humanSeat(seat, name, hashToken(TOKENS[seat] as string))),
    hashToken("h".repeat(43)),
  );
}

/** A guest device subscribed for seat `seat` of `code`. */
async function subscribe(
  code: string,
  seat: number,
  extra: Partial<PushSubscriptionRow> = {},
): Promise<LocalSubscription> {
  const sub = service.subscribe();
  const refused = await store.savePushSubscription(
    {
      endpoint: sub.endpoint,
      ...sub.keys,
      device: `device-${sub.endpoint.slice(-12)}`,
      accountId: null,
      lang: "en",
      live: false,
      createdAt: clock.now(),
      ...extra,
    },
    [{ code, tokenHash: hashToken(TOKENS[seat] as string) }],
    { perDevice: 3, perAccount: 10 },
  );
  expect(refused).toBeNull();
  return sub;
}

const payloadOf = (sub: LocalSubscription) => service.for(sub.endpoint).map((r) => JSON.parse(r.payload));

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "push-calls-"));
  store = await openLocalSqliteStore(dir);
  clock = new ManualClock(1_800_000_000_000);
  service = await new LocalPushService().start();
  vapid = await loadVapid({ subject: "mailto:ops@example.org" }, { store, clock });
  calls = createPushCalls({
    store,
    clock,
    log: pino({ level: "silent" }),
    vapid,
    trustedOrigins: [service.origin],
  });
  turns = calls;
  await seatTable("TBWX23");
});

afterEach(async () => {
  calls.close();
  await service.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a turn-based move", () => {
  it("is made by the process that resumes the table when its last owner claimed it and died before sending", async () => {
    const bruno = await subscribe("TBWX23", 1);
    const deadlineAt = clock.now() + 23 * HOUR;
    // the last owner's claim, never marked sent
    expect(await store.claimPushCall("TBWX23", 1, "move", deadlineAt, clock.now())).toBe(true);
    turns.moveStarted("TBWX23", 1, deadlineAt); // a new turn's call would not take another's claim
    await calls.settled();
    expect(payloadOf(bruno)).toHaveLength(0);
    turns.moveStarted("TBWX23", 1, deadlineAt, true); // the adopting process
    await calls.settled();
    expect(payloadOf(bruno)).toHaveLength(1);
    turns.moveStarted("TBWX23", 1, deadlineAt, true); // sent now: a later resume makes none
    await calls.settled();
    expect(payloadOf(bruno)).toHaveLength(1);
  });

  it("calls a hidden player once, encrypted and signed, with only the game, the others and the time", async () => {
    const ada = await subscribe("TBWX23", 0);
    const bruno = await subscribe("TBWX23", 1);
    turns.moveStarted("TBWX23", 1, clock.now() + 23 * HOUR + 20 * 60_000);
    turns.moveStarted("TBWX23", 1, clock.now() + 23 * HOUR + 20 * 60_000); // the same turn again
    await calls.settled();
    expect(service.refused).toEqual([]);
    expect(service.for(ada.endpoint)).toEqual([]);
    const [received, ...more] = service.for(bruno.endpoint);
    expect(more).toEqual([]);
    expect(JSON.parse(received?.payload ?? "")).toEqual({
      v: 1,
      title: "Your move in Dreamers with Ada — 23 h left",
      body: "Open the table to play.",
      url: "/t/TBWX23",
      tag: "table-TBWX23",
      lang: "en",
    });
    expect(received?.vapidKey).toBe(vapid.publicKey);
    expect(received?.claims).toMatchObject({ aud: service.origin, sub: "mailto:ops@example.org" });
    expect(received?.ttl).toBe(84_000); // until the deadline
    expect(received?.urgency).toBe("normal");
    expect(received?.topic).toBe("tableTBWX23");
  });

  it("does not call while the table is on the player's screen, and calls once it is hidden (the reminder)", async () => {
    const bruno = await subscribe("TBWX23", 1);
    const deadline = clock.now() + 10 * HOUR;
    calls.visibility.report("conn-1", "TBWX23", 1, true, clock.now());
    turns.moveStarted("TBWX23", 1, deadline);
    await calls.settled();
    expect(service.for(bruno.endpoint)).toEqual([]);
    calls.visibility.report("conn-1", "TBWX23", 1, false, clock.now());
    clock.advance(9 * HOUR);
    turns.reminder("TBWX23", 1, deadline);
    turns.reminder("TBWX23", 1, deadline);
    await calls.settled();
    const received = service.for(bruno.endpoint);
    expect(received.map((r) => JSON.parse(r.payload).title)).toEqual([
      "Still your move in Dreamers with Ada — 1 h left",
    ]);
    expect(received[0]?.urgency).toBe("high");
    expect(received[0]?.ttl).toBe(3600);
  });

  it("speaks the device's language", async () => {
    const bruno = await subscribe("TBWX23", 1, { lang: "de" });
    turns.moveStarted("TBWX23", 1, clock.now() + 3 * 24 * HOUR);
    await calls.settled();
    expect(payloadOf(bruno).map((p) => p.title)).toEqual(["Du bist am Zug in Dreamers mit Ada — noch 3 Tg."]);
  });

  it("drops a subscription the push service says is gone (410), keeping the others", async () => {
    const gone = await subscribe("TBWX23", 1);
    const kept = await subscribe("TBWX23", 1);
    service.answer(gone.endpoint, 410);
    turns.moveStarted("TBWX23", 1, clock.now() + HOUR);
    await calls.settled();
    const left = await store.pushTargets("TBWX23", 1);
    expect(left.map((t) => t.endpoint)).toEqual([kept.endpoint]);
    expect(payloadOf(kept)).toHaveLength(1);
  });

  it("pauses an away account's calls, not anyone else's", async () => {
    await createPlayingTable(store, "TBWX24", clock.now(), [
      humanSeat(0, "Ada", "t0", "acc-ada"),
      { seat: 1, colour: null, name: "Bot", kind: "bot", level: "easy", tokenHash: null },
    ]);
    const device = service.subscribe();
    await store.savePushSubscription(
      {
        endpoint: device.endpoint,
        ...device.keys,
        device: "ada-phone-000000",
        accountId: "acc-ada",
        lang: "fr",
        live: false,
        createdAt: clock.now(),
      },
      [],
      { perDevice: 3, perAccount: 10 },
    );
    await store.setPushAway("acc-ada", true, clock.now());
    turns.moveStarted("TBWX24", 0, clock.now() + HOUR);
    await calls.settled();
    expect(payloadOf(device)).toEqual([]);
    await store.setPushAway("acc-ada", false, clock.now());
    turns.moveStarted("TBWX24", 0, clock.now() + 2 * HOUR);
    await calls.settled();
    expect(payloadOf(device).map((p) => p.title)).toEqual([
      "À vous de jouer à Dreamers avec Bot — encore 2 h",
    ]);
  });
});

describe("a live move", () => {
  it("calls the devices that asked, once the page has been hidden 20 s into the move", async () => {
    const asked = await subscribe("TBWX23", 0, { live: true });
    const notAsked = await subscribe("TBWX23", 0);
    calls.visibility.report("conn-1", "TBWX23", 0, false, clock.now());
    turns.moveStarted("TBWX23", 0, null);
    clock.advance(LIVE_HIDDEN_MS - 1);
    await calls.settled();
    expect(payloadOf(asked)).toEqual([]);
    clock.advance(1);
    await calls.settled();
    expect(payloadOf(asked).map((p) => p.title)).toEqual(["Your move in Dreamers with Bruno"]);
    expect(service.for(asked.endpoint)[0]).toMatchObject({ ttl: 60, urgency: "high" });
    expect(payloadOf(notAsked)).toEqual([]);
  });

  it("does not call a player who looked at the table during those 20 s", async () => {
    const asked = await subscribe("TBWX23", 0, { live: true });
    calls.visibility.report("conn-1", "TBWX23", 0, false, clock.now());
    turns.moveStarted("TBWX23", 0, null);
    clock.advance(5000);
    calls.visibility.report("conn-1", "TBWX23", 0, true, clock.now());
    clock.advance(1000);
    calls.visibility.report("conn-1", "TBWX23", 0, false, clock.now());
    clock.advance(LIVE_HIDDEN_MS);
    await calls.settled();
    expect(payloadOf(asked)).toEqual([]);
  });
});

describe("VAPID keys", () => {
  it("are made once and kept in the database; a given pair must be complete", async () => {
    const again = await loadVapid({}, { store, clock }, "https://play.example.org/");
    expect(again).toEqual({ ...vapid, subject: "https://play.example.org" });
    await expect(loadVapid({ publicKey: vapid.publicKey }, { store, clock })).rejects.toThrow(/go together/);
    await expect(loadVapid({ subject: "ops@example.org" }, { store, clock })).rejects.toThrow(/mailto/);
  });
});

describe("sending", () => {
  it("never connects to an internal address, whatever the stored endpoint's host resolves to now", async () => {
    let connections = 0;
    const listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const port = (listener.address() as { port: number }).port;
    const device = service.subscribe();
    const result = await sendPush(
      {
        endpoint: `https://localhost:${port}/push/x`,
        ...device.keys,
        device: "d",
        accountId: null,
        lang: "en",
        live: false,
        createdAt: 0,
      },
      { payload: "{}", ttl: 60, urgency: "normal", topic: "t" },
      vapid,
      [],
    );
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    expect(result).toBe("failed");
    expect(connections).toBe(0);
  });
});
