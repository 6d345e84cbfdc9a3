import type { Result, RuleError } from "./result";

/**
 * Runs a rules function on input from outside, so that nothing a caller passes — a Proxy, a getter that
 * throws, a revoked object — makes it throw: any exception becomes `action/malformed`.
 */
export function guarded<T>(run: () => Result<T>): Result<T> {
  try {
    return run();
  } catch {
    return { ok: false, error: { code: "action/malformed", message: "The action could not be read." } };
  }
}

/** A game's own functions that read input from outside, as the contract names them. */
interface InputEntries<Setup, State, Action, Event, View> {
  setup(setup: Setup, seed: string): Result<State>;
  parseAction(input: unknown): Result<Action>;
  apply(state: State, input: unknown): Result<{ state: State; events: Event[] }>;
  checkAction(view: View, input: unknown): RuleError | null;
}

/** A game's input-reading functions, each `guarded`, ready to spread into its `GameRules`. */
export function guardedEntries<Setup, State, Action, Event, View>(
  own: InputEntries<Setup, State, Action, Event, View>,
): InputEntries<Setup, State, Action, Event, View> {
  return {
    setup: (setup, seed) => guarded(() => own.setup(setup, seed)),
    parseAction: (input) => guarded(() => own.parseAction(input)),
    apply: (state, input) => guarded(() => own.apply(state, input)),
    checkAction: (view, input) => {
      const result = guarded(() => {
        const problem = own.checkAction(view, input);
        return problem ? { ok: false, error: problem } : { ok: true, value: null };
      });
      return result.ok ? null : result.error;
    },
  };
}
