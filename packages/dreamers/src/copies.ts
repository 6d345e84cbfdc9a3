/**
 * Copies of a turn's record and a round's result, so that a view shares no object with the state it
 * was made from, nor with the view it was folded from.
 */
import type { RoundResult, TurnRecord } from "./types";

export function copyTurn(record: TurnRecord): TurnRecord {
  return {
    ...record,
    nightmare: { ...record.nightmare },
    plays: [{ ...record.plays[0] }, { ...record.plays[1] }],
    modifier: record.modifier ? { ...record.modifier, card: { ...record.modifier.card } } : null,
  };
}

export function copyResult(result: RoundResult): RoundResult {
  return {
    ...result,
    secret: { ...result.secret, identities: [result.secret.identities[0], result.secret.identities[1]] },
    scoring: [
      { ...result.scoring[0], reasons: result.scoring[0].reasons.slice() },
      { ...result.scoring[1], reasons: result.scoring[1].reasons.slice() },
    ],
    scores: [result.scores[0], result.scores[1]],
  };
}
