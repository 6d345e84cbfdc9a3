import { mulberry32, type Random, testSeed } from "@firmament/game-kit/testing";
import { awaiting, guesser, rangeOf } from "./rules";
import { HIGHEST, type HighLowAction, type HighLowState, LOWEST } from "./types";

export { mulberry32, type Random, testSeed };

/**
 * A random legal action for the full state (for tests; bots play from views instead), or null when the
 * game is over: an awaited seat chooses any number, the guesser any number its answers still allow.
 */
export function randomLegalAction(state: HighLowState, random: Random): HighLowAction | null {
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  switch (state.phase) {
    case "choosing": {
      const chosen = state.numbers.map((number) => number !== null);
      const seats = awaiting({ phase: state.phase, chosen, first: state.first, guesses: state.guesses });
      const seat = seats[Math.floor(random() * seats.length)] ?? 0;
      return { type: "choose", seat, number: between(LOWEST, HIGHEST) };
    }
    case "guessing": {
      const seat = guesser(state.first, state.guesses);
      const range = rangeOf(state.guesses, seat);
      return { type: "guess", seat, number: between(range.min, range.max) };
    }
    case "over":
      return null;
  }
}
