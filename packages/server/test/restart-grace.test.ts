/**
 * A server restarted while a round's end waits for "ready": players who have not reconnected yet get
 * the grace time to come back before they are marked ready, as in any other phase.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DreamsView } from "@firmament/dreams";
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock";
import { fallbackBot } from "../src/games/dreams-bot";
import { autoplay, seatTable, startTestServer, TestClient } from "./helpers";

const dataDir = mkdtempSync(join(tmpdir(), "firmament-restart-grace-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Dreams' fallback bot, except that it never says "ready": the round's end waits for the people. */
const neverReady = (seed: string) => {
  const bot = fallbackBot(seed);
  return { decide: (view: DreamsView) => (view.phase === "reveal" ? null : bot.decide(view)) };
};

const GRACE_MS = 2000;

describe("a restart at a round's end", () => {
  it("gives players who have not reconnected the grace time before marking them ready", async () => {
    const first = await startTestServer({ dataDir, graceMs: GRACE_MS, botDelayMs: 0 });
    const t = await seatTable(first.server.url, 3);
    const players = t.clients.map((c, i) => autoplay(c, `grace:${i}`, 0, neverReady as never));
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await Promise.all(t.clients.map((c) => c.waitFor(() => c.view?.view.phase === "reveal", 20_000)));
    for (const p of players) p.stop();
    for (const c of t.clients) c.close();
    await first.server.close();

    // The restarted server's time moves only when the test moves it (from where real time is now).
    const clock = new ManualClock();
    const loadedAt = clock.now();
    const second = await startTestServer({ sameDataAs: first, graceMs: GRACE_MS, botDelayMs: 0, clock });
    try {
      const base = second.server.url;
      const spectator = new TestClient(base);
      await spectator.attach(t.code);
      await spectator.waitFor(() => spectator.view !== null, 5000, "the spectator's view");
      // Well inside the grace time nobody has been marked ready for.
      clock.advance(GRACE_MS / 2);
      await spectator.flush();
      const waiting = spectator.view?.view;
      expect(waiting?.phase).toBe("reveal");
      expect(waiting?.round).toBe(1);
      expect(waiting?.ready).toEqual([false, false, false]);
      // One player comes back and says ready; the two still away are marked ready after the grace time.
      const back = new TestClient(base);
      expect((await back.attach(t.code, t.tokens[0])).seat).toBe(0);
      await back.waitFor(() => back.view !== null, 5000, "the returning player's view");
      expect((await back.emit("action", { action: { type: "ready" }, round: 1, match: 1 })).ok).toBe(true);
      clock.advance(GRACE_MS / 2);
      await spectator.waitFor(() => spectator.view?.view.round === 2, GRACE_MS * 3, "the next round");
      expect(clock.now() - loadedAt).toBeGreaterThanOrEqual(GRACE_MS - 50);
      back.close();
      spectator.close();
    } finally {
      await second.close();
    }
  });
});
