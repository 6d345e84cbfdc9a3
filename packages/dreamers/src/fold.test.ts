import { allViewers, foldsThatDiffer, playOut } from "@firmament/game-kit/testing";
import { describe, expect, it } from "vitest";
import { newGame } from "../test/helpers";
import { dreamers } from "./game";
import { mulberry32, randomLegalAction } from "./testing";

const GAMES = Number(process.env.FOLD_PROPERTY_GAMES ?? 2000);

describe("fold", () => {
  it(`turns every viewer's view before an action, folded with its events, into its view after (${GAMES} random games)`, () => {
    let checked = 0;
    for (let game = 0; game < GAMES; game++) {
      const random = mulberry32(game * 7919 + 1);
      let before = newGame(game + 1);
      playOut(
        dreamers,
        before,
        (state) => randomLegalAction(state, random),
        (state, events, step) => {
          if (step > 0) {
            const wrong = foldsThatDiffer(dreamers, before, events, state, allViewers(2));
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
    expect(checked).toBeGreaterThan(GAMES * 10);
  }, 900_000);

  it("never changes the view it is given", () => {
    const state = newGame(3);
    const view = dreamers.view(state, 0);
    const frozen = JSON.stringify(view);
    const applied = dreamers.apply(state, randomLegalAction(state, mulberry32(1)));
    if (!applied.ok) throw new Error(applied.error.message);
    for (const event of applied.value.events) dreamers.fold(view, dreamers.viewEvent(event, 0));
    expect(JSON.stringify(view)).toBe(frozen);
  });
});
