import {
  COLOURS,
  type Colour,
  type Result,
  type RngState,
  type RuleError,
  type Seat,
  type Viewer,
} from "@firmament/game-kit";

/** A seat index in seating order, 0-based. Seat `s + 1` sits to the left of seat `s`. */
export type { Result, RngState, Seat, Viewer };

/** The players' colours are the platform's seat colours (a god guesses one of them). */
export { COLOURS, type Colour };

export const STAR_KINDS = ["clear", "gray", "black"] as const;
export type StarKind = (typeof STAR_KINDS)[number];

/** Image numbers: 1 top left, 2 top right, 3 bottom left, 4 bottom right. */
export type ImageNumber = 1 | 2 | 3 | 4;

export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 6;
export const WINNING_SCORE = 16;
/** Minimum distance between two star centres, in card widths, with y scaled by the card's 1.5 aspect. */
export const MIN_STAR_DISTANCE = 0.04;
export const CARD_ASPECT = 1.5;
/** Size of the draw pile a table uses when the deck is larger. */
export const DRAW_PILE_SIZE = 72;
export const MIN_DECK_SIZE = 8;
/**
 * The rules' version: bump it whenever the same config, seed and actions would give a different game
 * (dealing, drawing, scoring…). A stored game is replayed from its seed and actions, so a server must
 * not replay a game stored under another version (its cards, vision and mortal would change).
 * packages/dreams/src/rules-version.test.ts fails when a game changes without a bump.
 */
export const RULES_VERSION = 1;

export interface PlacedStar {
  seat: Seat;
  kind: StarKind;
  x: number;
  y: number;
}

/** A god names a colour; the mortal names an image. */
export type Guess = { colour: Colour } | { image: ImageNumber };

/** What a round's fair-play commitment hides until the reveal. */
export interface RoundSecret {
  round: number;
  vision: ImageNumber;
  mortal: Seat;
  salt: string;
}

export type ScoreReason =
  | "mortal_undetected"
  | "mortal_found_vision"
  | "god_found_mortal"
  | "god_unsuspected";

export interface SeatScore {
  seat: Seat;
  reasons: ScoreReason[];
  points: number;
}

/** Everything revealed at the end of a round, and how it scored. */
export interface RoundResult {
  secret: RoundSecret;
  guesses: Guess[];
  /** Per seat, in seat order. */
  scoring: SeatScore[];
}

export type Phase = "placing" | "guessing" | "reveal" | "over";

export interface RoundState {
  number: number;
  dealer: Seat;
  cards: [string, string, string, string];
  vision: ImageNumber;
  mortal: Seat;
  salt: string;
  commitment: string;
  stars: PlacedStar[];
  guesses: (Guess | null)[];
  ready: boolean[];
  result: RoundResult | null;
}

export interface DreamsState {
  game: "dreams";
  version: 1;
  colours: Colour[];
  scores: number[];
  phase: Phase;
  round: RoundState;
  pile: string[];
  discard: string[];
  rng: RngState;
  winners: Seat[] | null;
}

export interface GameConfig {
  /** One colour per seat, in seating order; 3–6 distinct colours. */
  colours: readonly Colour[];
  /** Card ids of the deck; at least 8 distinct. A table draws a 72-card pile from a larger deck. */
  deck: readonly string[];
  /** 64 hex digits (256 bits) from a cryptographically secure source. */
  seed: string;
}

export type DreamsAction =
  | { type: "place_star"; seat: Seat; kind: StarKind; x: number; y: number }
  | { type: "guess"; seat: Seat; guess: Guess }
  | { type: "ready"; seat: Seat };

export type DreamsEvent =
  | {
      type: "round_started";
      round: number;
      dealer: Seat;
      cards: [string, string, string, string];
      vision: ImageNumber;
      mortal: Seat;
      salt: string;
      commitment: string;
      pile: string[];
      discard: string[];
      rng: RngState;
    }
  | { type: "star_placed"; seat: Seat; kind: StarKind; x: number; y: number; order: number }
  | { type: "guess_made"; seat: Seat; guess: Guess }
  | { type: "round_revealed"; result: RoundResult; scores: number[] }
  | { type: "player_ready"; seat: Seat }
  | { type: "game_ended"; winners: Seat[]; scores: number[] };

/** A refusal: a namespaced, stable code (e.g. `action/not_your_turn`) and English text. */
export type EngineError = RuleError;

export interface Applied {
  state: DreamsState;
  events: DreamsEvent[];
}
