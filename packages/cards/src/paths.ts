/** Where the committed generated decks live (see README: packages/cards/generated/). */
import { fileURLToPath } from "node:url";

export const GENERATED_DIR = fileURLToPath(new URL("../generated/", import.meta.url));
export const BOUNDS_FILE = fileURLToPath(new URL("../generated/icon-bounds.json", import.meta.url));
export const VERSIONS_FILE = fileURLToPath(new URL("../generated/versions.json", import.meta.url));

/** One edition's files: deck.json, cards/<id>.webp, svg/<id>.svg.gz, icons.json, selection.json. */
export function editionPaths(edition: number) {
  const dir = fileURLToPath(new URL(`../generated/editions/${edition}/`, import.meta.url));
  return {
    dir,
    deck: `${dir}deck.json`,
    cards: `${dir}cards/`,
    svg: `${dir}svg/`,
    /** Every icon drawn on the edition's cards, visible or not (for the notices). */
    icons: `${dir}icons.json`,
    selection: `${dir}selection.json`,
  };
}
