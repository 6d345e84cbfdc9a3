/**
 * Dreamers as a table hosts it: the seconds of its turn timers, where its card faces are served and the
 * bots' beliefs it serves. Data and types only; the platform reads them through the game's registry.
 */
import type { TurnTimers } from "@firmament/game-kit";

/** Seconds to act per phase, for each timer pace (`GameRules.timers`). */
export const DREAMERS_TIMERS: TurnTimers = {
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
};

/** Where clients find a card face (`dream-7b`, `nightmare-12`, `identity-master`, `gate-open`…). */
export function dreamersFaceUrl(id: string): string {
  return `/cards/dreamers/${id}.webp`;
}

/** One revealed round's beliefs: per seat, if it was a Dreamer, its belief that the other was the Master. */
export interface DreamersRoundBeliefs {
  game: "dreamers";
  round: number;
  /** seats[s][t]: seat s's belief after the first t turns (seats[s][0] is the prior). */
  seats: [number[], number[]];
}
