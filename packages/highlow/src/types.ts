import type { Result, RuleError, Seat, ViewBase, Viewer } from "@firmament/game-kit";

export type { Result, RuleError, Seat, Viewer };

/** High-Low is played by exactly two. */
export const SEATS = 2;
/** The numbers a player may hide and guess. */
export const LOWEST = 1;
export const HIGHEST = 50;
/** Bump when the same setup, seed and actions would give another game. */
export const RULES_VERSION = 1;

/**
 * - `choosing`: both players hide a number, in any order (neither sees the other's);
 * - `guessing`: the players take turns guessing the other's number;
 * - `over`: someone hit; both numbers and the salt are public.
 */
export type Phase = "choosing" | "guessing" | "over";

/** Where the hidden number lies from the guess: above it, below it, or the guess itself. */
export type Answer = "higher" | "lower" | "hit";

export interface Guess {
  seat: Seat;
  number: number;
  answer: Answer;
}

/** The lowest and highest number a seat's guess may still take: the other's number lies there. */
export interface Range {
  min: number;
  max: number;
}

/** What the commitment hides until the game ends: both numbers (per seat) and the salt. */
export interface HighLowSecret {
  numbers: [number, number];
  /** 128 bits from the seeded generator, 32 lower-case hex digits. */
  salt: string;
}

export interface HighLowState {
  game: "highlow";
  version: 1;
  phase: Phase;
  /** Who guesses first (drawn at setup, public). */
  first: Seat;
  /** Per seat, its hidden number; null until chosen. */
  numbers: [number | null, number | null];
  /** Drawn at setup; hidden until the end. */
  salt: string;
  /** SHA-256 of `secretText`, published once both numbers are chosen; null before. */
  commitment: string | null;
  /** Every guess, oldest first; the seats alternate, `first` starting. */
  guesses: Guess[];
  scores: [number, number];
  winners: Seat[] | null;
}

/** What a table gives High-Low besides the seed: nothing. */
export type HighLowSetup = Record<string, never>;

export type HighLowAction =
  | { type: "choose"; seat: Seat; number: number }
  | { type: "guess"; seat: Seat; number: number };

/** What happened, as the rules record it; `number_chosen` holds a secret, the others are public. */
export type HighLowEvent =
  | { type: "number_chosen"; seat: Seat; number: number }
  | { type: "numbers_committed"; commitment: string }
  | { type: "guessed"; seat: Seat; number: number; answer: Answer }
  | { type: "game_ended"; winners: Seat[]; scores: [number, number]; secret: HighLowSecret };

/** An event as one viewer sees it: a chosen number only for the seat that chose it. */
export type HighLowPublicEvent =
  | { type: "number_chosen"; seat: Seat; number?: number }
  | Exclude<HighLowEvent, { type: "number_chosen" }>;

/** Everything one viewer may know of a High-Low game: the only shape in which its state leaves the rules. */
export interface HighLowView extends ViewBase<"highlow"> {
  phase: Phase;
  first: Seat;
  /** Per seat, whether it has chosen its number (public: the game waits for the others). */
  chosen: [boolean, boolean];
  /** The viewer's own hidden number; null for a spectator or before choosing. */
  mine: number | null;
  commitment: string | null;
  guesses: Guess[];
  /** Per seat, where its next guess may lie, narrowed by the answers to its guesses. */
  ranges: [Range, Range];
  /** Both numbers and the salt, once the game is over (anyone may check the commitment). */
  secret: HighLowSecret | null;
  scores: [number, number];
  winners: Seat[] | null;
}

/** What the viewer may do now: a number from `min` to `max`. */
export type HighLowLegalAction = { type: "choose" | "guess"; seat: Seat; min: number; max: number };

export interface Applied {
  state: HighLowState;
  events: HighLowEvent[];
}
