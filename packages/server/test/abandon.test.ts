/**
 * The grace rule and ratings: players who leave a match in progress have their seats played by bots to
 * the end, and the finish is stored with those seats as abandoned — what their settlement counts as a
 * loss (players.test.ts checks that part from stored matches).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, seatTable, startTestServer, type TestServer } from "./helpers";

let env: TestServer;
beforeAll(async () => {
  env = await startTestServer({ graceMs: 0, botDelayMs: 0 });
});
afterAll(async () => {
  await env?.close();
});

describe("abandoned seats", () => {
  it("a match bots finished for players who left is stored with their seats as abandoned", async () => {
    const t = await seatTable(env.server.url, 2, {
      table: { game: "dreamers", rated: true, deck: undefined },
    });
    expect((await t.host.emit("start", {})).ok).toBe(true);
    for (const client of t.clients) client.close();
    await eventually(
      async () => (await env.server.service.storedMatch(t.code, 1))?.match.finishedAt != null,
      "the match to end",
      60_000,
    );
    const stored = await env.server.service.storedMatch(t.code, 1);
    expect(stored?.match.abandoned).toEqual([0, 1]);
  });

  it("a bot's own seat is never abandoned; only the human seat it played for its player", async () => {
    const t = await seatTable(env.server.url, 1, {
      bots: 1,
      table: { game: "dreamers", rated: true, deck: undefined },
    });
    expect((await t.host.emit("start", {})).ok).toBe(true);
    t.host.close();
    await eventually(
      async () => (await env.server.service.storedMatch(t.code, 1))?.match.finishedAt != null,
      "the match to end",
      60_000,
    );
    expect((await env.server.service.storedMatch(t.code, 1))?.match.abandoned).toEqual([0]);
  });
});
