import type { Result, RngState, RuleError, Seat, Viewer } from "@firmament/game-kit";
import type { DreamCard, Modifier, NightmareCard } from "./decks";

export type { Result, RngState, RuleError, Seat, Viewer };

/** Dreamers is played by exactly two. */
export const SEATS = 2;
/** Rounds in a game; a sixth is played if the score is tied after the fifth. */
export const ROUNDS = 5;
export const TIEBREAK_ROUND = 6;
export const HAND_SIZE = 3;
/** Gates to open in a round. */
export const GATES = 3;
/** A round never has more turns than this (6 cards dealt, at least 2 used a turn, 20 in the deck). */
export const MAX_TURNS = 8;
/** See RULES_VERSION in @firmament/engine: bump when the same setup, seed and actions give another game. */
export const RULES_VERSION = 1;

export const IDENTITIES = ["dreamer", "master"] as const;
export type Identity = (typeof IDENTITIES)[number];
/** The first player's word on their face-down card: free speech, never checked. */
export const DECLARATIONS = ["close", "between", "far"] as const;
export type Declaration = (typeof DECLARATIONS)[number];

/**
 * - `choosing`: before the deal, a falsely accused player picks their identity;
 * - `first_play`: the first player plays a card face down and declares;
 * - `second_play`: the second player plays a card face down;
 * - `modify_first`, `modify_second`: the sum missed; each in turn may play a modifier or pass;
 * - `closing`: the first player accuses with the skull or ends the turn;
 * - `round_over`: identities revealed; both say ready;
 * - `over`.
 */
export type Phase =
  | "choosing"
  | "first_play"
  | "second_play"
  | "modify_first"
  | "modify_second"
  | "closing"
  | "round_over"
  | "over";

/** Which face-up card a modifier is played onto: the first player's or the second player's. */
export const TARGETS = ["first", "second"] as const;
export type Target = (typeof TARGETS)[number];

export type RoundEnd = "gates" | "accusation" | "exhausted";

export type ScoreReason =
  | "dreamers_opened_gates"
  | "dreamer_beat_master"
  | "accused_master"
  | "false_accusation"
  | "master_kept_gates";

export interface SeatScore {
  seat: Seat;
  points: number;
  reasons: ScoreReason[];
}

/** What a round's commitment hides until the round ends. */
export interface RoundSecret {
  round: number;
  /** Per seat. */
  identities: [Identity, Identity];
  unused: Identity;
  /** Both decks' order as shuffled at the round's start (top first). */
  dreamDeck: string[];
  nightmareDeck: string[];
  salt: string;
}

/** Everything public once a round ends. */
export interface RoundResult {
  round: number;
  end: RoundEnd;
  gates: number;
  /** The seat that accused, if the round ended by an accusation. */
  accuser: Seat | null;
  secret: RoundSecret;
  scoring: [SeatScore, SeatScore];
  /** Scores after the round. */
  scores: [number, number];
}

/** One finished turn, as both players saw it. */
export interface TurnRecord {
  turn: number;
  first: Seat;
  nightmare: NightmareCard;
  declaration: Declaration;
  /** The first player's and the second player's cards, turned up. */
  plays: [DreamCard, DreamCard];
  modifier: { seat: Seat; card: DreamCard; target: Target; modifier: Modifier } | null;
  /** The sum after any modifier. */
  sum: number;
  gateOpened: boolean;
}

export interface RoundState {
  number: number;
  /** The first player now (the first-player card passes at every handover). */
  first: Seat;
  /** Who started the round (the other starts the next). */
  starter: Seat;
  /** Who may choose their identity this round (after being falsely accused), or null. */
  chooser: Seat | null;
  identities: [Identity, Identity];
  unused: Identity;
  salt: string;
  commitment: string;
  /** As dealt, for the reveal. */
  dealt: { dreamDeck: string[]; nightmareDeck: string[] };
  dreamDeck: string[];
  dreamDiscard: string[];
  nightmareDeck: string[];
  nightmareDiscard: string[];
  hands: [string[], string[]];
  gates: number;
  turn: number;
  nightmare: string | null;
  declaration: Declaration | null;
  /** Face-down, then face-up plays of this turn: index 0 the first player's, 1 the second's. */
  plays: [string | null, string | null];
  modifier: { seat: Seat; card: string; target: Target } | null;
  history: TurnRecord[];
  result: RoundResult | null;
  ready: [boolean, boolean];
}

export interface DreamersState {
  game: "dreamers";
  version: 1;
  scores: [number, number];
  phase: Phase;
  round: RoundState;
  /** Results of every finished round, oldest first. */
  results: RoundResult[];
  rng: RngState;
  winners: Seat[] | null;
}

export type DreamersAction =
  | { type: "choose_identity"; seat: Seat; identity: Identity }
  | { type: "play_dream"; seat: Seat; card: string; declaration?: Declaration }
  | { type: "modify"; seat: Seat; card: string; target: Target }
  | { type: "pass"; seat: Seat }
  | { type: "accuse"; seat: Seat }
  | { type: "end_turn"; seat: Seat }
  | { type: "ready"; seat: Seat };
