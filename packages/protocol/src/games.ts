/**
 * What the protocol says of games without naming any: a game is known by its kind, and the server hosts
 * the games of its registry. Seat colours and timer settings are the platform's (`@firmament/game-kit`),
 * the same for every game; each game's own types (views, events, actions) come from its rules package.
 */
import { COLOURS } from "@firmament/game-kit";

export {
  COLOURS,
  type Colour,
  TIMER_SETTINGS,
  type TimerSetting,
  type TurnTimers,
} from "@firmament/game-kit";

/** A game's kind, as tables and stored games name it; one the server does not host is refused. */
export type GameKind = string;

/** The most seats any table has: one colour per seat. */
export const MAX_SEATS: number = COLOURS.length;
