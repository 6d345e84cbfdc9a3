/** One line of the final ranking. */
export interface Placing {
  seat: number;
  score: number;
  /** 1 for the best score; equal scores share a place, and the next place skips ("1, 1, 3"). */
  place: number;
}

/** Every seat by score, best first (ties in seat order), with shared places for equal scores. */
export function ranking(scores: readonly number[]): Placing[] {
  return scores
    .map((score, seat) => ({ seat, score, place: 1 + scores.filter((other) => other > score).length }))
    .sort((a, b) => b.score - a.score || a.seat - b.seat);
}
