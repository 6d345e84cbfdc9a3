import { apply } from "../src/apply";
import { createGame } from "../src/setup";
import { mulberry32, randomLegalAction, testSeed } from "../src/testing";
import type { DreamersAction, DreamersEvent, DreamersState } from "../src/types";

export function newGame(seed = 1): DreamersState {
  const result = createGame({}, testSeed(mulberry32(seed)));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Applies an action that must be legal. */
export function must(state: DreamersState, action: DreamersAction): DreamersState {
  const result = apply(state, action);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message} (${JSON.stringify(action)})`);
  return result.value.state;
}

/** Applies an action that must be legal and returns its events too. */
export function mustWithEvents(state: DreamersState, action: DreamersAction): [DreamersState, DreamersEvent[]] {
  const result = apply(state, action);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message} (${JSON.stringify(action)})`);
  return [result.value.state, result.value.events];
}

export function errorCode(state: DreamersState, action: unknown): string | undefined {
  const result = apply(state, action);
  return result.ok ? undefined : result.error.code;
}

/** A whole random game, every action recorded. */
export function randomGame(seed: number): { initial: DreamersState; final: DreamersState; actions: DreamersAction[] } {
  const initial = newGame(seed);
  const random = mulberry32(seed ^ 0x5bd1e995);
  const actions: DreamersAction[] = [];
  let state = initial;
  for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
    state = must(state, action);
    actions.push(action);
  }
  return { initial, final: state, actions };
}
