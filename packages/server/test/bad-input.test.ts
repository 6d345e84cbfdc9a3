/**
 * Bad input gets a clear error to that client alone and changes nothing: malformed and oversized
 * messages, floods, actions for another seat or out of turn, stale actions, unknown tables, wrong
 * tokens, markup in names and chat, over-long names and chat.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock";
import { PRESENCE_BATCH_MS } from "../src/live-table";
import type { TableInfo } from "../src/protocol";
import { createTable, http, joinTable, seatTable, startTestServer, TestClient } from "./helpers";

type Ack = { ok: boolean; error?: { code: string; message: string }; version?: number };

let env: Awaited<ReturnType<typeof startTestServer>>;
let base: string;
let game: Awaited<ReturnType<typeof seatTable>>;
/** The server's time: it moves only when `quiet` moves it (chat limits refill, presence pushes go out). */
const clock = new ManualClock();

beforeAll(async () => {
  // Bots wait long enough that nothing moves unless a test makes it move.
  env = await startTestServer({ botDelayMs: 60_000, clock });
  base = env.server.url;
  game = await seatTable(base, 3);
  expect((await game.host.emit("start", {})).ok).toBe(true);
  await Promise.all(game.clients.map((c) => c.waitFor(() => c.view !== null)));
});
afterAll(async () => {
  for (const c of game?.clients ?? []) c.close();
  await env?.close();
});

/**
 * Lets the server's time move on 5 s (batched presence pushes go out, chat limits refill; no seat is
 * due: bots wait a minute, every player is here) and waits until every client has what it was sent.
 */
async function quiet() {
  clock.advance(5000);
  await Promise.all(game.clients.map((c) => c.flush()));
}

/** Runs `bad` from `who` and checks that nothing changed and nobody else heard of it. */
async function unchanged(who: TestClient, bad: () => Promise<void>) {
  await quiet(); // let earlier pushes arrive
  const others = game.clients.filter((c) => c !== who);
  const counts = others.map((c) => c.frames.length);
  const version = game.host.view?.version;
  const table = JSON.stringify((await http<TableInfo>(base, "GET", `/api/tables/${game.code}`)).body);
  await bad();
  await Promise.all(others.map((c) => c.flush()));
  expect(others.map((c) => c.frames.length)).toEqual(counts);
  expect(game.host.view?.version).toBe(version);
  const stored = await env.server.service.storedMatch(game.code, 1);
  expect(stored?.actions.length).toBe(version);
  expect(JSON.stringify((await http<TableInfo>(base, "GET", `/api/tables/${game.code}`)).body)).toBe(table);
}

const turnSeat = () => game.host.view?.view.turn as number;
const clientOf = (seat: number) => game.clients[seat] as TestClient;

describe("bad input over the socket", () => {
  it("refuses malformed messages with input/malformed", async () => {
    const c = clientOf(0);
    await unchanged(c, async () => {
      for (const payload of [
        "place a star",
        42,
        null,
        [],
        { action: { type: "fly" }, round: 1 },
        { action: { type: "place_star", kind: "clear", x: "0.5", y: 0.5 }, round: 1 },
        { action: { type: "place_star", kind: "clear", x: 0.5, y: 0.5 }, round: 1, extra: true },
      ]) {
        const ack = await c.emit<Ack>("action", payload);
        expect(ack.ok).toBe(false);
        expect(ack.error?.code).toMatch(/^input\/(malformed|invalid)$/);
        expect(ack.error?.message.length).toBeGreaterThan(3);
      }
      const two = await c.emit<Ack>("chat", { text: "a" }, { text: "b" });
      expect(two.error?.code).toBe("input/malformed");
      const unknown = await c.emit<Ack>("teleport", {});
      expect(unknown.error?.code).toBe("input/unknown_event");
      const nonFinite = await c.emit<Ack>("action", {
        action: { type: "place_star", kind: "clear", x: Number.POSITIVE_INFINITY, y: 0.5 },
        round: 1,
      });
      expect(nonFinite.ok).toBe(false);
    });
  });

  it("answers a message sent without an ack with an error push to that client only", async () => {
    const c = clientOf(1);
    await unchanged(c, async () => {
      const before = c.frames.length;
      c.socket.emit("action", { nonsense: true });
      await c.waitFor(() => c.frames.slice(before).some((f) => f.event === "error"), 5000);
      const frame = c.frames.slice(before).find((f) => f.event === "error");
      expect(frame?.payload).toMatchObject({ code: "input/malformed" });
    });
  });

  it("refuses binary payloads with a clear input/malformed, for every event", async () => {
    const c = clientOf(0);
    await unchanged(c, async () => {
      for (const event of ["start", "play_again", "leave", "chat", "action", "hello"]) {
        for (const payload of [Buffer.from("hi"), { text: Buffer.from([1, 2, 3]) }, [new Uint8Array(4)]]) {
          const ack = await c.emit<Ack>(event, payload);
          expect(ack.ok).toBe(false);
          expect(ack.error?.code).toBe("input/malformed");
          expect(ack.error?.message).toMatch(/binary/i);
          // Not Buffer's method names, as zod would list them.
          expect(ack.error?.message).not.toMatch(/readUInt|toJSON|swap16/);
        }
      }
    });
  });

  it("refuses text that is not well-formed UTF-16 anywhere in a message", async () => {
    const c = clientOf(2);
    await unchanged(c, async () => {
      const chat = await c.emit<Ack>("chat", { text: "Ada\ud800" });
      expect(chat.error?.code).toBe("input/invalid");
      expect(chat.error?.message).toMatch(/well-formed/);
      const action = await c.emit<Ack>("action", {
        action: { type: "place_star", kind: "clear\udc00", x: 0.5, y: 0.5 },
        round: 1,
      });
      expect(action.error?.code).toBe("input/invalid");
      const key = await c.emit<Ack>("action", { action: { type: "ready", "\ud800": 1 }, round: 1 });
      expect(key.error?.code).toBe("input/invalid");
    });
  });

  it("refuses oversized messages with input/too_large", async () => {
    const c = clientOf(0);
    await unchanged(c, async () => {
      const ack = await c.emit<Ack>("chat", { text: "x".repeat(5000) });
      expect(ack.error?.code).toBe("input/too_large");
      const junk = await c.emit<Ack>("action", {
        action: { type: "ready", pad: "y".repeat(8000) },
        round: 1,
      });
      expect(junk.error?.code).toBe("input/too_large");
    });
  });

  it("rate-limits floods per connection", async () => {
    const flooder = new TestClient(base);
    await flooder.attach(game.code);
    const started = performance.now();
    const acks = await Promise.all(
      Array.from({ length: 80 }, () => flooder.emit<Ack>("chat", { text: "spam" })),
    );
    const seconds = (performance.now() - started) / 1000;
    const limited = acks.filter((a) => a.error?.code === "rate/limited").length;
    // A burst of 30, then 10 a second: at most that many got through, however slow this machine is.
    expect(limited).toBeGreaterThanOrEqual(80 - 30 - Math.ceil(10 * seconds));
    expect(limited).toBeGreaterThan(0);
    // Spectators may not chat anyway: nothing was said, nobody heard anything.
    expect(acks.every((a) => !a.ok)).toBe(true);
    expect(
      game.host.frames.filter((f) => f.event === "chat" && (f.payload as { text: string }).text === "spam"),
    ).toEqual([]);
    // Another connection is not affected.
    const other = await clientOf(1).emit<Ack>("chat", { text: "still here" });
    expect(other.ok).toBe(true);
    flooder.close();
  });

  it("rate-limits chat per seat, however many connections the seat opens", async () => {
    const second = new TestClient(base);
    await second.attach(game.code, game.tokens[2]);
    const started = performance.now();
    const acks = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? second : clientOf(2)).emit<Ack>("chat", { text: `flood ${i}` }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const accepted = acks.filter((a) => a.ok).length;
    // A burst of 5, then 1 a second.
    expect(accepted).toBeGreaterThanOrEqual(5);
    expect(accepted).toBeLessThanOrEqual(5 + Math.ceil(seconds));
    expect(acks.filter((a) => a.error?.code === "rate/limited").length).toBe(12 - accepted);
    const other = await clientOf(1).emit<Ack>("chat", { text: "my turn to talk" });
    expect(other.ok).toBe(true);
    second.close();
  });

  it("refuses actions for another seat, out of turn, stale, from spectators", async () => {
    const turn = turnSeat();
    const other = (turn + 1) % 3;
    const round = game.host.view?.view.round as number;
    const star = { type: "place_star", kind: "gray", x: 0.5, y: 0.5 };
    await unchanged(clientOf(other), async () => {
      const forTurn = await clientOf(other).emit<Ack>("action", { action: { ...star, seat: turn }, round });
      expect(forTurn.error?.code).toBe("action/not_your_seat");
      const outOfTurn = await clientOf(other).emit<Ack>("action", { action: star, round });
      expect(outOfTurn.error?.code).toBe("action/not_your_turn");
    });
    await unchanged(clientOf(turn), async () => {
      const stale = await clientOf(turn).emit<Ack>("action", { action: star, round: round + 1 });
      expect(stale.error?.code).toBe("action/stale");
      const staleGame = await clientOf(turn).emit<Ack>("action", { action: star, round, game: 7 });
      expect(staleGame.error?.code).toBe("action/stale");
      const staleVersion = await clientOf(turn).emit<Ack>("action", { action: star, round, version: 999 });
      expect(staleVersion.error?.code).toBe("action/stale");
      const outside = await clientOf(turn).emit<Ack>("action", { action: { ...star, x: 1.5 }, round });
      expect(outside.error?.code).toBe("star/outside_firmament");
      const wrongPhase = await clientOf(turn).emit<Ack>("action", { action: { type: "ready" }, round });
      expect(wrongPhase.error?.code).toBe("action/wrong_phase");
    });
    const spectator = new TestClient(base);
    await spectator.attach(game.code);
    clock.advance(PRESENCE_BATCH_MS);
    await game.host.waitFor(() => game.host.table?.spectators === 1, 5000, "presence push");
    await unchanged(spectator, async () => {
      const ack = await spectator.emit<Ack>("action", { action: star, round });
      expect(ack.error?.code).toBe("auth/not_seated");
      const chat = await spectator.emit<Ack>("chat", { text: "hi" });
      expect(chat.error?.code).toBe("auth/not_seated");
    });
    spectator.close();
    // The same action from the right seat is accepted.
    const ok = await clientOf(turn).emit<Ack>("action", { action: star, round });
    expect(ok.ok).toBe(true);
  });

  it("refuses unknown tables, wrong tokens and host commands from non-hosts", async () => {
    const c = new TestClient(base);
    await c.connected();
    const unknown = await c.emit<Ack>("hello", { code: "ZZZZZZ" });
    expect(unknown.error?.code).toBe("table/unknown");
    const badCode = await c.emit<Ack>("hello", { code: "no!" });
    expect(badCode.error?.code).toBe("input/invalid");
    const wrong = await c.emit<Ack>("hello", { code: game.code, token: "A".repeat(43) });
    expect(wrong.error?.code).toBe("auth/bad_token");
    const elsewhere = await createTable(base, { seats: 3 });
    const foreignSeat = await joinTable(base, elsewhere.code, 0);
    const foreign = await c.emit<Ack>("hello", { code: game.code, token: foreignSeat.token });
    expect(foreign.error?.code).toBe("auth/bad_token");
    const badHost = await c.emit<Ack>("hello", { code: game.code, hostToken: "B".repeat(43) });
    expect(badHost.error?.code).toBe("auth/bad_host_token");
    const notAttached = await c.emit<Ack>("chat", { text: "hello?" });
    expect(notAttached.error?.code).toBe("table/not_attached");
    await unchanged(clientOf(1), async () => {
      for (const [event, payload] of [
        ["start", {}],
        ["play_again", {}],
        ["add_bot", { seat: 1 }],
        ["remove_bot", { seat: 1 }],
      ] as const) {
        const ack = await clientOf(1).emit<Ack>(event, payload);
        expect(ack.error?.code).toBe("auth/not_host");
      }
    });
    c.close();
  });
});

describe("bad input over HTTP", () => {
  it("unknown tables and malformed or oversized bodies", async () => {
    expect((await http(base, "GET", "/api/tables/ZZZZZZ")).body).toEqual({
      error: { code: "table/unknown", message: expect.any(String) },
    });
    expect((await http(base, "GET", "/api/tables/whatever")).status).toBe(404);
    const join = await http<{ error: { code: string } }>(base, "POST", "/api/tables/ZZZZZZ/join", {
      name: "Ann",
      colour: "red",
    });
    expect([join.status, join.body.error.code]).toEqual([404, "table/unknown"]);
    const notJson = await http<{ error: { code: string } }>(base, "POST", "/api/tables", "{nope");
    expect([notJson.status, notJson.body.error.code]).toEqual([400, "input/malformed"]);
    const huge = await http<{ error: { code: string } }>(base, "POST", "/api/tables", {
      game: "dreams",
      pad: "z".repeat(10_000),
    });
    expect([huge.status, huge.body.error.code]).toEqual([413, "input/too_large"]);
    for (const body of [
      { game: "chess", seats: 4, visibility: "public", timer: "off", deck: "standard" },
      { game: "dreams", seats: 7, visibility: "public", timer: "off", deck: "standard" },
      { game: "dreams", seats: 2, visibility: "public", timer: "off", deck: "standard" },
      { game: "dreams", seats: 4, visibility: "secret", timer: "off", deck: "standard" },
      { game: "dreams", seats: 4, visibility: "public", timer: "slow", deck: "standard" },
    ]) {
      const res = await http<{ error: { code: string } }>(base, "POST", "/api/tables", body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toMatch(/^input\//);
    }
  });

  it("names: markup kept as text, over-long, empty or with control characters refused, colours unique", async () => {
    const table = await createTable(base, { seats: 3 });
    const markup = "<i>Ann</i> & <b>";
    const joined = await http<{ seat: number }>(base, "POST", `/api/tables/${table.code}/join`, {
      name: markup,
      colour: "red",
    });
    expect(joined.status).toBe(201);
    for (const name of ["x".repeat(25), "   ", "bell\u0007", ""]) {
      const res = await http<{ error: { code: string } }>(base, "POST", `/api/tables/${table.code}/join`, {
        name,
        colour: "blue",
      });
      expect([res.status, res.body.error.code]).toEqual([400, "input/invalid"]);
    }
    const taken = await http<{ error: { code: string } }>(base, "POST", `/api/tables/${table.code}/join`, {
      name: "Bo",
      colour: "red",
    });
    expect([taken.status, taken.body.error.code]).toEqual([409, "lobby/colour_taken"]);
    const info = await http<TableInfo>(base, "GET", `/api/tables/${table.code}`);
    expect(info.body.seats.map((s) => s.name)).toEqual([markup, null, null]);
    const bad = await http<{ error: { code: string } }>(base, "POST", `/api/tables/${table.code}/join`, {
      name: "Cy",
      colour: "green",
      hostToken: "C".repeat(43),
    });
    expect([bad.status, bad.body.error.code]).toEqual([403, "auth/bad_host_token"]);
  });

  it("chat: markup delivered verbatim as text; over-long or control characters refused", async () => {
    const speaker = clientOf(2);
    const text = "<script>alert('boo')</script> & <b>bluff</b>";
    const before = game.host.frames.length;
    expect((await speaker.emit<Ack>("chat", { text })).ok).toBe(true);
    await game.host.waitFor(() => game.host.frames.slice(before).some((f) => f.event === "chat"));
    const line = game.host.frames.slice(before).find((f) => f.event === "chat")?.payload as {
      text: string;
      seat: number;
    };
    expect(line).toMatchObject({ text, seat: 2 });
    await unchanged(speaker, async () => {
      const long = await speaker.emit<Ack>("chat", { text: "w".repeat(301) });
      expect(long.error?.code).toBe("input/invalid");
      const control = await speaker.emit<Ack>("chat", { text: "ding\u0007" });
      expect(control.error?.code).toBe("input/invalid");
      const empty = await speaker.emit<Ack>("chat", { text: "   " });
      expect(empty.error?.code).toBe("input/invalid");
    });
  });

  it("names and chat: invisible, format and direction-changing characters and blank names refused", async () => {
    const table = await createTable(base, { seats: 3 });
    for (const name of [
      "Ann\u061C",
      "Ann\u200C",
      "Ann\u200D",
      "\u00ADAnn",
      "Ann\u180E",
      "Ann\u{E0041}",
      "Ann\uFFF9x\uFFFB",
      "\u3164",
      "\u115F",
      "\u2800",
      "\u034F",
      "Ada\ud800",
    ]) {
      const res = await http<{ error: { code: string } }>(base, "POST", `/api/tables/${table.code}/join`, {
        name,
        colour: "blue",
      });
      expect([res.status, res.body.error.code], JSON.stringify(name)).toEqual([400, "input/invalid"]);
    }
    const emoji = await http<{ seat: number }>(base, "POST", `/api/tables/${table.code}/join`, {
      name: "Nina \u{1F469}\u200D\u{1F680}",
      colour: "green",
    });
    expect(emoji.status).toBe(201);
    const info = await http<TableInfo>(base, "GET", `/api/tables/${table.code}`);
    expect(info.body.seats.map((s) => s.name)).toEqual(["Nina \u{1F469}\u200D\u{1F680}", null, null]);
    const speaker = clientOf(2);
    await unchanged(speaker, async () => {
      for (const text of ["hi\u200Bthere", "\u2066hi", "\u3164", "\u2800\n\u2800", "x\u00ADy"]) {
        const ack = await speaker.emit<Ack>("chat", { text });
        expect(ack.error?.code, JSON.stringify(text)).toBe("input/invalid");
      }
    });
  });

  it("seat tokens carry 256 random bits and are bound to one seat of one table", async () => {
    const table = await createTable(base, { seats: 3 });
    const tokens = await Promise.all([0, 1, 2].map((i) => joinTable(base, table.code, i)));
    for (const t of tokens) expect(t.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens.map((t) => t.token)).size).toBe(3);
    const c = new TestClient(base);
    const ack = await c.attach(table.code, tokens[1]?.token);
    expect(ack.seat).toBe(tokens[1]?.seat);
    c.close();
  });
});
