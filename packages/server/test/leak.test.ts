/**
 * The leak test: records every frame every client receives over many seeded games and checks each one
 * against docs/rules.md's "Who may know what" table, using the true game (rebuilt from the stored log) as
 * the reference. Nothing a client may not know may appear in any frame: not the seed or the generator,
 * not the pile order, not the vision (for the mortal and spectators), not who the mortal is (for gods
 * and spectators), not another seat's guess — until the round's reveal.
 */
import { type DreamsState, mulberry32, testSeed, type Viewer } from "@firmament/dreams";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type ViewPush = PushOf<"dreams">;

import type { PushOf } from "./game-pushes";
import { autoplay, type Frame, seatTable, startTestServer, TestClient } from "./helpers";
import { check, truthOf } from "./leak-check";

let env: Awaited<ReturnType<typeof startTestServer>>;
const seeds: string[] = [];
beforeAll(async () => {
  const random = mulberry32(20261126);
  env = await startTestServer({
    seedSource: () => {
      const seed = testSeed(random);
      seeds.push(seed);
      return seed;
    },
  });
});
afterAll(async () => {
  await env?.close();
});

describe("leak test", () => {
  it("no frame to any client reveals what docs/rules.md says it may not know", async () => {
    const base = env.server.url;
    const sizes = [3, 4, 5, 6, 3, 4, 5, 6];
    const tables = await Promise.all(
      sizes.map((n, i) => seatTable(base, i % 2 === 0 ? n : n - 1, { bots: i % 2 === 0 ? 0 : 1 })),
    );
    const spectators = await Promise.all(
      tables.map(async (t) => {
        const s = new TestClient(base);
        await s.attach(t.code);
        return s;
      }),
    );
    // Folding connections (hello with fold: true) beside them: seat 0's player on a second connection,
    // and a spectator. Their `events` frames are checked like every other frame.
    const folding = await Promise.all(
      tables.map(async (t) => {
        const seat = new TestClient(base);
        await seat.connected();
        expect((await seat.emit("hello", { code: t.code, token: t.tokens[0], fold: true })).ok).toBe(true);
        const watcher = new TestClient(base);
        await watcher.connected();
        expect((await watcher.emit("hello", { code: t.code, fold: true })).ok).toBe(true);
        return { seat, watcher };
      }),
    );
    const players = tables.flatMap((t) => t.clients.map((c, i) => autoplay(c, `${t.code}:${i}`)));
    for (const t of tables) expect((await t.host.emit("start", {})).ok).toBe(true);
    for (const t of tables)
      await t.host.emit("chat", { text: "I am surely not the mortal <b>!</b>" }).catch(() => {});
    await Promise.all(
      tables.flatMap((t) => t.clients.map((c) => c.waitFor(() => c.view?.view.phase === "over", 90_000))),
    );
    for (const p of players) p.stop();
    // every push of the game has arrived
    await Promise.all(
      [
        ...tables.flatMap((t) => t.clients),
        ...spectators,
        ...folding.flatMap((f) => [f.seat, f.watcher]),
      ].map((c) => c.flush()),
    );

    let frames = 0;
    let views = 0;
    let eventPushes = 0;
    const problems: string[] = [];
    for (const [index, t] of tables.entries()) {
      const truth = await truthOf(env.server.service, t.code, 1);
      expect(seeds).toContain(truth.seed);
      const watchers: Array<[Viewer, TestClient]> = [
        ...t.clients.map((c, seat): [Viewer, TestClient] => [seat, c]),
        ["spectator", spectators[index] as TestClient],
        [0, folding[index]?.seat as TestClient],
        ["spectator", folding[index]?.watcher as TestClient],
      ];
      for (const [viewer, client] of watchers) {
        let lastVersion = 0;
        for (const frame of client.frames) {
          if (frame.event === "view" || frame.event === "events")
            lastVersion = (frame.payload as ViewPush).version;
          frames++;
          if (frame.event === "view") views++;
          if (frame.event === "events") eventPushes++;
          for (const p of check(frame, viewer, truth, lastVersion))
            problems.push(`${t.code} ${String(viewer)} ${frame.event} v${lastVersion}: ${p}`);
        }
      }
      // The game really had secrets to keep: several rounds, every view version seen by every seat.
      expect(truth.states.at(-1)?.phase).toBe("over");
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(views).toBeGreaterThan(1000);
    expect(eventPushes).toBeGreaterThan(500);
    expect(frames).toBeGreaterThan(views);
    // The checker itself catches a leak: a god's view with the mortal's seat in it.
    const t0 = tables[0];
    if (!t0) throw new Error("no table");
    const truth = await truthOf(env.server.service, t0.code, 1);
    const early = truth.states[1] as DreamsState;
    const god = early.round.mortal === 0 ? 1 : 0;
    const forged = t0.clients[god]?.frames.find((f) => f.event === "view") as Frame;
    const payload = structuredClone(forged.payload) as Record<string, unknown>;
    (payload as { view: Record<string, unknown> }).view.mortal = early.round.mortal;
    const leaky: Frame = { event: "view", payload, json: JSON.stringify(payload) };
    expect(check(leaky, god, truth, (payload as unknown as ViewPush).version).length).toBeGreaterThan(0);
    for (const t of tables) for (const c of t.clients) c.close();
    for (const s of spectators) s.close();
    for (const f of folding) for (const c of [f.seat, f.watcher]) c.close();
  });
});
