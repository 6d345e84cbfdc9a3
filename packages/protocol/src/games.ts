import { SEATS } from "@firmament/dreamers";
import { MAX_PLAYERS, MIN_PLAYERS } from "@firmament/dreams";

/** The games the platform hosts, by the kind tables and stored games name them. */
export const GAME_KINDS = ["dreams", "dreamers"] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** How many seats a table of each game may have (from each game's rules). */
export const SEAT_RANGE: Record<GameKind, { readonly min: number; readonly max: number }> = {
  dreams: { min: MIN_PLAYERS, max: MAX_PLAYERS },
  dreamers: { min: SEATS, max: SEATS },
};

export const TIMER_SETTINGS = ["off", "relaxed", "fast"] as const;
export type TimerSetting = (typeof TIMER_SETTINGS)[number];

/**
 * Seconds a player has to act, per game, timer setting and the game's phase; a bot acts for them when
 * time runs out. A phase not listed has no timer.
 */
export const TIMERS: Record<GameKind, Record<TimerSetting, Readonly<Record<string, number>> | null>> = {
  dreams: {
    off: null,
    relaxed: { placing: 90, guessing: 120, reveal: 60 },
    fast: { placing: 25, guessing: 40, reveal: 20 },
  },
  dreamers: {
    off: null,
    relaxed: {
      choosing: 60,
      first_play: 90,
      second_play: 90,
      modify_first: 45,
      modify_second: 45,
      closing: 45,
      round_over: 60,
    },
    fast: {
      choosing: 20,
      first_play: 25,
      second_play: 25,
      modify_first: 15,
      modify_second: 15,
      closing: 15,
      round_over: 20,
    },
  },
};

/** Where clients find a Dreamers card face (`dream-7b`, `nightmare-12`, `identity-master`, `gate-open`…). */
export function dreamersFaceUrl(id: string): string {
  return `/cards/dreamers/${id}.webp`;
}

/** A Dreamers table always has this many seats. */
export const DREAMERS_SEAT_COUNT = SEATS;
