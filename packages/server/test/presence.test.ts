/** Absent players and turn timers: a bot plays the seat until its player is back. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock";
import { dreamersFallbackBot } from "../src/games/dreamers-bot";
import type { TableInfo } from "../src/protocol";
import { autoplay, eventually, seatTable, startTestServer, TestClient } from "./helpers";

let env: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  env = await startTestServer({ graceMs: 300, botDelayMs: 0, timerScale: 0.01 });
});
afterAll(async () => {
  await env?.close();
});

describe("absent players and timers", () => {
  it("a seat whose player is gone past the grace time is played by a bot until they return", async () => {
    const base = env.server.url;
    const t = await seatTable(base, 3);
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view !== null);
    const turn = t.host.view?.view.turn as number;
    const watcher = t.clients[(turn + 1) % 3] as TestClient;
    const leaving = t.clients[turn] as TestClient;
    leaving.close();
    await watcher.waitFor(() => watcher.table?.seats[turn]?.connected === false, 5000, "presence");
    expect(watcher.view?.view.stars.length).toBe(0);
    // After the grace time the bot places the absent player's star.
    await watcher.waitFor(() => (watcher.view?.view.stars.length ?? 0) >= 1, 5000, "bot move");
    expect(watcher.view?.view.stars[0]?.seat).toBe(turn);
    expect(watcher.table?.seats[turn]?.botPlaying).toBe(true);
    // The player comes back: the bot stops.
    const back = new TestClient(base);
    const ack = await back.attach(t.code, t.tokens[turn]);
    expect(ack.seat).toBe(turn);
    await watcher.waitFor(() => watcher.table?.seats[turn]?.botPlaying === false, 5000, "bot released");
    expect(watcher.table?.seats[turn]?.connected).toBe(true);
    back.close();
    for (const c of t.clients) c.close();
  });

  it("a player who runs out of time has a bot act for them; views carry the deadline", async () => {
    const base = env.server.url;
    const t = await seatTable(base, 3, { table: { timer: "fast" } });
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view !== null);
    const first = t.host.view;
    expect(first?.deadline).toBeGreaterThan(first?.now ?? 0);
    // Fast timer: 25 s a star, scaled to 0.25 s here. Nobody acts; bots act in their place.
    await t.host.waitFor(() => (t.host.view?.view.stars.length ?? 0) >= 2, 10_000, "timed-out moves");
    const timedOut = t.host.view?.view.stars[0]?.seat as number;
    expect(timedOut).toBe(first?.view.turn);
    // The players are here, so no seat is handed over to a bot for good.
    expect(t.host.table?.seats.every((s) => !s.botPlaying)).toBe(true);
    for (const c of t.clients) c.close();
  });
});

describe("a short absence", () => {
  it("a player away for less than the grace time whose turn runs out has that move made, not a bot for good", async () => {
    // The failover test found this: a table adopted by another process learns of its players'
    // connections a moment later, and the turn timer must not hand their seats to the bot meanwhile.
    const patient = await startTestServer({ graceMs: 10_000, botDelayMs: 0, timerScale: 0.01 });
    try {
      const t = await seatTable(patient.server.url, 3, { table: { timer: "fast" } });
      expect((await t.host.emit("start", {})).ok).toBe(true);
      await t.host.waitFor(() => t.host.view !== null);
      const turn = t.host.view?.view.turn as number;
      const watcher = t.clients[(turn + 1) % 3] as TestClient;
      (t.clients[turn] as TestClient).close();
      await watcher.waitFor(() => watcher.table?.seats[turn]?.connected === false, 5000, "presence");
      await watcher.waitFor(() => (watcher.view?.view.stars.length ?? 0) >= 1, 5000, "the timed-out move");
      expect(watcher.view?.view.stars[0]?.seat).toBe(turn);
      await watcher.waitFor(
        () => watcher.frames.some((f) => f.event === "notice"),
        5000,
        "the notice of the move made for them",
      );
      expect(watcher.table?.seats[turn]?.botPlaying).toBe(false);
      expect(
        watcher.frames.some(
          (f) => f.event === "table" && (f.payload as TableInfo).seats[turn]?.botPlaying === true,
        ),
      ).toBe(false);
      for (const c of t.clients) c.close();
    } finally {
      await patient.close();
    }
  });
});

describe("coming back", () => {
  it("a client that says which view it has gets no view again if it is still the latest", async () => {
    const base = env.server.url;
    const t = await seatTable(base, 3);
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view !== null);
    const view = t.host.view as NonNullable<typeof t.host.view>;
    const helloAgain = async (seen: unknown) => {
      const c = new TestClient(base);
      await c.connected();
      const ack = await c.emit("hello", { code: t.code, token: t.tokens[0], seen });
      expect(ack.ok).toBe(true);
      // a view would follow the ack at once
      await c.flush();
      c.close();
      return c.frames.filter((f) => f.event === "view").length;
    };
    const latest = { match: view.match, version: view.version, seat: 0 };
    expect(await helloAgain(latest)).toBe(0);
    expect(await helloAgain({ ...latest, version: view.version + 1 })).toBe(1);
    expect(await helloAgain({ ...latest, match: view.match + 1 })).toBe(1);
    expect(await helloAgain({ ...latest, seat: 1 })).toBe(1);
    expect(await helloAgain({ ...latest, seat: null })).toBe(1);
    // bad input changes nothing: refused with a clear error
    const bad = new TestClient(base);
    await bad.connected();
    const refused = await bad.emit("hello", { code: t.code, seen: { match: 0, version: -1, seat: 9 } });
    expect(refused.ok).toBe(false);
    expect(refused.error?.code).toMatch(/^input\//);
    for (const c of [...t.clients, bad]) c.close();
  });
});

describe("starting with empty seats", () => {
  it("drops empty seats and renumbers the rest; tokens follow their seat", async () => {
    const base = env.server.url;
    const t = await seatTable(base, 4, { table: { seats: 6 } });
    const [host, leaver, mover, last] = t.clients as [TestClient, TestClient, TestClient, TestClient];
    expect((await leaver.emit("leave", {})).ok).toBe(true);
    expect((await leaver.emit("chat", { text: "gone" })).ok).toBe(false); // a spectator now
    expect((await host.emit("add_bot", { seat: 5, level: "easy" })).ok).toBe(true);
    expect((await host.emit("start", {})).ok).toBe(true);
    for (const c of [mover, last, leaver]) await c.waitFor(() => c.view !== null);
    // Seats 0, 2, 3 and the bot at 5 become 0, 1, 2, 3.
    expect(host.table?.seats.map((s) => [s.seat, s.kind, s.name])).toEqual([
      [0, "human", "P0"],
      [1, "human", "P2"],
      [2, "human", "P3"],
      [3, "bot", expect.any(String)],
    ]);
    expect(mover.view?.view.viewer).toBe(1);
    expect(last.view?.view.me?.seat).toBe(2);
    expect(leaver.view?.view.me).toBeNull();
    // The moved player's token still brings them back to their (new) seat.
    const again = new TestClient(base);
    expect((await again.attach(t.code, t.tokens[2])).seat).toBe(1);
    const oldToken = new TestClient(base);
    await oldToken.connected();
    const refused = await oldToken.emit<{ ok: boolean; error?: { code: string } }>("hello", {
      code: t.code,
      token: t.tokens[1],
    });
    expect(refused.error?.code).toBe("auth/bad_token");
    for (const c of [...t.clients, again, oldToken]) c.close();
  });
});

describe("memory", () => {
  it("drops idle tables from the cache and reloads them from the store on demand", async () => {
    const local = await startTestServer({ idleEvictMs: 100 });
    try {
      const base = local.server.url;
      const t = await seatTable(base, 3);
      expect(local.server.service.cachedTables).toBe(1);
      for (const c of t.clients) c.close();
      await eventually(() => local.server.service.cachedTables === 0, "the idle table dropped", 5000);
      expect(local.server.service.cachedTables).toBe(0);
      const back = new TestClient(base);
      const ack = await back.attach(t.code, t.tokens[1]);
      expect(ack.seat).toBe(1);
      expect(local.server.service.cachedTables).toBe(1);
      back.close();
    } finally {
      await local.close();
    }
  });

  it("drops a finished table a minute after its last client left, a table in its lobby only after idleEvictMs", async () => {
    const clock = new ManualClock();
    const local = await startTestServer({ clock, idleEvictMs: 10 * 60_000 });
    try {
      const base = local.server.url;
      const played = await seatTable(base, 1, {
        table: { game: "dreamers", seats: undefined, deck: undefined },
        bots: 1,
      });
      const { host } = played;
      const over = () => (host.view?.view.phase as string | undefined) === "over";
      const stop = autoplay(host, "finished", 0, dreamersFallbackBot);
      expect((await host.emit("start", {})).ok).toBe(true);
      // the game's own pauses (a round's reveal) run on the clock too
      await eventually(
        () => {
          clock.advance(1000);
          return over();
        },
        "the game over",
        30_000,
      );
      stop.stop();
      const lobby = await seatTable(base, 3);
      for (const c of [...lobby.clients, host]) c.close();
      const { cache } = local.server.service;
      const gone = (code: string) => cache.cached(code)?.conns.size === 0;
      await eventually(() => gone(lobby.code) && gone(played.code), "both tables' clients gone");
      // a minute idle, found by the next sweep (every 30 s)
      clock.advance(91_000);
      await eventually(() => local.server.service.cachedTables === 1, "the finished table dropped");
      expect(cache.cached(lobby.code)).toBeDefined();
      clock.advance(9 * 60_000);
      await eventually(() => local.server.service.cachedTables === 0, "the lobby dropped");
      // asked for again, the finished table is loaded from the store as it was
      const back = new TestClient(base);
      await back.attach(played.code, played.tokens[0]);
      await back.waitFor(
        () => (back.view?.view.phase as string | undefined) === "over",
        5000,
        "its final view",
      );
      back.close();
    } finally {
      await local.close();
    }
  });
});
