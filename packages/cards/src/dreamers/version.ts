/**
 * The Dreamers faces' identity. Changing their art (this folder, the dream deck's composer they reuse,
 * the icon set, the font, the encoder settings) changes the committed hashes: bump DREAMERS_FACES_VERSION,
 * run `npm run deck:dreamers`, and commit the result.
 */
export const DREAMERS_FACES_VERSION = "1.0.0";
