import { type GameRules, guardedEntries, type Outcome, outcomeOf, type Progress } from "@firmament/game-kit";
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
  return outcomeOf(state);
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
  ...guardedEntries({ setup: createGame, parseAction, apply, checkAction }),
  view,
  viewEvent,
  fold,
  progress,
  outcome,
  legalActions,
};
