import { describe, expect, it } from "vitest";
import { must, newGame, placeAllStars, playRound } from "../test/helpers";
import { apply } from "./apply";
import type { Colour } from "./types";
import { view, viewEvent } from "./view";

describe("view", () => {
  const state = newGame(4, 12);
  const mortal = state.round.mortal;
  const god = (mortal + 1) % 4;

  it("tells a god the vision, the mortal only that they are the mortal, a spectator neither", () => {
    expect(view(state, god).me).toMatchObject({ seat: god, role: "god", vision: state.round.vision });
    const mine = view(state, mortal).me;
    expect(mine).toMatchObject({ seat: mortal, role: "mortal" });
    expect(mine && "vision" in mine).toBe(false);
    expect(view(state, "spectator").me).toBeNull();
  });

  it("shows everyone the cards, scores, dealer, turn, commitment and stars", () => {
    const placed = must(state, {
      type: "place_star",
      seat: state.round.dealer,
      kind: "gray",
      x: 0.3,
      y: 0.6,
    });
    for (const viewer of [0, 1, 2, 3, "spectator"] as const) {
      const v = view(placed, viewer);
      expect(v.cards).toEqual(state.round.cards);
      expect(v.dealer).toBe(state.round.dealer);
      expect(v.turn).toBe((state.round.dealer + 1) % 4);
      expect(v.commitment).toBe(state.round.commitment);
      expect(v.stars).toEqual([{ seat: state.round.dealer, kind: "gray", x: 0.3, y: 0.6 }]);
      expect(v.result).toBeNull();
    }
    expect(view(placed, state.round.dealer).me?.starsLeft).toEqual(["clear", "black"]);
  });

  it("shows who has guessed but not what, except one's own guess", () => {
    const guessing = placeAllStars(state);
    const guessed = must(guessing, { type: "guess", seat: mortal, guess: { image: 4 } });
    expect(view(guessed, god).guessed[mortal]).toBe(true);
    expect(JSON.stringify(view(guessed, god))).not.toContain('"image"');
    expect(view(guessed, mortal).me?.guess).toEqual({ image: 4 });
  });

  it("reveals everything to everyone after the last guess", () => {
    const revealed = playRound(state, (seat, s) =>
      seat === s.round.mortal ? { image: 2 } : { colour: s.colours[s.round.mortal] as Colour },
    );
    const v = view(revealed, "spectator");
    expect(v.result?.secret).toEqual({
      round: 1,
      vision: state.round.vision,
      mortal,
      salt: state.round.salt,
    });
    expect(v.result?.guesses[mortal]).toEqual({ image: 2 });
  });

  it("does not share structure with the state", () => {
    const v = view(state, god);
    v.stars.push({ seat: 0, kind: "clear", x: 0, y: 0 });
    v.cards[0] = "changed";
    expect(state.round.stars).toEqual([]);
    expect(state.round.cards[0]).not.toBe("changed");
  });
});

describe("viewEvent", () => {
  it("hides the round's secret and others' guesses, and keeps one's own", () => {
    const state = newGame(3, 2);
    const dealt = {
      type: "round_started" as const,
      ...state.round,
      round: 1,
      pile: state.pile,
      discard: [],
      rng: state.rng,
    };
    // Each seat learns its own role (a god the vision too), a spectator neither; nobody the mortal's seat.
    const mortal = state.round.mortal;
    const god = (mortal + 1) % 3;
    const common = ["cards", "commitment", "dealer", "pileSize", "round", "type"];
    expect(Object.keys(viewEvent(dealt, "spectator")).sort()).toEqual(common);
    expect(viewEvent(dealt, mortal)).toMatchObject({ role: "mortal", pileSize: state.pile.length });
    expect(Object.keys(viewEvent(dealt, mortal)).sort()).toEqual([...common, "role"].sort());
    expect(viewEvent(dealt, god)).toMatchObject({ role: "god", vision: state.round.vision });

    const guessing = placeAllStars(state);
    const seat = guessing.round.mortal;
    const result = apply(guessing, { type: "guess", seat, guess: { image: 3 } });
    if (!result.ok) throw new Error(result.error.code);
    const event = result.value.events[0];
    if (!event) throw new Error("no event");
    expect(viewEvent(event, seat)).toEqual({ type: "guess_made", seat, guess: { image: 3 } });
    expect(viewEvent(event, (seat + 1) % 3)).toEqual({ type: "guess_made", seat });
    expect(viewEvent(event, "spectator")).toEqual({ type: "guess_made", seat });
  });
});
