/** Input from outside: hostile objects, junk, and states that must not change. */
import type { Viewer } from "../contract";
import type { Result } from "../result";

/** An object every read of which throws: input that no function of the contract may throw on. */
export function hostileInput(): object {
  const refuse = (what: string) => () => {
    throw new Error(what);
  };
  return new Proxy({}, { getPrototypeOf: refuse("prototype"), ownKeys: refuse("keys"), get: refuse("get") });
}

/** How the contract's input-reading functions took one input: whether apply and parseAction accepted it, checkAction's code. */
export interface InputReading {
  applied: boolean;
  parsed: boolean;
  checked: string | null;
}

/** Each input given to `apply` (at `state`), `parseAction` and `checkAction` (at seat 0's view). */
export function readInputs<State, View>(
  rules: {
    apply(state: State, input: unknown): Result<unknown>;
    parseAction(input: unknown): Result<unknown>;
    view(state: State, viewer: Viewer): View;
    checkAction(view: View, input: unknown): { code: string } | null;
  },
  state: State,
  inputs: readonly unknown[],
): InputReading[] {
  return inputs.map((input) => ({
    applied: rules.apply(state, input).ok,
    parsed: rules.parseAction(input).ok,
    checked: rules.checkAction(rules.view(state, 0), input)?.code ?? null,
  }));
}

/** Freezes a value and everything in it, so that code changing it throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Each input applied to a deep-frozen copy of `state`: its result, and whether the copy was left as it was. */
export function applyToFrozen<State, Applied>(
  rules: { apply(state: State, input: unknown): Result<Applied> },
  state: State,
  inputs: readonly unknown[],
): Array<{ input: unknown; result: Result<Applied>; untouched: boolean }> {
  const frozen = deepFreeze(structuredClone(state));
  const before = JSON.stringify(frozen);
  return inputs.map((input) => {
    const result = rules.apply(frozen, input);
    return { input, result, untouched: JSON.stringify(frozen) === before };
  });
}
