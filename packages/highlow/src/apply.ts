import { fail, ok, replay as replayActions } from "@firmament/game-kit";
import { commit } from "./commitment";
import { answerFor, illegality, other, parseAction, type Table } from "./rules";
import type { Applied, HighLowAction, HighLowEvent, HighLowState, Result } from "./types";

/** The legality facts of the full state: public ones only. */
export function tableOf(state: HighLowState): Table {
  return {
    phase: state.phase,
    chosen: state.numbers.map((number) => number !== null),
    first: state.first,
    guesses: state.guesses,
  };
}

/**
 * Applies one action: the new state and the events that led there, or a refusal with a namespaced code
 * (the given state untouched). Never throws: the input is read once, by `parseAction`, into a clean copy.
 */
export function apply(state: HighLowState, input: unknown): Result<Applied> {
  if (state.phase === "over") return fail("action/game_over", "The game is over.");
  const parsed = parseAction(input);
  if (!parsed.ok) return parsed;
  const problem = illegality(tableOf(state), parsed.value);
  if (problem) return { ok: false, error: problem };
  const events = decide(state, parsed.value);
  return ok({ state: events.reduce(evolve, state), events });
}

/** The events a legal action leads to. */
function decide(state: HighLowState, action: HighLowAction): HighLowEvent[] {
  const { seat, number } = action;
  if (action.type === "choose") {
    const chosen: HighLowEvent = { type: "number_chosen", seat, number };
    const numbers = state.numbers.slice();
    numbers[seat] = number;
    const [zero, one] = numbers;
    if (zero == null || one == null) return [chosen];
    const commitment = commit({ numbers: [zero, one], salt: state.salt });
    return [chosen, { type: "numbers_committed", commitment }];
  }
  const answer = answerFor(state.numbers[other(seat)] as number, number);
  const guessed: HighLowEvent = { type: "guessed", seat, number, answer };
  if (answer !== "hit") return [guessed];
  const scores: [number, number] = [0, 0];
  scores[seat] = 1;
  const numbers = state.numbers as [number, number];
  const secret = { numbers: [numbers[0], numbers[1]] as [number, number], salt: state.salt };
  return [guessed, { type: "game_ended", winners: [seat], scores, secret }];
}

/** The only place the state changes: one event folded into a copy of it. */
export function evolve(state: HighLowState, event: HighLowEvent): HighLowState {
  switch (event.type) {
    case "number_chosen": {
      const numbers: HighLowState["numbers"] = [state.numbers[0], state.numbers[1]];
      numbers[event.seat] = event.number;
      return { ...state, numbers };
    }
    case "numbers_committed":
      return { ...state, phase: "guessing", commitment: event.commitment };
    case "guessed": {
      const guess = { seat: event.seat, number: event.number, answer: event.answer };
      return { ...state, guesses: [...state.guesses, guess] };
    }
    case "game_ended":
      return {
        ...state,
        phase: "over",
        scores: [event.scores[0], event.scores[1]],
        winners: event.winners.slice(),
      };
  }
}

/** Applies actions in order from a state; stops at the first one refused. */
export function replay(initial: HighLowState, actions: readonly unknown[]): Result<HighLowState> {
  return replayActions({ apply }, initial, actions);
}
