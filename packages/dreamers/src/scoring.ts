import { other } from "./rules";
import { GATES, type Identity, type RoundEnd, type Seat, type SeatScore } from "./types";

/**
 * Scores one round (docs/rules.md (Dreamers), "Scoring a round"):
 * - 3 gates open, both Dreamers: both +2; one Dreamer against the Master: the Dreamer +3;
 * - an accusation of the Master: the accuser +2; of a Dreamer: the accuser −1;
 * - otherwise (the deck ran out first): the Master +2 if there is one, else nobody.
 */
export function scoreRound(
  identities: readonly [Identity, Identity],
  end: RoundEnd,
  gates: number,
  accuser: Seat | null,
): [SeatScore, SeatScore] {
  const scoring: [SeatScore, SeatScore] = [
    { seat: 0, points: 0, reasons: [] },
    { seat: 1, points: 0, reasons: [] },
  ];
  const master = identities.indexOf("master");
  const award = (seat: Seat, points: number, reason: SeatScore["reasons"][number]) => {
    const score = scoring[seat] as SeatScore;
    score.points += points;
    score.reasons.push(reason);
  };
  if (end === "accusation" && accuser !== null) {
    if (identities[other(accuser)] === "master") award(accuser, 2, "accused_master");
    else award(accuser, -1, "false_accusation");
  } else if (gates >= GATES) {
    if (master < 0) for (const seat of [0, 1]) award(seat, 2, "dreamers_opened_gates");
    else award(other(master), 3, "dreamer_beat_master");
  } else if (master >= 0) award(master, 2, "master_kept_gates");
  return scoring;
}

/** The seats with the highest score: both on a tie. */
export function leaders(scores: readonly number[]): Seat[] {
  const best = Math.max(...scores);
  return scores.flatMap((score, seat) => (score === best ? [seat] : []));
}

/** The seat falsely accused in a round, who chooses their identity in the next, or null. */
export function falselyAccused(identities: readonly [Identity, Identity], accuser: Seat | null): Seat | null {
  if (accuser === null) return null;
  return identities[other(accuser)] === "dreamer" ? other(accuser) : null;
}
