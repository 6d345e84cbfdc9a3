import { type GameRules, guarded, type Outcome, outcomeOf } from "@firmament/game-kit";
import { apply } from "./apply";
import { fold } from "./fold";
import { DREAMS_TIMERS } from "./hosting";
import { checkAction, type LegalAction, legalActions } from "./legal";
import { parseAction } from "./rules";
import { createGame } from "./setup";
import {
  type Colour,
  type DreamsAction,
  type DreamsEvent,
  type DreamsState,
  MAX_PLAYERS,
  MIN_PLAYERS,
  RULES_VERSION,
} from "./types";
import { type DreamsView, type PublicEvent, progress, view, viewEvent } from "./view";

/** What a table gives Dreams besides the seed: the players' colours in seating order and the deck. */
export interface DreamsSetup {
  colours: readonly Colour[];
  deck: readonly string[];
}

export function outcome(state: DreamsState): Outcome | null {
  return outcomeOf(state);
}

/** Dreams behind the game contract (`@firmament/game-kit`'s `GameRules`), as the platform drives it. */
export const dreams: GameRules<
  "dreams",
  DreamsSetup,
  DreamsState,
  DreamsAction,
  DreamsEvent,
  DreamsView,
  PublicEvent,
  LegalAction
> = {
  kind: "dreams",
  rulesVersion: RULES_VERSION,
  seats: { min: MIN_PLAYERS, max: MAX_PLAYERS },
  timers: DREAMS_TIMERS,
  setup: (setup, seed) => guarded(() => createGame({ colours: setup.colours, deck: setup.deck, seed })),
  // apply, parseAction and checkAction guard their input themselves: they never throw.
  parseAction,
  apply,
  view,
  viewEvent,
  fold,
  progress,
  outcome,
  legalActions,
  checkAction,
};
