/** Random play through the contract, and what tests gather along it. */
import { sha256Hex } from "../commitment";
import type { Result } from "../result";

/**
 * Plays a game to its end (or `maxSteps`) with `choose` picking each action from the full state;
 * `visit` sees every state, the first included, with the events that led to it. Throws if the rules
 * refuse a chosen action, since a chooser must only choose legal ones. Returns the last state.
 */
export function playOut<State, Event>(
  rules: { apply(state: State, input: unknown): Result<{ state: State; events: Event[] }> },
  initial: State,
  choose: (state: State) => unknown | null,
  visit: (state: State, events: Event[], step: number) => void = () => undefined,
  maxSteps = 100_000,
): State {
  let state = initial;
  visit(state, [], 0);
  for (let step = 1; step <= maxSteps; step++) {
    const action = choose(state);
    if (action === null) return state;
    const applied = rules.apply(state, action);
    if (!applied.ok)
      throw new Error(`chosen action refused (${applied.error.code}): ${JSON.stringify(action)}`);
    state = applied.value.state;
    visit(state, applied.value.events, step);
  }
  return state;
}

/** The value of a result that must have succeeded; throws with the refusal's code otherwise. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** One action of a game played out, with the events it caused. */
export interface PlayedStep<Event> {
  action: unknown;
  events: Event[];
}

/** `playOut`, keeping each action with its events: the steps and the last state. */
export function playSteps<State, Event>(
  rules: { apply(state: State, input: unknown): Result<{ state: State; events: Event[] }> },
  initial: State,
  choose: (state: State) => unknown | null,
  maxSteps = 100_000,
): { steps: PlayedStep<Event>[]; state: State } {
  const steps: PlayedStep<Event>[] = [];
  let chosen: unknown = null;
  const pickAndKeep = (state: State) => {
    chosen = choose(state);
    return chosen;
  };
  const keep = (_: State, events: Event[], step: number) => {
    if (step > 0) steps.push({ action: chosen, events });
  };
  return { steps, state: playOut(rules, initial, pickAndKeep, keep, maxSteps) };
}

/** Every state of a game played out by `playOut`, the first included. */
export function playedStates<State>(
  rules: { apply(state: State, input: unknown): Result<{ state: State; events: unknown[] }> },
  initial: State,
  choose: (state: State) => unknown | null,
): State[] {
  const states: State[] = [];
  playOut(rules, initial, choose, (state) => states.push(state));
  return states;
}

/** A short hash of states' JSON, in order: what a rules-version test pins for a seed. */
export function fingerprint(states: readonly unknown[]): string {
  return sha256Hex(states.map((state) => JSON.stringify(state)).join("")).slice(0, 16);
}

/** Plays a game out and gathers what `check` finds at each state, given the action chosen there (null at the end). */
export function problemsAlong<State, Action>(
  rules: { apply(state: State, input: unknown): Result<{ state: State; events: unknown[] }> },
  initial: State,
  choose: (state: State) => Action | null,
  check: (state: State, next: Action | null) => string[],
): string[] {
  const problems: string[] = [];
  playOut(rules, initial, (state) => {
    const next = choose(state);
    problems.push(...check(state, next));
    return next;
  });
  return problems;
}
