import type { Colour, Guess, RoundSecret, Seat, SeatScore } from "./types";

/**
 * Scores one round (docs/rules.md (Dreams, "Reveal and scoring")).
 * The mortal: +3 if no god named the mortal's colour, +2 for naming the vision.
 * Each god: +2 for naming the mortal's colour, +1 if nobody named theirs.
 */
export function scoreRound(
  colours: readonly Colour[],
  secret: RoundSecret,
  guesses: readonly Guess[],
): SeatScore[] {
  const named = new Set<Colour>();
  for (const guess of guesses) if ("colour" in guess) named.add(guess.colour);
  const mortalColour = colours[secret.mortal];
  return colours.map((colour, seat): SeatScore => {
    const guess = guesses[seat];
    const reasons: SeatScore["reasons"] = [];
    let points = 0;
    if (seat === secret.mortal) {
      if (!named.has(colour)) {
        reasons.push("mortal_undetected");
        points += 3;
      }
      if (guess && "image" in guess && guess.image === secret.vision) {
        reasons.push("mortal_found_vision");
        points += 2;
      }
    } else {
      if (guess && "colour" in guess && guess.colour === mortalColour) {
        reasons.push("god_found_mortal");
        points += 2;
      }
      if (!named.has(colour)) {
        reasons.push("god_unsuspected");
        points += 1;
      }
    }
    return { seat: seat as Seat, reasons, points };
  });
}

/** The seats with the highest score: several on a tie. */
export function leaders(scores: readonly number[]): Seat[] {
  const best = Math.max(...scores);
  const seats: Seat[] = [];
  scores.forEach((score, seat) => {
    if (score === best) seats.push(seat);
  });
  return seats;
}
