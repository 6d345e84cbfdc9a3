import type { Seat, TurnRecord } from "@firmament/dreamers";
import { masterLogOdds, probability, turnLikelihood } from "./belief";
import { DREAMERS_LEVELS } from "./bot";
import type { DreamerParams } from "./dreamer";
import { playedFrom, seenTurns } from "./situation";

/**
 * A Dreamers round as a spectator sees it: its finished turns (cards turned up, declarations, modifiers,
 * gates) and who was granted the choice of identity. Nothing here can hold a hand or an identity; any
 * `DreamersView` fits this type.
 */
export interface PublicTurns {
  history: readonly TurnRecord[];
  chooser: Seat | null;
}

/**
 * The oracle Dreamer's belief that the other player is the Master, turn by turn, from the public plays
 * alone: `seats[s][t]` is what the oracle in seat s, were it a Dreamer, would believe after the first t
 * turns of the round (`[s][0]` is its prior). Hands are known to nobody after the round (docs/rules.md (Dreamers)),
 * so the seat's own hand is not used: only the cards it was seen to play count as cards the other could
 * not hold. The bot in play also knows its hand, so this is the public part of its belief.
 */
export interface TurnBeliefs {
  seats: [number[], number[]];
}

export function explainTurns(
  round: PublicTurns,
  params: DreamerParams = DREAMERS_LEVELS.oracle.dreamer,
): TurnBeliefs {
  const all = seenTurns(round.history);
  const beliefOf = (seat: Seat): number[] => {
    const other = 1 - seat;
    const prior = priorOf(round.chooser, other, params);
    const out: number[] = [];
    for (let t = 0; t <= all.length; t++) {
      const turns = all.slice(0, t);
      const likelihoods = turns.map((_, i) =>
        turnLikelihood(turns, i, other, playedFrom(turns, i, seat), params.evidence),
      );
      out.push(probability(masterLogOdds(prior, likelihoods, params.masterTypes, params.temper)));
    }
    return out;
  };
  return { seats: [beliefOf(0), beliefOf(1)] };
}

/** As the Dreamer bot's prior: 1/2, or more if the other chose their identity (docs/rules.md (Dreamers)). */
function priorOf(chooser: Seat | null, other: Seat, params: DreamerParams): number {
  let prior = 0.5;
  if (chooser === other) {
    const m = params.chooserMasterRate;
    prior = m / (m + (1 - m) / 2);
  }
  return Math.min(0.98, Math.max(0.02, prior));
}
