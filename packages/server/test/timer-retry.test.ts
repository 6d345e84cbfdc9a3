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
import { seatTable, startTestServer } from "./helpers";
import { until } from "./until";

const dataDir = mkdtempSync(join(tmpdir(), "firmament-timer-retry-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The store, except that its writes of actions fail while `down` is set, as a lost connection's would. */
function flakyStore(store: Store) {
  const state = { down: false, refused: 0 };
  const flaky = new Proxy(store, {
    get(target, key) {
      if (key === "appendAction" && state.down)
        return async () => {
          state.refused++;
          throw new Error("Connection terminated unexpectedly");
        };
      if (typeof key === "string" && /append|Action/.test(key)) console.log("GET", key, state.down);
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { flaky, state };
}

describe("timer firings while the store is away", () => {
  it("are tried again, later each time, and the bots move once the store is back", async () => {
    const { flaky, state } = flakyStore(await openSqliteStore(dataDir));
    const clock = new ManualClock();
    const server = await startTestServer({ store: flaky, clock, botDelayMs: 0, dataDir });
    try {
      const t = await seatTable(server.server.url, 1, { bots: 2 });
      state.down = true;
      expect((await t.host.emit("start", {})).ok).toBe(true);
      // the bots' first moves are due at once: each try fails
      await until("a refused bot move", () => state.refused >= 1, 30_000);
      clock.advance(250);
      await until("the bot move tried again", () => state.refused >= 2, 30_000);
      const tries = state.refused;
      // the next try comes later than the last: nothing within 250 ms more
      clock.advance(250);
      await t.host.flush();
      expect(state.refused).toBe(tries);
      state.down = false;
      clock.advance(4000);
      await t.host.waitFor(
        () => (t.host.view?.version ?? 0) >= 1,
        5000,
        "a bot's move after the store came back",
      );
      for (const c of t.clients) c.close();
    } finally {
      await server.close();
    }
  });
});
