import {
  createGame,
  type DreamersState,
  type DreamersView,
  dreamers,
  mulberry32,
  testSeed,
  view,
} from "@firmament/dreamers";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createDreamersBaseline } from "./baselines";
import { createDreamersBot } from "./bot";
import { explainTurns, type PublicTurns } from "./explain";

/** Every round's end of a few games, an oracle in seat 0 against a blunt blocker in seat 1. */
function roundEnds(games: number): DreamersState[] {
  const ends: DreamersState[] = [];
  for (let g = 0; g < games; g++) {
    const created = createGame({}, testSeed(mulberry32(900 + g)));
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value;
    const bots = [
      createDreamersBot({ level: "oracle", seed: `e${g}` }),
      createDreamersBaseline("blocker", `b${g}`),
    ];
    while (state.phase !== "over") {
      if (state.phase === "round_over" && !state.round.ready.some(Boolean)) ends.push(state);
      const seat = dreamers.progress(state).awaiting[0] as number;
      const applied = dreamers.apply(state, bots[seat]?.decide(view(state, seat)));
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
    }
  }
  return ends;
}

const ends = roundEnds(5);

describe("explainTurns", () => {
  it("gives each seat a probability per turn, starting from its prior", () => {
    expect(ends.length).toBeGreaterThanOrEqual(16);
    for (const state of ends) {
      const seen = view(state, "spectator");
      const beliefs = explainTurns(seen);
      for (const seat of [0, 1] as const) {
        expect(beliefs.seats[seat]).toHaveLength(seen.history.length + 1);
        for (const p of beliefs.seats[seat]) {
          expect(p).toBeGreaterThan(0);
          expect(p).toBeLessThan(1);
        }
        if (seen.chooser === 1 - seat) expect(beliefs.seats[seat][0]).toBeGreaterThan(0.5);
        else expect(beliefs.seats[seat][0]).toBe(0.5);
      }
    }
  });

  it("takes no secret: its input type holds none, and each player's view gives the spectator's answer", () => {
    expectTypeOf<PublicTurns>().not.toHaveProperty("me");
    expectTypeOf<PublicTurns>().not.toHaveProperty("result");
    for (const state of ends.slice(0, 8)) {
      const reference = explainTurns(view(state, "spectator"));
      expect(explainTurns(view(state, 0))).toEqual(reference);
      expect(explainTurns(view(state, 1))).toEqual(reference);
      const forged: DreamersView = {
        ...view(state, "spectator"),
        me: { seat: 0, identity: "master", hand: [] },
      };
      expect(explainTurns(forged)).toEqual(reference);
    }
  });

  it("reads a blunt blocker: higher belief in the Master when the other was the Master", () => {
    const final = (state: DreamersState) => {
      const seen = view(state, "spectator");
      return explainTurns(seen).seats[0].at(-1) as number;
    };
    const identities = (state: DreamersState) => view(state, "spectator").result?.secret.identities;
    const masters = ends.filter((s) => identities(s)?.[1] === "master").map(final);
    const dreamersOnly = ends.filter((s) => identities(s)?.[1] === "dreamer").map(final);
    expect(masters.length).toBeGreaterThan(3);
    expect(dreamersOnly.length).toBeGreaterThan(3);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(masters)).toBeGreaterThan(0.6);
    expect(mean(masters)).toBeGreaterThan(mean(dreamersOnly) + 0.2);
  });
});
