import type { Result, RuleError } from "./result";
import type { TurnTimers } from "./table";

/** A seat index in seating order, 0-based. */
export type Seat = number;

/** Whom a view is for: one seat's player, or anyone else (a spectator sees only what everyone may). */
export type Viewer = Seat | "spectator";

/**
 * Where a game stands, in the terms the platform drives every game by. Everything here is public: a
 * game's views carry the same fields, computed by the same function, so the server (from the state)
 * and a client (from its view) never disagree about whose turn it is.
 */
export interface Progress {
  /** 1-based; an action sent for another round is stale. */
  round: number;
  /** The game's own name for its phase; turn timers are set per game and phase. */
  phase: string;
  /** The seats the game waits for now. Timers, bots and presence use this one rule. */
  awaiting: Seat[];
}

/** The fields every game's view has, whatever the game: its kind, its viewer and its progress. */
export interface ViewBase<K extends string = string> extends Progress {
  game: K;
  viewer: Viewer;
}

/** How a finished game ended: final scores per seat and the winning seats (several on a tie). */
export interface Outcome {
  winners: Seat[];
  scores: number[];
}

/** The outcome of a game whose state keeps its scores and, once it is over, its winners. */
export function outcomeOf(state: {
  winners: readonly Seat[] | null;
  scores: readonly number[];
}): Outcome | null {
  return state.winners ? { winners: state.winners.slice(), scores: state.scores.slice() } : null;
}

/**
 * One game's rules as the platform drives them. Every function is pure and deterministic and never
 * throws: refusals are values with namespaced codes, and the state passed in is never changed.
 *
 * - `Setup` is what a table gives the game besides the seed (players, deck…);
 * - `State` is plain JSON, the seeded generator's state included, so `replay` reproduces it exactly;
 * - `view` is the only way anything leaves the state: what that viewer may know, and nothing else;
 * - `legalActions` and `checkAction` take a view, so clients and bots ask the game instead of
 *   re-implementing legality.
 */
export interface GameRules<
  K extends string,
  Setup,
  State,
  Action extends { type: string; seat: Seat },
  Event extends { type: string },
  View extends ViewBase<K>,
  ViewEvent extends { type: string },
  Legal extends { type: string },
> {
  /** The game's kind, as tables and stored games name it. */
  readonly kind: K;
  /** Bumped whenever the same setup, seed and actions would give another game. */
  readonly rulesVersion: number;
  readonly seats: { readonly min: number; readonly max: number };
  /** Seconds per phase for each turn-timer pace; a game without them has no turn timers. */
  readonly timers?: TurnTimers;
  /** A new game, its first round dealt. `seed` is 64 lower-case hex digits from a secure source. */
  setup(setup: Setup, seed: string): Result<State>;
  /** Any input read as one of the game's actions (shape only, not legality), or `action/malformed`-like errors. */
  parseAction(input: unknown): Result<Action>;
  /** One action, validated whatever it is: the next state and the events that led there. */
  apply(state: State, input: unknown): Result<{ state: State; events: Event[] }>;
  view(state: State, viewer: Viewer): View;
  /** An event as that viewer may see it. */
  viewEvent(event: Event, viewer: Viewer): ViewEvent;
  /**
   * A viewer's view after one event, from its view before it and the event as it sees it
   * (`viewEvent`): folding the events of an action into `view(state, v)` gives `view(next, v)`, so a
   * client can be sent the events alone. Pure; never changes the view given.
   */
  fold(view: View, event: ViewEvent): View;
  progress(state: State): Progress;
  /** Null while the game goes on. */
  outcome(state: State): Outcome | null;
  /** What the view's own seat may do now (nothing for a spectator). */
  legalActions(view: View): Legal[];
  /** Null if `apply` would accept this action from the view's own seat, else the error it would give. */
  checkAction(view: View, input: unknown): RuleError | null;
}

/** Any game's rules, for code that drives games without knowing which. */
// biome-ignore lint/suspicious/noExplicitAny: the platform holds games of every type in one registry
export type AnyGameRules = GameRules<string, any, any, any, any, any, any, any>;

/** Every state of a replay from the first, and each action's events; or the action that was refused. */
export type Trajectory<State, Event> =
  | { ok: true; states: State[]; events: Event[][] }
  | { ok: false; at: number; error: RuleError };

/** Applies actions in order from a state, keeping each state and events; stops at the first one refused. */
export function replayTrajectory<State, Event>(
  rules: { apply(state: State, input: unknown): Result<{ state: State; events: Event[] }> },
  initial: State,
  actions: readonly unknown[],
): Trajectory<State, Event> {
  const states = [initial];
  const events: Event[][] = [];
  for (const [index, action] of actions.entries()) {
    const result = rules.apply(states[index] as State, action);
    if (!result.ok) return { ok: false, at: index, error: result.error };
    states.push(result.value.state);
    events.push(result.value.events);
  }
  return { ok: true, states, events };
}

/** Applies actions in order from a state; stops at the first one refused. */
export function replay<State>(
  rules: { apply(state: State, input: unknown): Result<{ state: State; events: unknown[] }> },
  initial: State,
  actions: readonly unknown[],
): Result<State> {
  const run = replayTrajectory(rules, initial, actions);
  if (!run.ok)
    return {
      ok: false,
      error: {
        code: run.error.code,
        message: `Action ${run.at} was refused on replay: ${run.error.message}`,
      },
    };
  return { ok: true, value: run.states.at(-1) as State };
}
