import { fail, guarded, ok, replay as replayActions } from "@firmament/game-kit";
import { evolve } from "./evolve";
import { illegality, publicTable, readAction, type Table } from "./rules";
import { leaders, scoreRound } from "./scoring";
import { dealRound } from "./setup";
import {
  type Applied,
  type DreamsAction,
  type DreamsEvent,
  type DreamsState,
  type Guess,
  type Result,
  type Seat,
  WINNING_SCORE,
} from "./types";

/** The legality facts of the full state, for an action by `seat`. */
export function tableOf(state: DreamsState, seat: Seat): Table {
  return { ...publicTable(state), known: { seat, role: seat === state.round.mortal ? "mortal" : "god" } };
}

/**
 * Applies one action. On success returns the new state and the events that led to it; on failure an
 * error with a namespaced code, and the given state is untouched. Never throws, whatever `input` is:
 * an input that throws when read (a getter, a Proxy, a revoked Proxy) is `action/malformed`.
 */
export function apply(state: DreamsState, input: unknown): Result<Applied> {
  return guarded(() => applyAction(state, input));
}

function applyAction(state: DreamsState, input: unknown): Result<Applied> {
  if (state.phase === "over") return fail("action/game_over", "The game is over.");
  const parsed = readAction(input);
  if (!parsed.ok) return parsed;
  const action = parsed.value;
  const problem = illegality(tableOf(state, action.seat), action);
  if (problem) return { ok: false, error: problem };
  const events: DreamsEvent[] = [];
  const next = decide(state, action, (event, current) => {
    events.push(event);
    return evolve(current, event);
  });
  return ok({ state: next, events });
}

type Emit = (event: DreamsEvent, state: DreamsState) => DreamsState;

function decide(state: DreamsState, action: DreamsAction, emit: Emit): DreamsState {
  switch (action.type) {
    case "place_star": {
      const { seat, kind, x, y } = action;
      return emit({ type: "star_placed", seat, kind, x, y, order: state.round.stars.length + 1 }, state);
    }
    case "guess": {
      const next = emit({ type: "guess_made", seat: action.seat, guess: action.guess }, state);
      return next.round.guesses.every((g) => g !== null) ? reveal(next, emit) : next;
    }
    case "ready": {
      const next = emit({ type: "player_ready", seat: action.seat }, state);
      if (!next.round.ready.every(Boolean)) return next;
      const dealer = (next.round.dealer + 1) % next.colours.length;
      return emit(dealRound(next, dealer), next);
    }
  }
}

function reveal(state: DreamsState, emit: Emit): DreamsState {
  const { number, vision, mortal, salt } = state.round;
  const guesses = state.round.guesses as Guess[];
  const secret = { round: number, vision, mortal, salt };
  const scoring = scoreRound(state.colours, secret, guesses);
  const scores = state.scores.map((score, seat) => score + (scoring[seat]?.points ?? 0));
  const next = emit({ type: "round_revealed", result: { secret, guesses, scoring }, scores }, state);
  if (Math.max(...scores) < WINNING_SCORE) return next;
  return emit({ type: "game_ended", winners: leaders(scores), scores }, next);
}

/** Applies actions in order from a state; stops at the first one refused. */
export function replay(initial: DreamsState, actions: readonly unknown[]): Result<DreamsState> {
  return replayActions({ apply }, initial, actions);
}
