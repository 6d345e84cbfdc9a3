import { createGame, replay } from "@firmament/dreams";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autoplay, http, seatTable, startTestServer } from "./helpers";
import { expectRecordsReplay } from "./records-check";

let env: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  env = await startTestServer();
});
afterAll(async () => {
  await env?.close();
});

describe("full games over real sockets", () => {
  it("plays 3-, 4-, 5- and 6-player games to the end, every client ending on the same final view", async () => {
    const base = env.server.url;
    const tables = await Promise.all([3, 4, 5, 6].map((n) => seatTable(base, n)));
    const players = tables.map((t) => t.clients.map((c, i) => autoplay(c, `${t.code}-${i}`)));
    for (const t of tables) expect((await t.host.emit("start", {})).ok).toBe(true);
    await Promise.all(
      tables.flatMap((t) =>
        t.clients.map((c) => c.waitFor(() => c.view?.view.phase === "over", 60_000, `${t.code} to end`)),
      ),
    );
    for (const p of players.flat()) p.stop();

    for (const t of tables) {
      const finals = t.clients.map((c) => c.view);
      const version = finals[0]?.version;
      for (const [seat, push] of finals.entries()) {
        expect(push?.version).toBe(version);
        expect(push?.view.viewer).toBe(seat);
        expect(push?.view.winners?.length).toBeGreaterThan(0);
        expect(Math.max(...(push?.view.scores ?? [0]))).toBeGreaterThanOrEqual(16);
      }
      // The stored log rebuilds the same final game.
      const stored = await env.server.service.storedMatch(t.code, 1);
      expect(stored?.actions.length).toBe(version);
      expect(stored?.match.finishedAt).not.toBeNull();
      const created = createGame({
        colours: stored?.match.colours as never,
        deck: stored?.match.deck ?? [],
        seed: stored?.match.seed ?? "",
      });
      if (!created.ok) throw new Error(created.error.message);
      const rebuilt = replay(created.value, stored?.actions.map((a) => a.action) ?? []);
      expect(rebuilt.ok && rebuilt.value.phase).toBe("over");
      expect(rebuilt.ok && rebuilt.value.scores).toEqual(finals[0]?.view.scores);
      const info = await http<{ status: string }>(base, "GET", `/api/tables/${t.code}`);
      expect(info.body.status).toBe("over");
    }

    // Play again at the same table: same seats, a new game.
    const first = tables[0];
    if (!first) throw new Error("no table");
    const again = first.clients.map((c, i) => autoplay(c, `again-${i}`));
    expect((await first.host.emit("play_again", {})).ok).toBe(true);
    await Promise.all(
      first.clients.map((c) => c.waitFor(() => c.view?.game === 2 && c.view.view.phase === "over", 60_000)),
    );
    for (const p of again) p.stop();
    // Every game's record replays through the rules to the same result (two at the first table).
    for (const t of tables)
      expect((await expectRecordsReplay(base, env.server.service, t.code)).length).toBe(t === first ? 2 : 1);
    for (const t of tables) for (const c of t.clients) c.close();
  });

  it("plays a game with bots filling seats and a spectator watching", async () => {
    const base = env.server.url;
    const t = await seatTable(base, 1, { bots: 3 });
    const { TestClient } = await import("./helpers");
    const spectator = new TestClient(base);
    const ack = await spectator.attach(t.code);
    expect(ack.seat).toBeNull();
    autoplay(t.host, "solo");
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view?.view.phase === "over", 60_000);
    await spectator.waitFor(() => spectator.view?.view.phase === "over", 10_000);
    expect(spectator.view?.view.me).toBeNull();
    expect(spectator.view?.version).toBe(t.host.view?.version);
    expect(t.host.table?.seats.map((s) => s.kind)).toEqual(["human", "bot", "bot", "bot"]);
    spectator.close();
    t.host.close();
  });
});
