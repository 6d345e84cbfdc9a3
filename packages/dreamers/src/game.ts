import { type GameRules, guarded, type Outcome, type Progress } from "@firmament/game-kit";
import { apply } from "./apply";
import { fold } from "./fold";
import { DREAMERS_TIMERS } from "./hosting";
import { checkAction, legalActions } from "./legal";
import { parseAction } from "./rules";
import { createGame } from "./setup";
import {
  type DreamersAction,
  type DreamersEvent,
  type DreamersPublicEvent,
  type DreamersSetup,
  type DreamersState,
  RULES_VERSION,
  SEATS,
} from "./types";
import { progressOf, view, viewEvent } from "./view";
import type { DreamersLegalAction, DreamersView } from "./view-types";

/** Where the game stands; every view's `round`, `phase` and `awaiting` come from the same function. */
export function progress(state: DreamersState): Progress {
  return progressOf(state);
}

export function outcome(state: DreamersState): Outcome | null {
  return state.winners ? { winners: state.winners.slice(), scores: state.scores.slice() } : null;
}

/** Dreamers behind the game contract (`@firmament/game-kit`'s `GameRules`), as the platform drives it. */
export const dreamers: GameRules<
  "dreamers",
  DreamersSetup,
  DreamersState,
  DreamersAction,
  DreamersEvent,
  DreamersView,
  DreamersPublicEvent,
  DreamersLegalAction
> = {
  kind: "dreamers",
  rulesVersion: RULES_VERSION,
  seats: { min: SEATS, max: SEATS },
  timers: DREAMERS_TIMERS,
  setup: (setup, seed) => guarded(() => createGame(setup, seed)),
  parseAction: (input) => guarded(() => parseAction(input)),
  apply: (state, input) => guarded(() => apply(state, input)),
  view,
  viewEvent,
  fold,
  progress,
  outcome,
  legalActions,
  checkAction: (v, input) => {
    const result = guarded(() => {
      const problem = checkAction(v, input);
      return problem ? { ok: false, error: problem } : { ok: true, value: null };
    });
    return result.ok ? null : result.error;
  },
};
