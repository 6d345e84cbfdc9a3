import { apply } from "../src/apply";
import { createGame } from "../src/setup";
import { mulberry32, randomLegalAction, testSeed } from "../src/testing";
import { COLOURS, type DreamsAction, type DreamsState, type Guess, type Seat } from "../src/types";

export const DECK = Array.from({ length: 96 }, (_, i) => `card-${String(i).padStart(3, "0")}`);

export function newGame(players: number, seed = 1, deck: readonly string[] = DECK): DreamsState {
  const result = createGame({ colours: COLOURS.slice(0, players), deck, seed: testSeed(mulberry32(seed)) });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Applies an action that must be legal. */
export function must(state: DreamsState, action: DreamsAction): DreamsState {
  const result = apply(state, action);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value.state;
}

/** Places every star of the round at random legal spots. */
export function placeAllStars(state: DreamsState, seed = 7): DreamsState {
  const random = mulberry32(seed);
  let current = state;
  while (current.phase === "placing")
    current = must(current, randomLegalAction(current, random) as DreamsAction);
  return current;
}

/** Places all stars, then makes the given guesses (by seat), which must complete the round. */
export function playRound(
  state: DreamsState,
  guessOf: (seat: Seat, state: DreamsState) => Guess,
): DreamsState {
  let current = placeAllStars(state);
  for (let seat = 0; seat < current.colours.length; seat++)
    current = must(current, { type: "guess", seat, guess: guessOf(seat, current) });
  return current;
}

export function readyAll(state: DreamsState): DreamsState {
  let current = state;
  for (let seat = 0; seat < state.colours.length; seat++) current = must(current, { type: "ready", seat });
  return current;
}
