import { apply } from "../src/apply";
import { createGame } from "../src/setup";
import { mulberry32, randomLegalAction, testSeed } from "../src/testing";
import type { HighLowAction, HighLowEvent, HighLowState, Seat } from "../src/types";

export function newGame(seed = 1): HighLowState {
  const result = createGame({}, testSeed(mulberry32(seed)));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A new game whose first guesser is `first`. */
export function gameWithFirst(first: Seat): HighLowState {
  for (let seed = 1; ; seed++) {
    const state = newGame(seed);
    if (state.first === first) return state;
  }
}

/** Applies an action that must be legal; the state after it and its events. */
export function mustWithEvents(state: HighLowState, action: HighLowAction): [HighLowState, HighLowEvent[]] {
  const result = apply(state, action);
  if (!result.ok)
    throw new Error(`${result.error.code}: ${result.error.message} (${JSON.stringify(action)})`);
  return [result.value.state, result.value.events];
}

export function must(state: HighLowState, action: HighLowAction): HighLowState {
  return mustWithEvents(state, action)[0];
}

/** Both numbers chosen (seat 0 first): the game is at its first guess. */
export function chosen(state: HighLowState, numbers: [number, number]): HighLowState {
  const once = must(state, { type: "choose", seat: 0, number: numbers[0] });
  return must(once, { type: "choose", seat: 1, number: numbers[1] });
}

export function errorCode(state: HighLowState, action: unknown): string | undefined {
  const result = apply(state, action);
  return result.ok ? undefined : result.error.code;
}

/** A whole random game: every state, from the first, and the actions and events between them. */
export function randomGame(seed: number): {
  states: HighLowState[];
  actions: HighLowAction[];
  events: HighLowEvent[][];
} {
  const random = mulberry32(seed ^ 0x5bd1e995);
  const states = [newGame(seed)];
  const actions: HighLowAction[] = [];
  const events: HighLowEvent[][] = [];
  for (;;) {
    const state = states.at(-1) as HighLowState;
    const action = randomLegalAction(state, random);
    if (!action) return { states, actions, events };
    const [next, happened] = mustWithEvents(state, action);
    states.push(next);
    actions.push(action);
    events.push(happened);
  }
}
