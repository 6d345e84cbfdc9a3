import {
  apply,
  COLOURS,
  createGame,
  type DreamsState,
  type DreamsView,
  type ImageNumber,
  type PlacedStar,
  view,
} from "@firmament/dreams";
import { describe, expect, expectTypeOf, it } from "vitest";
import { hexSeed } from "./arena";
import { createBot } from "./bot";
import { explainStars, type SeatBelief, type StarsOnly } from "./explain";
import { clearMemo } from "./memo";
import { CELLS, cardModel, cellCentre, cellOf, cellsBlockedBy } from "./model";
import { syntheticDeck } from "./synthetic";

const deck = syntheticDeck(24, 11);

/** Plays one round with oracle bots at every seat up to its reveal. */
function revealedRound(players: number, seed: string): DreamsState {
  const created = createGame({ colours: COLOURS.slice(0, players), deck: deck.ids, seed: hexSeed(seed) });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const bots = Array.from({ length: players }, (_, s) => createBot({ level: "oracle", seed: `${seed}${s}` }));
  while (state.phase !== "reveal") {
    const moves = Array.from({ length: players }, (_, s) =>
      bots[s]?.decide({ view: view(state, s), detail: deck.detail }),
    );
    const applied = apply(state, moves.find((m) => m) ?? null);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
  }
  return state;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function expectDistributions(beliefs: SeatBelief[]): void {
  beliefs.forEach((b, seat) => {
    expect(b.asMortal).toHaveLength(4);
    expect(sum(b.asMortal)).toBeCloseTo(1, 9);
    for (const p of b.asMortal) expect(p).toBeGreaterThanOrEqual(0);
    expect(b.asGod).not.toBeNull();
    expect(sum(b.asGod as number[])).toBeCloseTo(1, 9);
    expect((b.asGod as number[])[seat]).toBe(0);
  });
}

describe("explainStars", () => {
  const state = revealedRound(5, "explain5");
  const spectator = view(state, "spectator");
  const vision = spectator.result?.secret.vision as ImageNumber;

  it("gives every seat a distribution over the cards and over the other seats, after every star", () => {
    const beliefs = explainStars(spectator, vision, deck.detail);
    expect(beliefs.steps).toHaveLength(spectator.stars.length + 1);
    for (const step of beliefs.steps) expectDistributions(step);
    expect(beliefs.final).toEqual(beliefs.steps.at(-1));
    // Before any star nothing is known.
    for (const b of beliefs.steps[0] as SeatBelief[])
      for (const p of b.asMortal) expect(p).toBeCloseTo(0.25, 9);
  });

  it("takes no secret: its input type holds none, and views that differ only in secrets give the same", () => {
    expectTypeOf<StarsOnly>().not.toHaveProperty("me");
    expectTypeOf<StarsOnly>().not.toHaveProperty("result");
    expectTypeOf<StarsOnly>().not.toHaveProperty("guessed");
    const reference = explainStars(spectator, vision, deck.detail);
    // Each seat's own view (its role, its vision, its guess) and a view with a forged secret.
    for (let seat = 0; seat < 5; seat++) {
      clearMemo();
      expect(explainStars(view(state, seat), vision, deck.detail)).toEqual(reference);
    }
    const forged: DreamsView = {
      ...spectator,
      me: { seat: 0, role: "god", vision: ((vision % 4) + 1) as ImageNumber, starsLeft: [], guess: null },
      result: null,
    };
    expect(explainStars(forged, vision, deck.detail)).toEqual(reference);
    // Only what is public after the reveal changes the god beliefs: the vision.
    const other = explainStars(spectator, ((vision % 4) + 1) as ImageNumber, deck.detail);
    expect(other.final.map((b) => b.asMortal)).toEqual(reference.final.map((b) => b.asMortal));
    expect(other.final.map((b) => b.asGod)).not.toEqual(reference.final.map((b) => b.asGod));
  });

  it.each([
    [5, "explain5"],
    [3, "explain3"],
    [6, "explain6"],
  ])(
    "is the oracle's own belief: each oracle's guess is its seat's likeliest (%i players)",
    (players, seed) => {
      const seen = players === 5 ? spectator : view(revealedRound(players, seed), "spectator");
      const beliefs = explainStars(seen, seen.result?.secret.vision as ImageNumber, deck.detail);
      const result = seen.result;
      if (!result) throw new Error("not revealed");
      const argMax = (xs: readonly number[]) => xs.indexOf(Math.max(...xs));
      result.guesses.forEach((guess, seat) => {
        const belief = beliefs.final[seat] as SeatBelief;
        if ("image" in guess) {
          expect(seat).toBe(result.secret.mortal);
          expect(guess.image).toBe(argMax(belief.asMortal) + 1);
        } else expect(guess.colour).toBe(seen.colours[argMax(belief.asGod as number[])]);
      });
    },
  );

  it("leaves the god beliefs out while the vision is secret", () => {
    const inPlay = explainStars(spectator, null, deck.detail);
    for (const b of inPlay.final) expect(b.asGod).toBeNull();
  });

  it("moves star by star exactly as the beliefs computed from each prefix alone", () => {
    const whole = explainStars(spectator, vision, deck.detail);
    for (const t of [0, 1, 4, 9, spectator.stars.length]) {
      clearMemo();
      const prefix = explainStars({ ...spectator, stars: spectator.stars.slice(0, t) }, vision, deck.detail);
      const step = whole.steps[t] as SeatBelief[];
      prefix.final.forEach((b, seat) => {
        b.asMortal.forEach((p, i) => {
          expect(p).toBeCloseTo(step[seat]?.asMortal[i] as number, 12);
        });
        b.asGod?.forEach((p, j) => {
          expect(p).toBeCloseTo(step[seat]?.asGod?.[j] as number, 12);
        });
      });
    }
  });

  it("on a hand-made round: gods on card 2's details point the mortal there, and the odd one out is named", () => {
    const cards = deck.ids.slice(0, 4) as [string, string, string, string];
    const models = cards.map((id) => cardModel(deck.detail(id)));
    const stars: PlacedStar[] = [];
    const taken = new Set<number>();
    /** The free cell most salient on `card` for a clear star. */
    const peak = (card: number): { x: number; y: number } => {
      const w = models[card]?.base[0] as Float64Array;
      let best = -1;
      for (let c = 0; c < CELLS; c++)
        if (!taken.has(c) && (best < 0 || (w[c] as number) > (w[best] as number))) best = c;
      for (const c of cellsBlockedBy(cellCentre(best).x, cellCentre(best).y)) taken.add(c);
      return cellCentre(best);
    };
    // Seats 0 and 1 (gods, vision 2) put all their stars on card 2's brightest details; seat 2 on card 4's.
    for (let round = 0; round < 3; round++)
      for (const [seat, card] of [
        [0, 1],
        [1, 1],
        [2, 3],
      ] as const)
        stars.push({ seat, kind: "clear", ...peak(card) });
    expect(new Set(stars.map((s) => cellOf(s.x, s.y))).size).toBe(9);
    const beliefs = explainStars({ colours: ["red", "blue", "green"], cards, stars }, 2, deck.detail);
    const mortal = beliefs.final[2] as SeatBelief;
    expect(mortal.asMortal.indexOf(Math.max(...mortal.asMortal))).toBe(1);
    expect(mortal.asMortal[1]).toBeGreaterThan(0.5);
    for (const god of [0, 1]) {
      const named = beliefs.final[god]?.asGod as number[];
      expect(named[2]).toBeGreaterThan(0.5);
    }
  });
});
