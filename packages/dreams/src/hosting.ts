/**
 * Dreams as a table hosts it: the seconds of its turn timers, the view as the server sends it and the
 * bots' beliefs it serves. Data and types only; the platform reads them through the game's registry.
 */
import type { TurnTimers } from "@firmament/game-kit";
import type { RevealedSecret } from "./commitment";
import type { DreamsView } from "./view";

/** Seconds to act per phase, for each timer pace (`GameRules.timers`). */
export const DREAMS_TIMERS: TurnTimers = {
  relaxed: { placing: 90, guessing: 120, reveal: 60 },
  fast: { placing: 25, guessing: 40, reveal: 20 },
};

/**
 * A Dreams view as the server sends it: the game's `DreamsView` (whose state keeps only the current
 * round) and `revealed`, the secret of every round of this match revealed so far, oldest first — the
 * current one too once revealed — so any client can check every commitment whenever it arrives.
 */
export type DreamsTableView = DreamsView & { revealed: RevealedSecret[] };

/** Per seat of a Dreams round, what the strongest bot believed (docs/protocol.md, "Bot beliefs"). */
export interface SeatBelief {
  /** If this seat was the mortal: per card 1–4, the chance it is the vision (from the others' stars). */
  asMortal: number[];
  /** If this seat was a god (knowing the vision): per seat, the chance it is the mortal (0 at its own). */
  asGod: number[];
}

/** One revealed round's beliefs: see `SeatBelief`. */
export interface DreamsRoundBeliefs {
  game: "dreams";
  round: number;
  /** The true vision (1–4), public since the reveal; the god beliefs are conditioned on it. */
  vision: number;
  /** Per seat, after every star. */
  final: SeatBelief[];
  /** steps[t]: per seat, after the first t stars (steps[0] before any; the last is `final`). */
  steps: SeatBelief[][];
}
