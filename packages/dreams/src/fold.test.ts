import { allViewers, foldKeepsView, foldsAlong } from "@firmament/game-kit/testing";
import { describe, expect, it } from "vitest";
import { newGame } from "../test/helpers";
import { dreams } from "./game";
import { mulberry32, randomLegalAction } from "./testing";
import type { DreamsState } from "./types";

const GAMES = Number(process.env.FOLD_PROPERTY_GAMES ?? 1000);
/** Every viewer at every step when set; else the spectator and one seat picked at random per step. */
const ALL_VIEWERS = process.env.FOLD_PROPERTY_ALL_VIEWERS === "1";

describe("fold", () => {
  it(`turns a viewer's view before an action, folded with its events, into its view after (${GAMES} random games of 3–6 players)`, () => {
    const problems: string[] = [];
    let checked = 0;
    for (let game = 0; game < GAMES; game++) {
      const players = 3 + (game % 4);
      const random = mulberry32(game * 7919 + 1);
      const choose = (state: DreamsState) => randomLegalAction(state, random);
      const viewers = () =>
        ALL_VIEWERS ? allViewers(players) : [Math.floor(random() * players), "spectator" as const];
      const run = foldsAlong(dreams, newGame(players, game + 1), choose, viewers);
      problems.push(...run.problems.map((problem) => `game ${game}, ${problem}`));
      checked += run.checked;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(GAMES * 50);
  }, 900_000);

  it("never changes the view it is given", () => {
    const state = newGame(4, 3);
    expect(foldKeepsView(dreams, state, randomLegalAction(state, mulberry32(1)), 1)).toBe(true);
  });
});
