/**
 * The committed standard decks, one per edition: manifests and rendered card images, read from
 * packages/cards/generated/editions/<n>. A table keeps the edition it started on; card ids never repeat
 * across editions (edition 1: `dream-NNN`, edition 2: `dream2-NNN`, edition 3: `dream3-NNN`), so an id
 * alone tells its edition.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { editionPaths } from "./paths";
import type { CardManifest } from "./types";

export interface DeckFile {
  version: string;
  seed: string;
  /** Rendered card size in pixels. */
  width: number;
  height: number;
  cards: CardManifest[];
  /** SHA-256 (hex) of each card's WebP and SVG source, by card id. */
  hashes: Record<string, { webp: string; svg: string; bytes: number }>;
}

/** Every edition of the standard deck, oldest first. An edition's pictures never change. */
export const EDITIONS: readonly number[] = [1, 2, 3];
/** The edition new tables are dealt from. */
export const CURRENT_EDITION = 3;

/** What identifies each edition's card ids. */
const ID_PATTERN: Record<number, RegExp> = { 1: /^dream-\d{3}$/, 2: /^dream2-\d{3}$/, 3: /^dream3-\d{3}$/ };

export interface EditionInfo {
  edition: number;
  version: string;
  cards: number;
  current: boolean;
}

const cached = new Map<number, DeckFile>();

function checkEdition(edition: number): void {
  if (!EDITIONS.includes(edition))
    throw new Error(`cards/unknown_edition: no standard deck edition ${JSON.stringify(edition)}`);
}

/** One hash for a whole deck's art: SHA-256 over the cards' WebP and SVG hashes in id order. */
export function deckHash(hashes: DeckFile["hashes"]): string {
  const text = Object.keys(hashes)
    .sort()
    .map((id) => `${id} ${hashes[id]?.webp} ${hashes[id]?.svg}`)
    .join("\n");
  return createHash("sha256").update(text).digest("hex");
}

export function readDeckFile(edition = CURRENT_EDITION): DeckFile {
  checkEdition(edition);
  let d = cached.get(edition);
  if (!d) {
    d = JSON.parse(readFileSync(editionPaths(edition).deck, "utf8")) as DeckFile;
    cached.set(edition, d);
  }
  return d;
}

/** The editions with their deck versions and sizes; `current` marks the one new tables use. */
export function deckEditions(): EditionInfo[] {
  return EDITIONS.map((edition) => {
    const d = readDeckFile(edition);
    return { edition, version: d.version, cards: d.cards.length, current: edition === CURRENT_EDITION };
  });
}

/** A standard deck (≥ 96 cards), synchronous; no rendering at runtime. Default: the current edition. */
export function standardDeck(edition = CURRENT_EDITION): {
  edition: number;
  version: string;
  seed: string;
  cards: CardManifest[];
} {
  const d = readDeckFile(edition);
  return { edition, version: d.version, seed: d.seed, cards: d.cards };
}

/** The edition a standard card id belongs to, or null if it is no standard card's id. */
export function editionOfCard(id: string): number | null {
  for (const edition of EDITIONS)
    if (ID_PATTERN[edition]?.test(id) && readDeckFile(edition).hashes[id]) return edition;
  return null;
}

/**
 * Absolute path of a standard card's rendered WebP. Without `edition`, the edition that holds the id.
 * Throws (`cards/unknown_card`) for ids that are not in the deck, so it is safe with a URL segment.
 */
export function cardImagePath(id: string, edition?: number): string {
  const ed = edition ?? editionOfCard(id);
  if (ed !== null) checkEdition(ed);
  if (ed === null || !ID_PATTERN[ed]?.test(id) || !readDeckFile(ed).hashes[id])
    throw new Error(`cards/unknown_card: no card with id ${JSON.stringify(id)}`);
  return join(editionPaths(ed).cards, `${id}.webp`);
}
