/** Languages every card's alt text is written in. */
export const LOCALES = ["en", "de", "fr", "it"] as const;
export type Locale = (typeof LOCALES)[number];

/** Columns and rows of a detail map; a cell is 1/24 of the card's width and 1/36 of its height. */
export const DETAIL_COLS = 24;
export const DETAIL_ROWS = 36;

/**
 * Where a card's details are: the same form for the standard deck and for custom decks, so nothing
 * downstream needs to know how a card was made. Row-major: cell (col, row) is at `row * cols + col`.
 */
export interface DetailMap {
  cols: number;
  rows: number;
  /** How salient each cell is, 0..1 (the card's most salient cell is 1). */
  salience: number[];
  /** Mean brightness of each cell, 0 (black) .. 1 (white). */
  brightness: number[];
}

export type Tone = "light" | "mid" | "dark";

/** One object on a card; the box is its visible part in card coordinates 0..1 (origin top left). */
export interface CardObject {
  icon: string;
  /** An English noun phrase, e.g. "whale". */
  label: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Measured against its surroundings. */
  tone: Tone;
}

export interface CardManifest {
  id: string;
  /**
   * Cards of one family are variants of one picture and must not be dealt in the same round. Edition 2
   * gives every card a family of its own (its hero subject); edition 1 and custom decks have none.
   */
  family?: string;
  objects: CardObject[];
  detail: DetailMap;
  alt: Record<Locale, string>;
}
