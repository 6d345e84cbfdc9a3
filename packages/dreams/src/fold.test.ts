import { allViewers, foldsThatDiffer, playOut } from "@firmament/game-kit/testing";
import { describe, expect, it } from "vitest";
import { newGame } from "../test/helpers";
import { dreams } from "./game";
import { mulberry32, randomLegalAction } from "./testing";

const GAMES = Number(process.env.FOLD_PROPERTY_GAMES ?? 1000);
/** Every viewer at every step when set; else the spectator and one seat picked at random per step. */
const ALL_VIEWERS = process.env.FOLD_PROPERTY_ALL_VIEWERS === "1";

describe("fold", () => {
  it(`turns a viewer's view before an action, folded with its events, into its view after (${GAMES} random games of 3–6 players)`, () => {
    let checked = 0;
    for (let game = 0; game < GAMES; game++) {
      const players = 3 + (game % 4);
      const random = mulberry32(game * 7919 + 1);
      let before = newGame(players, game + 1);
      playOut(
        dreams,
        before,
        (state) => randomLegalAction(state, random),
        (state, events, step) => {
          if (step > 0) {
            const viewers = ALL_VIEWERS
              ? allViewers(players)
              : [Math.floor(random() * players), "spectator" as const];
            const wrong = foldsThatDiffer(dreams, before, events, state, viewers);
            if (wrong.length > 0)
              expect.fail(
                `game ${game}, step ${step}: ${events.map((e) => e.type)} folds wrong for ${wrong}`,
              );
            checked++;
          }
          before = state;
        },
      );
    }
    expect(checked).toBeGreaterThan(GAMES * 50);
  }, 900_000);

  it("never changes the view it is given", () => {
    const state = newGame(4, 3);
    const view = dreams.view(state, 1);
    const frozen = JSON.stringify(view);
    const applied = dreams.apply(state, randomLegalAction(state, mulberry32(1)));
    if (!applied.ok) throw new Error(applied.error.message);
    for (const event of applied.value.events) dreams.fold(view, dreams.viewEvent(event, 1));
    expect(JSON.stringify(view)).toBe(frozen);
  });
});
