/** Where the committed generated deck lives (see README: packages/cards/generated/). */
import { fileURLToPath } from "node:url";

export const GENERATED_DIR = fileURLToPath(new URL("../generated/", import.meta.url));
export const CARDS_DIR = fileURLToPath(new URL("../generated/cards/", import.meta.url));
export const SVG_DIR = fileURLToPath(new URL("../generated/svg/", import.meta.url));
export const DECK_FILE = fileURLToPath(new URL("../generated/deck.json", import.meta.url));
export const BOUNDS_FILE = fileURLToPath(new URL("../generated/icon-bounds.json", import.meta.url));
