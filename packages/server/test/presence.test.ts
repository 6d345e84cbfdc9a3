/** Absent players and turn timers: a bot plays the seat until its player is back. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seatTable, startTestServer, TestClient } from "./helpers";

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
