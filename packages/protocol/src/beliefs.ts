import type { GameKind } from "./games";

/**
 * `GET /api/tables/:code/matches/:match/beliefs`: what the strongest bot believed at each revealed round
 * of a match, from what was public (see docs/protocol.md, "Bot beliefs"). Probabilities are rounded to
 * three decimals.
 */
export interface MatchBeliefs {
  game: GameKind;
  match: number;
  /** The revealed rounds asked for, oldest first. */
  rounds: RoundBeliefs[];
  /** The round still in play (its beliefs are served only after its reveal), or null. */
  inPlay: number | null;
}

export type RoundBeliefs = DreamsRoundBeliefs | DreamersRoundBeliefs;

/** Per seat of a Dreams round: see `SeatBelief`. */
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

export interface SeatBelief {
  /** If this seat was the mortal: per card 1–4, the chance it is the vision (from the others' stars). */
  asMortal: number[];
  /** If this seat was a god (knowing the vision): per seat, the chance it is the mortal (0 at its own). */
  asGod: number[];
}

/** A Dreamers round: per seat, if it was a Dreamer, its belief that the other was the Master. */
export interface DreamersRoundBeliefs {
  game: "dreamers";
  round: number;
  /** seats[s][t]: seat s's belief after the first t turns (seats[s][0] is the prior). */
  seats: [number[], number[]];
}
