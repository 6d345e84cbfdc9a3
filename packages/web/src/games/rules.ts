import { dreamers } from "@firmament/dreamers";
import { dreams } from "@firmament/dreams";
import type { TimerSetting } from "@firmament/protocol";
import type { GameKind } from "./types";

/** Each game's pure rules, by kind: what the platform's pages read of a game (seats, turn timers). */
export const GAME_RULES = { dreams, dreamers } as const;

function rulesOf(kind: string) {
  return Object.hasOwn(GAME_RULES, kind) ? GAME_RULES[kind as GameKind] : null;
}

/** How many seats a table of that game may have. */
export function seatRangeOf(kind: string): { readonly min: number; readonly max: number } {
  return rulesOf(kind)?.seats ?? { min: 0, max: 0 };
}

/** Seconds to act in that phase of that game at that timer setting, or undefined if it has no timer. */
export function turnSecondsOf(kind: string, timer: TimerSetting, phase: string): number | undefined {
  return timer === "off" ? undefined : rulesOf(kind)?.timers?.[timer]?.[phase];
}
