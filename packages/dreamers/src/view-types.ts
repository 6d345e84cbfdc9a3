import type { DreamCard, NightmareCard } from "./decks";
import type {
  Declaration,
  DreamersAction,
  Identity,
  Phase,
  RoundResult,
  Seat,
  Target,
  TurnRecord,
  Viewer,
} from "./types";

/** The viewer's own part: identity and hand (docs/rules.md (Dreamers), "Who may know what"). */
export interface MyDreamerSeat {
  seat: Seat;
  /** Null only while a chooser picks their identity, before the deal. */
  identity: Identity | null;
  hand: DreamCard[];
}

/** A card on the table this turn: face down (its owner sees it, nobody else) or turned up. */
export interface TablePlay {
  seat: Seat;
  /** The card when the viewer may see it: turned up, or the viewer's own face-down card. */
  card: DreamCard | null;
  faceUp: boolean;
}

/**
 * Everything one viewer may know of a Dreamers game. This is the only shape in which game information
 * leaves the rules; a spectator's view is a player's view without `me`.
 */
export interface DreamersView {
  game: "dreamers";
  viewer: Viewer;
  round: number;
  phase: Phase;
  /** The seats the game waits for now: the contract's one turn rule. */
  awaiting: Seat[];
  /** 5, or 6 when the tiebreak round is played. */
  rounds: number;
  scores: [number, number];
  /** The first player now. */
  first: Seat;
  /** Who may choose their identity this round, or null. */
  chooser: Seat | null;
  /** 1-based turn of the round; 0 before the first turn. */
  turn: number;
  gates: number;
  nightmare: NightmareCard | null;
  declaration: Declaration | null;
  /** This turn's plays, the first player's first. */
  plays: TablePlay[];
  modifier: { seat: Seat; card: DreamCard; target: Target } | null;
  /** The sum of the face-up cards (after any modifier), once both are turned up. */
  sum: number | null;
  counts: {
    dreamDeck: number;
    dreamDiscard: number;
    nightmareDeck: number;
    nightmareDiscard: number;
    hands: [number, number];
  };
  /** This round's finished turns. */
  history: TurnRecord[];
  /** SHA-256 of the round's secret (`secretText`), public from the deal ("" while a chooser chooses). */
  commitment: string;
  me: MyDreamerSeat | null;
  /** This round's result once it ended. */
  result: RoundResult | null;
  /** Every finished round's result, oldest first, secrets included (for checking commitments). */
  results: RoundResult[];
  ready: [boolean, boolean];
  winners: Seat[] | null;
}

/** What the viewer may do now. */
export type DreamersLegalAction =
  | { type: "choose_identity"; seat: Seat; identities: Identity[] }
  | { type: "play_dream"; seat: Seat; cards: string[]; declare: boolean }
  | { type: "modify"; seat: Seat; options: Array<{ card: string; target: Target }> }
  | { type: "pass"; seat: Seat }
  | { type: "accuse"; seat: Seat }
  | { type: "end_turn"; seat: Seat }
  | { type: "ready"; seat: Seat };

export type { DreamersAction };
