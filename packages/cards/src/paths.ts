/** Where the committed generated decks live (see README: packages/cards/generated/). */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// Found through the package's name, not `import.meta.url`: bundled into the built server, this module's
// URL is packages/server/dist/main.js.
const PACKAGE_DIR = dirname(createRequire(import.meta.url).resolve("@firmament/cards/package.json"));

export const GENERATED_DIR = join(PACKAGE_DIR, "generated/");
export const BOUNDS_FILE = join(GENERATED_DIR, "icon-bounds.json");
export const VERSIONS_FILE = join(GENERATED_DIR, "versions.json");

/** One edition's files: deck.json, cards/<id>.webp, svg/<id>.svg.gz, icons.json, selection.json. */
export function editionPaths(edition: number) {
  const dir = join(GENERATED_DIR, `editions/${edition}/`);
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
