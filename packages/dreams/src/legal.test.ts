import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newGame, placeAllStars, playRound } from "../test/helpers";
import { apply } from "./apply";
import { checkAction, legalActions } from "./legal";
import { mulberry32, randomLegalAction } from "./testing";
import type { Colour, DreamsState } from "./types";
import { view } from "./view";

describe("legalActions", () => {
  const state = newGame(4, 3);
  const dealer = state.round.dealer;

  it("offers the player on turn their remaining stars, and nothing to the others or spectators", () => {
    expect(legalActions(view(state, dealer))).toEqual([
      { type: "place_star", seat: dealer, kinds: ["clear", "gray", "black"] },
    ]);
    expect(legalActions(view(state, (dealer + 1) % 4))).toEqual([]);
    expect(legalActions(view(state, "spectator"))).toEqual([]);
  });

  it("offers a god the other players' colours and the mortal the four images", () => {
    const guessing = placeAllStars(state);
    const mortal = guessing.round.mortal;
    const god = (mortal + 1) % 4;
    expect(legalActions(view(guessing, mortal))).toEqual([
      { type: "guess", seat: mortal, guesses: [{ image: 1 }, { image: 2 }, { image: 3 }, { image: 4 }] },
    ]);
    const offered = legalActions(view(guessing, god))[0];
    expect(offered?.type === "guess" && offered.guesses).toEqual(
      guessing.colours.filter((_, s) => s !== god).map((colour) => ({ colour })),
    );
  });

  it("offers ready in the reveal, once", () => {
    const revealed = playRound(state, (seat, s) =>
      seat === s.round.mortal ? { image: 1 } : { colour: s.colours[s.round.mortal] as Colour },
    );
    expect(legalActions(view(revealed, 2))).toEqual([{ type: "ready", seat: 2 }]);
  });
});

describe("checkAction", () => {
  it("refuses acting for another seat", () => {
    const state = newGame(3, 1);
    const other = (state.round.dealer + 1) % 3;
    expect(
      checkAction(view(state, other), {
        type: "place_star",
        seat: state.round.dealer,
        kind: "clear",
        x: 0.5,
        y: 0.5,
      })?.code,
    ).toBe("action/not_your_seat");
  });

  it("agrees with apply for the acting seat's own actions, on random states", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 6 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 60 }),
        fc.record({
          type: fc.constantFrom("place_star", "guess", "ready"),
          kind: fc.constantFrom("clear", "gray", "black"),
          x: fc.double({ min: -0.1, max: 1.1, noNaN: true }),
          y: fc.double({ min: -0.1, max: 1.1, noNaN: true }),
          guess: fc.oneof(
            fc.record({ image: fc.integer({ min: 0, max: 5 }) }),
            fc.record({ colour: fc.constantFrom("red", "blue", "green", "yellow", "purple", "white") }),
          ),
        }),
        fc.integer({ min: 0, max: 5 }),
        (players, seed, steps, partial, seatPick) => {
          const random = mulberry32(seed);
          let state: DreamsState = newGame(players, seed);
          for (let i = 0; i < steps; i++) {
            const action = randomLegalAction(state, random);
            if (!action) break;
            const result = apply(state, action);
            if (result.ok) state = result.value.state;
          }
          const seat = seatPick % players;
          const action = { ...partial, seat };
          const byEngine = apply(state, action);
          const byView = checkAction(view(state, seat), action);
          expect(byView?.code).toBe(byEngine.ok ? undefined : byEngine.error.code);
        },
      ),
      { numRuns: 3000, seed: 11 },
    );
  });
});
