import type { BotLevel } from "@firmament/protocol";
import { ordinal, type Rating, rate, rating } from "openskill";
import { plackettLuce } from "openskill/models";

/**
 * Ratings: Weng-Lin with Plackett-Luce (openskill), one per account and game. Every match is a
 * free-for-all of one-player teams ranked by the game's outcome (winners first, then by final score;
 * equal places tie). Pure: the store calls it inside the transaction that writes its results.
 */

/** A new player's rating: openskill's defaults, μ 25 and σ 25/3. */
export const NEW_RATING: Readonly<Rating> = rating();

/**
 * Bots take part with fixed, public ratings (never updated), so a solo player's rating means something
 * and beating the easy bot over and over earns little.
 */
export const BOT_RATINGS: Readonly<Record<BotLevel, Readonly<Rating>>> = {
  easy: { mu: 18, sigma: 2 },
  medium: { mu: 24, sigma: 2 },
  hard: { mu: 30, sigma: 2 },
};

/** Rated games before a rating loses its provisional mark. */
export const PROVISIONAL_GAMES = 10;

/**
 * The figure players see: the conservative ordinal μ − 3σ, scaled to 1000 + 40 × ordinal and rounded
 * (a new player shows 1000; the scale changes no order).
 */
export function displayRating(r: Readonly<Rating>): number {
  return Math.round(1000 + 40 * ordinal(r));
}

/** One seat of a finished match as the ratings see it. */
export interface Participant {
  /** The seat's rating before the match: an account's stored one, a bot's fixed one, a guest's new one. */
  before: Readonly<Rating>;
  /** 1-based place; equal places are ties. */
  place: number;
}

/** Every seat's rating after the match, in the order given (openskill's `rate`, Plackett-Luce). */
export function rateMatch(participants: readonly Participant[]): Rating[] {
  const teams = participants.map((p) => [{ mu: p.before.mu, sigma: p.before.sigma }]);
  const rated = rate(teams, { rank: participants.map((p) => p.place), model: plackettLuce });
  return rated.map((team) => team[0] as Rating);
}

/**
 * Places from a game's outcome: winners share first place; the others follow by final score, higher
 * first, equal scores sharing a place. A seat in `last` (abandoned: a bot finished it for its player)
 * comes after everyone else, whatever it scored; several share the last place.
 */
export function placesOf(
  outcome: { winners: readonly number[]; scores: readonly number[] },
  last: ReadonlySet<number> = new Set(),
): number[] {
  // abandoned seats share the last place whatever they scored
  const key = (seat: number) =>
    last.has(seat) ? [1, 1, 0] : [0, outcome.winners.includes(seat) ? 0 : 1, -(outcome.scores[seat] ?? 0)];
  const seats = outcome.scores.map((_, seat) => seat);
  const sorted = [...seats].sort((a, b) => compareKeys(key(a), key(b)));
  const places: number[] = new Array(seats.length).fill(0);
  for (const [index, seat] of sorted.entries()) {
    const previous = sorted[index - 1];
    const tied = previous !== undefined && compareKeys(key(previous), key(seat)) === 0;
    places[seat] = tied ? (places[previous] as number) : index + 1;
  }
  return places;
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}
