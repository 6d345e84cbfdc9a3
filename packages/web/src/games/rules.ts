import { DREAMERS_TIMERS, SEATS } from "@firmament/dreamers";
import { DREAMS_TIMERS, MAX_PLAYERS, MIN_PLAYERS } from "@firmament/dreams";
import type { TimerSetting, TurnTimers } from "@firmament/protocol";
import type { GameKind } from "./types";

/**
 * What the platform's pages read of each game's table, by kind: its seats and turn timers. The same
 * values as the games' rules objects (`seats`, `timers`), taken from their constants so the first page
 * does not load every game's rules.
 */
export const GAME_TABLES: Record<
  GameKind,
  { readonly seats: { readonly min: number; readonly max: number }; readonly timers: TurnTimers }
> = {
  dreams: { seats: { min: MIN_PLAYERS, max: MAX_PLAYERS }, timers: DREAMS_TIMERS },
  dreamers: { seats: { min: SEATS, max: SEATS }, timers: DREAMERS_TIMERS },
};

function tableOf(kind: string) {
  return Object.hasOwn(GAME_TABLES, kind) ? GAME_TABLES[kind as GameKind] : null;
}

/** How many seats a table of that game may have. */
export function seatRangeOf(kind: string): { readonly min: number; readonly max: number } {
  return tableOf(kind)?.seats ?? { min: 0, max: 0 };
}

/** Seconds to act in that phase of that game at that timer setting, or undefined if it has no timer. */
export function turnSecondsOf(kind: string, timer: TimerSetting, phase: string): number | undefined {
  return timer === "off" ? undefined : tableOf(kind)?.timers[timer][phase];
}
