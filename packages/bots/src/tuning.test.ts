import { type DetailMap, standardDeck } from "@firmament/cards";
import { describe, expect, it } from "vitest";
import { ArenaStats, type Lineup, playGame, type Tally } from "./arena";
import { botWithParams, LEVELS, type Params } from "./bot";

// The oracle's tuning was done on the standard deck 2.0.0 (edition 2, seed "tune"), so it is checked there. Each
// check compares the tuned oracle with the alternative it replaced, on the same seeds, and asks for a gap
// beyond two standard errors of the difference.
const deck = standardDeck(2);
const maps = new Map(deck.cards.map((c) => [c.id, c.detail]));
const ids = [...maps.keys()];
const detail = (id: string): DetailMap => maps.get(id) as DetailMap;

function play(lineup: Lineup, oracle: Partial<Params>, games: number, seed: string): ArenaStats {
  const params: Params = { ...LEVELS.oracle, ...oracle };
  const stats = new ArenaStats();
  for (let g = 0; g < games; g++)
    stats.addGame(
      playGame({
        lineup,
        deck: ids,
        detail,
        seed: `${seed}|${g}`,
        maxRounds: 8,
        custom: { oracle: (s) => botWithParams(params, s) },
      }),
      false,
    );
  return stats;
}

function gap(a: Tally, b: Tally): { diff: number; twoSe: number } {
  return { diff: a.mean - b.mean, twoSe: 2 * Math.hypot(a.se, b.se) };
}

describe("oracle tuning on the standard deck", () => {
  const fiveOracles: Lineup = { players: 5, mortal: "oracle", god: "oracle" };

  it("gods blend in (λ 0.45): an oracle mortal misses the vision far more often than against λ 0.2", () => {
    expect(LEVELS.oracle.lambda).toBe(0.45);
    const tuned = play(fiveOracles, {}, 25, "lambda").of("oracle").visionFound;
    const plain = play(fiveOracles, { lambda: 0.2 }, 25, "lambda").of("oracle").visionFound;
    expect(tuned.n).toBeGreaterThan(120);
    const { diff, twoSe } = gap(plain, tuned);
    expect(diff).toBeGreaterThan(twoSe);
  });

  it("the mortal mimics gods of its own policy, and is named less often than one that only points", () => {
    expect(LEVELS.oracle.mimic).toBe(true);
    const tuned = play(fiveOracles, {}, 25, "mimic").of("oracle").godNamed;
    const pointing = play(fiveOracles, { mimic: false }, 25, "mimic").of("oracle").godNamed;
    expect(tuned.n).toBeGreaterThan(500);
    const { diff, twoSe } = gap(pointing, tuned);
    expect(diff).toBeGreaterThan(twoSe);
  });

  it("gives 'a mortal like me' little weight, so a random-placing mortal is not mistaken for a god", () => {
    const lineup: Lineup = { players: 5, mortal: "random", god: "oracle" };
    expect(LEVELS.oracle.mortalModel).toBe(0.01);
    const tuned = play(lineup, {}, 25, "random").of("oracle").godNamed;
    const heavier = play(lineup, { mortalModel: 0.15 }, 25, "random").of("oracle").godNamed;
    expect(tuned.n).toBeGreaterThan(500);
    const { diff, twoSe } = gap(tuned, heavier);
    expect(diff).toBeGreaterThan(twoSe);
  });

  it("counts broad pointers among gods, so novice gods are not taken for the mortal", () => {
    const lineup: Lineup = { seats: ["oracle", "oracle", "novice", "novice", "novice"] };
    const tuned = play(lineup, {}, 60, "broad").of("oracle").godNamed;
    const sharpOnly = play(lineup, { godTypes: [] }, 60, "broad").of("oracle").godNamed;
    expect(LEVELS.oracle.godTypes).toContain(1);
    expect(tuned.n).toBeGreaterThan(500);
    const { diff, twoSe } = gap(tuned, sharpOnly);
    expect(diff).toBeGreaterThan(twoSe);
  });
});
