import { describe, expect, it } from "vitest";
import { newGame } from "../test/helpers";
import { apply } from "./apply";
import { createHighLowBot } from "./bot";
import { checkAction } from "./legal";
import type { HighLowState } from "./types";
import { progressOf, view } from "./view";

/** Two bots play a game from their own views only; every action they propose must be legal. */
function botGame(seed: number): HighLowState {
  const bots = [createHighLowBot(`a${seed}`), createHighLowBot(`b${seed}`)];
  let state = newGame(seed);
  for (let seat = progressOf(state).awaiting[0]; seat !== undefined; seat = progressOf(state).awaiting[0]) {
    const seen = view(state, seat);
    const action = bots[seat]?.decide(seen) ?? null;
    expect(action && checkAction(seen, action)).toBeNull();
    const applied = apply(state, action);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
  }
  return state;
}

describe("the bisecting bot", () => {
  it("plays legal moves from its view only and hits within 6 guesses of its own", () => {
    for (let seed = 0; seed < 100; seed++) {
      const over = botGame(seed);
      expect(over.phase).toBe("over");
      const winner = over.winners?.[0];
      expect(over.guesses.filter((guess) => guess.seat === winner).length).toBeLessThanOrEqual(6);
    }
  });

  it("is deterministic per seed, and does nothing when its seat has nothing to do", () => {
    const state = newGame(1);
    expect(createHighLowBot("x").decide(view(state, 0))).toEqual(
      createHighLowBot("x").decide(view(state, 0)),
    );
    const numbers = new Set(
      Array.from({ length: 40 }, (_, i) => createHighLowBot(`seed${i}`).decide(view(state, 0))?.number),
    );
    expect(numbers.size).toBeGreaterThan(10);
    expect(createHighLowBot("x").decide(view(state, "spectator"))).toBeNull();
  });
});
