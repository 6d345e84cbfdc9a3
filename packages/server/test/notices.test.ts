/**
 * `notice` pushes: a move made for a player whose time ran out is told to everyone at the table, right
 * after the view that carries it; bot seats, and seats the bot plays because their player is gone past
 * the grace time, get none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NoticePush } from "../src/protocol";
import type { PushOf } from "./game-pushes";
import { seatTable, startTestServer, TestClient } from "./helpers";

let env: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  // Fast turns of 25 s become 0.25 s; a player gone for 0.3 s is replaced by the bot.
  env = await startTestServer({ graceMs: 300, botDelayMs: 0, timerScale: 0.01 });
});
afterAll(async () => {
  await env?.close();
});

const notices = (client: TestClient) =>
  client.frames.filter((f) => f.event === "notice").map((f) => f.payload as NoticePush);

describe("a move made for a player whose time ran out", () => {
  it("is told to the player, the other players and the spectators, after the view that carries it", async () => {
    const base = env.server.url;
    const t = await seatTable(base, 3, { table: { timer: "fast" } });
    const spectator = new TestClient(base);
    await spectator.attach(t.code);
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view !== null);
    const turn = t.host.view?.view.turn as number;
    for (const client of [...t.clients, spectator])
      await client.waitFor(() => notices(client).length >= 1, 10_000, "the notice");

    const [notice] = notices(t.host);
    expect(notice).toEqual({
      code: "turn/played_for_you",
      seat: turn,
      match: 1,
      version: expect.any(Number),
      at: expect.any(Number),
    });
    for (const client of [...t.clients, spectator]) expect(notices(client)[0]).toEqual(notice);

    // The view of that version has the star placed for the seat, and arrived before the notice.
    const player = t.clients[turn] as TestClient;
    const frames = player.frames;
    const noticeAt = frames.findIndex((f) => f.event === "notice");
    const viewAt = frames.findIndex(
      (f) => f.event === "view" && (f.payload as PushOf<"dreams">).version === notice?.version,
    );
    expect(viewAt).toBeGreaterThanOrEqual(0);
    expect(viewAt).toBeLessThan(noticeAt);
    const view = frames[viewAt]?.payload as PushOf<"dreams">;
    expect(view.view.stars.at(-1)?.seat).toBe(turn);
    // the player was here all along: the seat was not handed over to the bot
    expect(t.host.table?.seats[turn]?.botPlaying).toBe(false);
    for (const c of [...t.clients, spectator]) c.close();
  });

  it("is not told for a bot's seat, nor for a seat the bot plays while its player is gone", async () => {
    const base = env.server.url;
    // No turn timer: the only moves not made by people are the bot seat's and the absent player's.
    const t = await seatTable(base, 3, { bots: 1 });
    expect((await t.host.emit("start", {})).ok).toBe(true);
    // seat 3 is the bot's: if it begins, it moves at once and a person is next
    await t.host.waitFor(() => (t.host.view?.view.turn ?? 3) < 3, 5000, "a person's turn");
    const firstHuman = t.host.view?.view.turn as number;
    const before = t.host.view?.view.stars.length ?? 0;
    const watcher = t.clients[(firstHuman + 1) % 3] as TestClient;
    (t.clients[firstHuman] as TestClient).close();
    await watcher.waitFor(
      () => watcher.table?.seats[firstHuman]?.botPlaying === true,
      5000,
      "the bot takes over",
    );
    await watcher.waitFor(() => (watcher.view?.view.stars.length ?? 0) > before, 5000, "the bot's move");
    // any push that would follow the move has arrived
    await watcher.flush();
    expect(watcher.view?.view.stars[before]?.seat).toBe(firstHuman);
    expect(notices(watcher)).toEqual([]);
    for (const c of t.clients) c.close();
  });
});
