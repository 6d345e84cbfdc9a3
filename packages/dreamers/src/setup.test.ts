import { CounterRng } from "@firmament/game-kit";
import { describe, expect, it } from "vitest";
import { newGame } from "../test/helpers";
import { verifyCommitment } from "./commitment";
import { DREAM_CARDS, NIGHTMARE_CARDS } from "./decks";
import { createGame, shuffle } from "./setup";
import { mulberry32, testSeed } from "./testing";
import type { DreamersSetup } from "./types";

describe("createGame", () => {
  it("refuses a bad seed or setup with a namespaced code", () => {
    const code = (setup: unknown, seed: unknown) => {
      const result = createGame(setup as DreamersSetup, seed as string);
      return result.ok ? "ok" : result.error.code;
    };
    const seed = testSeed(mulberry32(1));
    expect(code({}, seed)).toBe("ok");
    expect(code({}, seed.toUpperCase())).toBe("setup/bad_seed");
    expect(code({}, seed.slice(1))).toBe("setup/bad_seed");
    expect(code({}, `${seed}0`)).toBe("setup/bad_seed");
    expect(code({}, 42)).toBe("setup/bad_seed");
    expect(code(null, seed)).toBe("setup/malformed");
    expect(code([], seed)).toBe("setup/malformed");
  });

  it("deals round 1: three cards a hand from a whole shuffled Dream deck, a Nightmare up, a commitment", () => {
    const state = newGame(2);
    const round = state.round;
    expect(state.phase).toBe("first_play");
    expect(round.number).toBe(1);
    expect(round.turn).toBe(1);
    expect(round.hands.map((hand) => hand.length)).toEqual([3, 3]);
    expect(round.dreamDeck).toHaveLength(DREAM_CARDS.length - 6);
    expect(new Set([...round.dreamDeck, ...round.hands[0], ...round.hands[1]]).size).toBe(DREAM_CARDS.length);
    expect(round.nightmareDeck).toHaveLength(NIGHTMARE_CARDS.length - 1);
    expect(round.nightmare).not.toBeNull();
    expect(round.first).toBe(round.starter);
    expect(round.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(round.commitment).toMatch(/^[0-9a-f]{64}$/);
    const identities = round.identities ?? [];
    expect(
      verifyCommitment(round.commitment, { round: 1, identities, unused: round.unused, salt: round.salt }),
    ).toBe(true);
    expect([...identities, round.unused].sort()).toEqual(["dreamer", "dreamer", "master"]);
    expect(state.scores).toEqual([0, 0]);
  });

  it("is deterministic in its seed, and picks either seat to start", () => {
    expect(newGame(11)).toEqual(newGame(11));
    expect(newGame(11)).not.toEqual(newGame(12));
    const starters = new Set(Array.from({ length: 40 }, (_, i) => newGame(i).round.starter));
    expect(starters).toEqual(new Set([0, 1]));
  });

  it("deals both Dreamers a third of the time, and the Master evenly to each seat and to the unused card", () => {
    // Over 6,000 fixed seeds: where the Master is — seat 0, seat 1 or unused (both Dreamers) — each 1/3.
    // Chi-square with 2 degrees of freedom, critical value 13.82 at p = 0.001; the seeds are fixed, so
    // the test cannot flake, and a deal biased by 3 percentage points would fail it.
    const games = 6000;
    const counts = [0, 0, 0];
    let starterMaster = 0;
    for (let i = 0; i < games; i++) {
      const round = newGame(100_000 + i).round;
      const where = round.unused === "master" ? 2 : (round.identities?.indexOf("master") ?? -1);
      counts[where] = (counts[where] as number) + 1;
      if (round.identities?.[round.starter] === "master") starterMaster++;
    }
    const expected = games / 3;
    const chiSquare = counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(13.82);
    // Both Dreamers: 1/3 ± 0.03, about five standard deviations (sqrt(2/9 / 6000) ≈ 0.006).
    expect(Math.abs((counts[2] as number) / games - 1 / 3)).toBeLessThan(0.03);
    // The round's first player draws first: the Master is theirs a third of the time too.
    expect(Math.abs(starterMaster / games - 1 / 3)).toBeLessThan(0.03);
  });

  it("keeps the whole state as plain JSON", () => {
    const state = newGame(6);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe("shuffle", () => {
  it("draws every order of 4 cards equally often", () => {
    // 24,000 shuffles from a fixed key: each of the 24 orders expected 1,000 times. Chi-square with 23
    // degrees of freedom, critical value 49.73 at p = 0.001; fixed seeds, so it never flakes.
    const rng = new CounterRng(testSeed(mulberry32(99)), 0);
    const counts = new Map<string, number>();
    const draws = 24_000;
    for (let i = 0; i < draws; i++) {
      const order = shuffle(rng, ["a", "b", "c", "d"]).join("");
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    const expected = draws / 24;
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(49.73);
  });

  it("puts each Dream card on top of the deck equally often, using few generator words", () => {
    const rng = new CounterRng(testSeed(mulberry32(100)), 0);
    const draws = 20_000;
    const tops = new Map<string, number>();
    for (let i = 0; i < draws; i++) {
      const top = shuffle(
        rng,
        DREAM_CARDS.map((c) => c.id),
      )[0] as string;
      tops.set(top, (tops.get(top) ?? 0) + 1);
    }
    const expected = draws / 20;
    const chiSquare = [...tops.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(tops.size).toBe(20);
    expect(chiSquare).toBeLessThan(43.82); // 19 degrees of freedom, p = 0.001
    // Three words a shuffle, plus the rare rejected word.
    expect(rng.state().counter / draws).toBeLessThan(3.5);
  });

  it("leaves the list it is given alone and keeps every item", () => {
    const items = Object.freeze(["x", "y", "z"]);
    const rng = new CounterRng(testSeed(mulberry32(1)), 0);
    expect(shuffle(rng, items).sort()).toEqual(["x", "y", "z"]);
    expect(shuffle(rng, [])).toEqual([]);
    expect(shuffle(rng, ["only"])).toEqual(["only"]);
  });
});
