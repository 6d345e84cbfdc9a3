/**
 * The standard deck's identity. Changing the art (composer, palettes, heroes, icons, encoder settings)
 * changes the committed hashes: bump DECK_VERSION, run `npm run deck:build`, and commit the result.
 */
export const DECK_VERSION = "1.5.0";
export const DECK_SEED = "firmament-dreams-v1";

/** Candidates rejected after looking at the contact sheets (id: reason). */
export const REJECTED: Record<string, string> = {
  "dream-134": "the balloon house is lost behind the clouds; only its balloons show",
  "dream-100": "a carousel horse over an empty sea: only a small fox below, the lower half is bare",
};
