/**
 * The standard deck's current edition. Changing the art (composer, palettes, relations, subjects, icons,
 * encoder settings) changes the committed hashes: bump DECK_VERSION, run `npm run deck:build`, and commit
 * the result. Edition 1 (1.5.0) is frozen in generated/editions/1 and is never rebuilt.
 */
export const EDITION = 2;
export const DECK_VERSION = "2.0.0";
export const DECK_SEED = "firmament-dreams-v2";

/** Candidates rejected after looking at the contact sheets (id: reason). */
export const REJECTED: Record<string, string> = {
  "dream2-048": "the ghost cast as the candle's shadow is a shapeless dark blob",
  "dream2-194": "the ghost cast as the candle's shadow is a shapeless dark blob",
  "dream2-137": "the snake cast as the worm's shadow reads as a digit, not a snake",
  "dream2-283": "the snake cast as the worm's shadow reads as a digit, not a snake",
};
