import { standardDeck } from "@firmament/cards";
import { describe, expect, it } from "vitest";
import { playGame } from "./arena";

// The engine deals four distinct cards a round; the deck makes that mean four distinct pictures by
// giving every card a family of its own. Checked here on real deals, whole games played by the engine.
describe("dealing the standard deck", () => {
  const deck = standardDeck();
  const family = new Map(deck.cards.map((c) => [c.id, c.family]));
  const ids = deck.cards.map((c) => c.id);
  const detail = new Map(deck.cards.map((c) => [c.id, c.detail]));

  it("never shows two cards of one family in a round (over thousands of dealt rounds)", () => {
    expect(new Set(family.values()).size).toBe(deck.cards.length);
    let rounds = 0;
    let clashes = 0;
    for (let g = 0; rounds < 4000; g++) {
      const game = playGame({
        lineup: { players: 3 + (g % 4), mortal: "random", god: "random" },
        deck: ids,
        detail: (id) => detail.get(id) as (typeof deck.cards)[0]["detail"],
        seed: `deal|${g}`,
      });
      for (const r of game.rounds) {
        rounds++;
        const families = r.cards.map((id) => family.get(id));
        expect(families.every((f) => typeof f === "string")).toBe(true);
        if (new Set(families).size !== 4) clashes++;
      }
    }
    expect(clashes).toBe(0);
  });
});
