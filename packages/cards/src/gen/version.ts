/**
 * The standard deck's current edition. Changing the art (composer, palettes, relations, subjects, icons,
 * encoder settings) changes the committed hashes: bump DECK_VERSION, run `npm run deck:build`, and commit
 * the result. Older editions are frozen in generated/editions/<n> and never rebuilt: edition 1 (1.5.0)
 * and edition 2 (2.0.0, whose candle and worm candidates were rejected on review: the ghost cast as the
 * candle's shadow was a shapeless blob, the worm's snake read as a digit).
 */
export const EDITION = 3;
export const DECK_VERSION = "3.0.0";
export const DECK_SEED = "firmament-dreams-v3";

/** Candidates rejected after looking at the contact sheets (id: reason). */
export const REJECTED: Record<string, string> = {};
