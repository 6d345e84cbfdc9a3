import type { DreamsEvent, DreamsState } from "./types";

/**
 * Folds one event into the state. `apply` decides which events happen; this is the only place the
 * state changes, so replaying a game's events from its initial state reproduces it exactly.
 */
export function evolve(state: DreamsState, event: DreamsEvent): DreamsState {
  switch (event.type) {
    case "round_started": {
      const players = state.colours.length;
      return {
        ...state,
        phase: "placing",
        pile: event.pile,
        discard: event.discard,
        rng: event.rng,
        round: {
          number: event.round,
          dealer: event.dealer,
          cards: event.cards,
          vision: event.vision,
          mortal: event.mortal,
          salt: event.salt,
          commitment: event.commitment,
          stars: [],
          guesses: new Array<null>(players).fill(null),
          ready: new Array<boolean>(players).fill(false),
          result: null,
        },
      };
    }
    case "star_placed": {
      const stars = [...state.round.stars, { seat: event.seat, kind: event.kind, x: event.x, y: event.y }];
      const phase = stars.length === state.colours.length * 3 ? "guessing" : "placing";
      return { ...state, phase, round: { ...state.round, stars } };
    }
    case "guess_made": {
      const guesses = state.round.guesses.slice();
      guesses[event.seat] = event.guess;
      return { ...state, round: { ...state.round, guesses } };
    }
    case "round_revealed":
      return {
        ...state,
        phase: "reveal",
        scores: event.scores,
        round: { ...state.round, result: event.result },
      };
    case "player_ready": {
      const ready = state.round.ready.slice();
      ready[event.seat] = true;
      return { ...state, round: { ...state.round, ready } };
    }
    case "game_ended":
      return { ...state, phase: "over", scores: event.scores, winners: event.winners };
    default:
      return unreachable(event);
  }
}

export function evolveAll(state: DreamsState, events: readonly DreamsEvent[]): DreamsState {
  let current = state;
  for (const event of events) current = evolve(current, event);
  return current;
}

export function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
