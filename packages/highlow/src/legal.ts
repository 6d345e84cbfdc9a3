import { illegality, parseAction, rangeOf, type Table } from "./rules";
import { HIGHEST, type HighLowLegalAction, type HighLowView, LOWEST, type RuleError } from "./types";

/** The legality facts a view holds: all public, the same as the state's. */
export function tableOfView(view: HighLowView): Table {
  return { phase: view.phase, chosen: view.chosen, first: view.first, guesses: view.guesses };
}

/** What the viewer may do now, from their view alone: nothing for a spectator or a seat not awaited. */
export function legalActions(view: HighLowView): HighLowLegalAction[] {
  const seat = view.viewer;
  if (seat === "spectator" || !view.awaiting.includes(seat)) return [];
  if (view.phase === "choosing") return [{ type: "choose", seat, min: LOWEST, max: HIGHEST }];
  if (view.phase === "guessing") return [{ type: "guess", seat, ...rangeOf(view.guesses, seat) }];
  return [];
}

/**
 * Why the viewer's action would be refused, or null if `apply` would accept it: the same rule code as
 * `apply` (`illegality`) on the facts of the view.
 */
export function checkAction(view: HighLowView, input: unknown): RuleError | null {
  if (view.phase === "over") return { code: "action/game_over", message: "The game is over." };
  const parsed = parseAction(input);
  if (!parsed.ok) return parsed.error;
  if (view.viewer !== parsed.value.seat)
    return { code: "action/not_your_seat", message: "You can only act for your own seat." };
  return illegality(tableOfView(view), parsed.value);
}
