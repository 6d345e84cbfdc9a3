/** The committed standard deck: manifests and rendered card images, read from packages/cards/generated. */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CARDS_DIR, DECK_FILE } from "./paths";
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

let cached: DeckFile | null = null;

/** One hash for a whole deck's art: SHA-256 over the cards' WebP and SVG hashes in id order. */
export function deckHash(hashes: DeckFile["hashes"]): string {
  const text = Object.keys(hashes)
    .sort()
    .map((id) => `${id} ${hashes[id]?.webp} ${hashes[id]?.svg}`)
    .join("\n");
  return createHash("sha256").update(text).digest("hex");
}

export function readDeckFile(): DeckFile {
  cached ??= JSON.parse(readFileSync(DECK_FILE, "utf8")) as DeckFile;
  return cached;
}

/** The standard deck (≥ 96 cards), synchronous; no rendering at runtime. */
export function standardDeck(): { version: string; seed: string; cards: CardManifest[] } {
  const d = readDeckFile();
  return { version: d.version, seed: d.seed, cards: d.cards };
}

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Absolute path of a standard card's rendered WebP. Throws for ids that are not in the deck. */
export function cardImagePath(id: string): string {
  if (!ID.test(id) || !readDeckFile().hashes[id])
    throw new Error(`cards/unknown_card: no card with id ${JSON.stringify(id)}`);
  return join(CARDS_DIR, `${id}.webp`);
}
