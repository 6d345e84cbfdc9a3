import { allViewers, foldKeepsView, foldsAlong } from "@firmament/game-kit/testing";
import { describe, expect, it } from "vitest";
import { newGame } from "../test/helpers";
import { dreamers } from "./game";
import { mulberry32, randomLegalAction } from "./testing";
import type { DreamersState } from "./types";

const GAMES = Number(process.env.FOLD_PROPERTY_GAMES ?? 2000);

describe("fold", () => {
  it(`turns every viewer's view before an action, folded with its events, into its view after (${GAMES} random games)`, () => {
    const problems: string[] = [];
    let checked = 0;
    for (let game = 0; game < GAMES; game++) {
      const random = mulberry32(game * 7919 + 1);
      const choose = (state: DreamersState) => randomLegalAction(state, random);
      const run = foldsAlong(dreamers, newGame(game + 1), choose, () => allViewers(2));
      problems.push(...run.problems.map((problem) => `game ${game}, ${problem}`));
      checked += run.checked;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(GAMES * 10);
  }, 900_000);

  it("never changes the view it is given", () => {
    const state = newGame(3);
    expect(foldKeepsView(dreamers, state, randomLegalAction(state, mulberry32(1)), 0)).toBe(true);
  });
});
