import { type DetailMap, standardDeck } from "@firmament/cards";
import { describe, expect, it } from "vitest";
import { ArenaStats, type Lineup, playGame, type Tally } from "./arena";
import { botWithParams, LEVELS, type Params } from "./bot";

// The oracle's tuning was done on the standard deck, so it is checked there. Each check compares the
// tuned oracle with the alternative it replaced, on the same seeds, and asks for a gap beyond two
// standard errors of the difference.
const deck = standardDeck();
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
  it("counts broad pointers among gods, so novice gods are not taken for the mortal", () => {
    const lineup: Lineup = { seats: ["oracle", "oracle", "novice", "novice", "novice"] };
    const tuned = play(lineup, {}, 60, "broad").of("oracle").godNamed;
    const sharpOnly = play(lineup, { godTypes: [] }, 60, "broad").of("oracle").godNamed;
    expect(LEVELS.oracle.godTypes).toContain(1);
    expect(tuned.n).toBeGreaterThan(500);
    const { diff, twoSe } = gap(tuned, sharpOnly);
    expect(diff).toBeGreaterThan(twoSe);
  });

  it("blends in with λ 0.2: gods name an oracle mortal more often than at λ 0.15", () => {
    // The other side of the trade-off (λ 0.3 takes an oracle mortal below 2.2 points per round) needs
    // thousands of rounds to show; it is measured in the arena (README).
    const lineup: Lineup = { players: 5, mortal: "oracle", god: "oracle" };
    expect(LEVELS.oracle.lambda).toBe(0.2);
    const tuned = play(lineup, {}, 30, "lambda").of("oracle").godNamed;
    const milder = play(lineup, { lambda: 0.15 }, 30, "lambda").of("oracle").godNamed;
    expect(tuned.n).toBeGreaterThan(500);
    const { diff, twoSe } = gap(tuned, milder);
    expect(diff).toBeGreaterThan(twoSe);
  });
});
