/**
 * A table's timer firing that fails because the store cannot be reached (a database outage) is tried
 * again until it succeeds: a bot's turn is not left waiting for ever once the store is back.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock";
import { openSqliteStore } from "../src/store/sqlite";
import type { Store } from "../src/store/types";
import { autoplay, seatTable, startTestServer } from "./helpers";
import { until } from "./until";

const dataDir = mkdtempSync(join(tmpdir(), "firmament-timer-retry-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * The store, except that its writes of the bots' moves (seats other than 0) fail while `down` is set,
 * as a lost connection's would; `botMoves` counts those stored.
 */
function flakyStore(store: Store) {
  const state = { down: false, refused: 0, botMoves: 0 };
  const flaky = new Proxy(store, {
    get(target, key) {
      if (key === "appendAction") {
        const append = target.appendAction.bind(target);
        return async (...args: Parameters<Store["appendAction"]>) => {
          const bot = (args[2].action as { seat?: number }).seat !== 0;
          if (bot && state.down) {
            state.refused++;
            throw new Error("Connection terminated unexpectedly");
          }
          await append(...args);
          if (bot) state.botMoves++;
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { flaky, state };
}

describe("timer firings while the store is away", () => {
  it("are tried again until the bots move, once the store is back", async () => {
    const { flaky, state } = flakyStore(await openSqliteStore(dataDir));
    const clock = new ManualClock();
    const server = await startTestServer({ store: flaky, clock, botDelayMs: 0, dataDir });
    try {
      const t = await seatTable(server.server.url, 1, { bots: 2 });
      state.down = true;
      // the player plays until a bot's move is due (and fails), then stops: only the timer moves now
      const player = autoplay(t.host, "timer-retry");
      expect((await t.host.emit("start", {})).ok).toBe(true);
      await until("a refused bot move", () => state.refused >= 1, 30_000);
      player.stop();
      await t.host.flush();
      const tries = state.refused;
      clock.advance(4000);
      await until("the bot's move tried again", () => state.refused > tries, 30_000);
      state.down = false;
      clock.advance(4000);
      await until("a bot's move stored after the store came back", () => state.botMoves >= 1, 30_000);
      for (const c of t.clients) c.close();
    } finally {
      await server.close();
    }
  });
});
