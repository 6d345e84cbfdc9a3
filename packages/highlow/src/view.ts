import { awaiting, rangesOf } from "./rules";
import {
  type HighLowEvent,
  type HighLowPublicEvent,
  type HighLowState,
  type HighLowView,
  type Phase,
  SEATS,
  type Seat,
  type Viewer,
} from "./types";

/**
 * Everything one viewer may know: public facts for everyone and the viewer's own number; the other
 * number and the salt only once the game is over. Everything is copied, so a view shares nothing with
 * the state.
 */
export function view(state: HighLowState, viewer: Viewer): HighLowView {
  const me = isSeat(viewer) ? viewer : null;
  const over = state.phase === "over";
  const [zero, one] = state.numbers;
  return {
    game: "highlow",
    viewer,
    ...progressOf(state),
    first: state.first,
    chosen: [zero !== null, one !== null],
    mine: me === null ? null : (state.numbers[me] ?? null),
    commitment: state.commitment,
    guesses: state.guesses.map((guess) => ({ ...guess })),
    ranges: rangesOf(state.guesses),
    secret: over ? { numbers: [zero as number, one as number], salt: state.salt } : null,
    scores: [state.scores[0], state.scores[1]],
    winners: state.winners ? state.winners.slice() : null,
  };
}

/** Round, phase and the seats awaited: the contract's `progress`, and the same fields of every view. */
export function progressOf(state: HighLowState): { round: number; phase: Phase; awaiting: Seat[] } {
  const chosen = state.numbers.map((number) => number !== null);
  return {
    round: 1,
    phase: state.phase,
    awaiting: awaiting({ phase: state.phase, chosen, first: state.first, guesses: state.guesses }),
  };
}

export function isSeat(viewer: Viewer): viewer is Seat {
  return typeof viewer === "number" && Number.isInteger(viewer) && viewer >= 0 && viewer < SEATS;
}

/** An event as one viewer may see it: another seat's chosen number stays out. */
export function viewEvent(event: HighLowEvent, viewer: Viewer): HighLowPublicEvent {
  if (event.type === "number_chosen" && event.seat !== viewer) return { type: event.type, seat: event.seat };
  return structuredClone(event);
}
