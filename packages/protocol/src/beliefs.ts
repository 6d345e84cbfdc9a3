import type { GameKind } from "./games";

/**
 * `GET /api/tables/:code/matches/:match/beliefs`: what the strongest bot believed at each revealed round
 * of a match, from what was public (see docs/protocol.md, "Bot beliefs"). Probabilities are rounded to
 * three decimals. Each game's rounds have their own shape, from its rules package.
 */
export interface MatchBeliefs<Round extends RoundBeliefs = RoundBeliefs> {
  game: GameKind;
  match: number;
  /** The revealed rounds asked for, oldest first. */
  rounds: Round[];
  /** The round still in play (its beliefs are served only after its reveal), or null. */
  inPlay: number | null;
  /**
   * True when this answer can never change — one revealed round, or every round of a finished match —
   * and may be cached; false while later rounds may still be added.
   */
  final: boolean;
}

/** What every game's beliefs of one round have; the rest is the game's. */
export interface RoundBeliefs {
  game: GameKind;
  round: number;
}
