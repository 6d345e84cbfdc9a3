import type { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { until } from "../../test/until";
import { Peers } from "./peers";

const ALL = ["a:1", "b:1", "c:1"];

/**
 * Redis as the peer check sees it: who listens at each peer address, and whose beat is kept. Beats
 * are set by the tests (each process sets its own), and `self`'s by the check itself.
 */
function fakeRedis() {
  const listening = new Set(ALL);
  const beats = new Set<string>();
  const redis = {
    pipeline() {
      const replies: Array<[null, unknown]> = [];
      const chain = {
        set(key: string) {
          beats.add(key);
          replies.push([null, "OK"]);
          return chain;
        },
        call(_command: string, _sub: string, ...channels: string[]) {
          // each peer listens at its peer address, "peer:<peer>" (channelOf is the identity here)
          replies.push([null, channels.flatMap((c) => [c, listening.has(c.slice(5)) ? 1 : 0])]);
          return chain;
        },
        mget(...keys: string[]) {
          replies.push([null, keys.map((k) => (beats.has(k) ? "1" : null))]);
          return chain;
        },
        exec: async () => replies,
      };
      return chain;
    },
  };
  return { redis: redis as unknown as Redis, listening, beats };
}

/** A clock whose one timer (the check's loop) fires when told. */
function manualClock() {
  let now = 1_000_000;
  let timer: (() => void) | null = null;
  return {
    now: () => now,
    setTimer(fn: () => void) {
      timer = fn;
      return fn;
    },
    clearTimer() {
      timer = null;
    },
    /** Moves on a period and runs the check it arms; resolves once the next check is armed. */
    async period() {
      now += 1000;
      const fire = timer;
      timer = null;
      fire?.();
      await until("the next check armed", () => timer !== null);
    },
  };
}

async function peersOf(self: string) {
  const fake = fakeRedis();
  const clock = manualClock();
  const peers = new Peers({
    self,
    all: ALL,
    redis: fake.redis,
    channelOf: (address) => address,
    beatKeyOf: (peer) => `beat:${peer}`,
    clock,
    periodMs: 1000,
  });
  await peers.start();
  peers.beat();
  return { peers, clock, ...fake };
}

describe("Peers", () => {
  it("a peer that still listens but no longer beats (frozen) is down once its beat is missed at two checks", async () => {
    const { peers, clock, beats } = await peersOf("a:1");
    beats.add("beat:b:1");
    await clock.period();
    expect(peers.upFor("b:1")).toBeGreaterThan(0);
    beats.delete("beat:b:1");
    // one missed check is not enough: after a restart of Redis every beat is gone for a moment
    await clock.period();
    expect(peers.upFor("b:1")).toBeGreaterThan(0);
    await clock.period();
    expect(peers.upFor("b:1")).toBe(0);
    // it beats again: up from now on, as a process that was just started
    beats.add("beat:b:1");
    await clock.period();
    expect(peers.upFor("b:1")).toBe(0);
    await clock.period();
    expect(peers.upFor("b:1")).toBe(1000);
  });

  it("a peer never heard beating (an earlier release) is up while it listens; one that stops listening is down at once", async () => {
    const { peers, clock, listening } = await peersOf("a:1");
    for (let i = 0; i < 3; i++) await clock.period();
    expect(peers.upFor("c:1")).toBeGreaterThan(0);
    listening.delete("c:1");
    await clock.period();
    expect(peers.upFor("c:1")).toBe(0);
    expect(peers.upFor("a:1")).toBe(Number.POSITIVE_INFINITY);
  });

  it("a process started in the place of one that beat is judged by its listener alone until it beats", async () => {
    const { peers, clock, listening, beats } = await peersOf("a:1");
    beats.add("beat:b:1");
    await clock.period();
    // b dies (its beat outlives it) and another b starts, busy starting up: it does not beat yet
    listening.delete("b:1");
    await clock.period();
    beats.delete("beat:b:1");
    listening.add("b:1");
    for (let i = 0; i < 3; i++) await clock.period();
    expect(peers.upFor("b:1")).toBe(2000);
    expect(beats.has("beat:a:1")).toBe(true);
  });
});
