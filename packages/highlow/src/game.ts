import { type GameRules, guardedEntries, type Outcome, outcomeOf, type Progress } from "@firmament/game-kit";
import { apply } from "./apply";
import { fold } from "./fold";
import { checkAction, legalActions } from "./legal";
import { parseAction } from "./rules";
import { createGame } from "./setup";
import {
  type HighLowAction,
  type HighLowEvent,
  type HighLowLegalAction,
  type HighLowPublicEvent,
  type HighLowSetup,
  type HighLowState,
  type HighLowView,
  RULES_VERSION,
  SEATS,
} from "./types";
import { progressOf, view, viewEvent } from "./view";

/** Where the game stands; every view's `round`, `phase` and `awaiting` come from the same function. */
export function progress(state: HighLowState): Progress {
  return progressOf(state);
}

export function outcome(state: HighLowState): Outcome | null {
  return outcomeOf(state);
}

/** High-Low behind the game contract (`@firmament/game-kit`'s `GameRules`), as the platform drives it. */
export const highlow: GameRules<
  "highlow",
  HighLowSetup,
  HighLowState,
  HighLowAction,
  HighLowEvent,
  HighLowView,
  HighLowPublicEvent,
  HighLowLegalAction
> = {
  kind: "highlow",
  rulesVersion: RULES_VERSION,
  seats: { min: SEATS, max: SEATS },
  ...guardedEntries({ setup: createGame, parseAction, apply, checkAction }),
  view,
  viewEvent,
  fold,
  progress,
  outcome,
  legalActions,
};
