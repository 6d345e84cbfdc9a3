import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GAMES } from "../games/registry";
import { followDeadline, localDeadline, secondsLeft, turnLimitMs } from "./turnClock";

describe("the turn timer as players see it", () => {
  it("never shows more than the turn's length, whatever the client's clock and the latency", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAMES.flatMap((game) => Object.values(game.timers.fast ?? {}))),
        fc.integer({ min: -3_600_000, max: 3_600_000 }), // client clock minus server clock
        fc.integer({ min: 0, max: 5000 }), // how long the push took to arrive
        fc.integer({ min: 0, max: 30_000 }), // how far into the turn the push was sent
        fc.integer({ min: 0, max: 60_000 }), // how long after arrival the countdown is read
        (turnSeconds, skew, latency, into, later) => {
          const turnStart = 1_700_000_000_000;
          const limitMs = turnSeconds * 1000;
          const serverNow = turnStart + Math.min(into, limitMs);
          const push = { deadline: turnStart + limitMs, now: serverNow };
          const receivedAt = serverNow + latency + skew;
          const deadline = localDeadline(push, receivedAt) as number;
          const atArrival = secondsLeft(deadline, receivedAt, limitMs);
          expect(atArrival).toBeLessThanOrEqual(turnSeconds);
          // without the cap too: the time left as of the push is at most the turn
          expect(secondsLeft(deadline, receivedAt)).toBeLessThanOrEqual(turnSeconds);
          const afterwards = secondsLeft(deadline, receivedAt + later, limitMs);
          expect(afterwards).toBeLessThanOrEqual(atArrival);
          expect(afterwards).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("shows the full turn, not a second more, when a 25 s turn starts on a client 1.5 s behind", () => {
    const push = { deadline: 1_000_025_000, now: 1_000_000_000 };
    const receivedAt = 1_000_000_000 - 1500 + 40;
    const deadline = localDeadline(push, receivedAt) as number;
    expect(secondsLeft(deadline, receivedAt, 25_000)).toBe(25);
    // the old way (the server's deadline read on the client's clock) showed 27
    expect(secondsLeft(push.deadline, receivedAt)).toBe(27);
    expect(secondsLeft(deadline, receivedAt + 1000, 25_000)).toBe(24);
    expect(secondsLeft(deadline, receivedAt + 30_000, 25_000)).toBe(0);
  });

  it("caps by the turn's length even when a push says more is left", () => {
    expect(secondsLeft(10_000 + 26_000, 10_000, 25_000)).toBe(25);
    expect(secondsLeft(10_000 + 26_000, 10_000, null)).toBe(26);
  });

  it("does not move a turn's deadline later when a later push of the same turn arrives slower", () => {
    const first = followDeadline(null, { deadline: 50_000, now: 30_000 }, 1000);
    expect(first.local).toBe(21_000);
    // same turn, sent 2 s later but 500 ms slower to arrive
    const slower = followDeadline(first, { deadline: 50_000, now: 32_000 }, 3500);
    expect(slower.local).toBe(21_000);
    // same turn, a faster push moves it earlier
    const faster = followDeadline(slower, { deadline: 50_000, now: 34_000 }, 4900);
    expect(faster.local).toBe(20_900);
    // a new turn starts afresh
    const next = followDeadline(faster, { deadline: 90_000, now: 65_000 }, 36_000);
    expect(next.local).toBe(61_000);
    expect(followDeadline(next, { deadline: null, now: 70_000 }, 40_000).local).toBeNull();
  });

  it("reads every game's turn lengths from its record, in ms; no timer when it is off", () => {
    for (const game of GAMES) {
      for (const [phase, seconds] of Object.entries(game.timers.fast ?? {}))
        expect(turnLimitMs({ game: game.kind, timer: "fast" }, phase)).toBe(seconds * 1000);
      expect(turnLimitMs({ game: game.kind, timer: "off" }, "any")).toBeNull();
    }
  });

  it("has no timer for a game this client does not know", () => {
    expect(turnLimitMs({ game: "chess", timer: "fast" }, "placing")).toBeNull();
  });
});
