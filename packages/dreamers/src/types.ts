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
/** See RULES_VERSION in @firmament/dreams: bump when the same setup, seed and actions give another game. */
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

/**
 * What a round's commitment hides until the round ends: the identity deal and a salt. **Decision:** the
 * decks' order is not part of it and is never revealed — docs/rules.md (Dreamers) keeps the decks' order from
 * everyone, also after the round, and with the order and the public plays anyone could rebuild the
 * other player's hand, which stays secret too.
 */
export interface RoundSecret {
  round: number;
  /** Per seat. */
  identities: [Identity, Identity];
  unused: Identity;
  /** 128 bits from the generator, lower-case hex. */
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
  /** Per seat; null until dealt (while the chooser chooses). */
  identities: [Identity, Identity] | null;
  /** The third identity card; null until dealt. */
  unused: Identity | null;
  /** "" until dealt. */
  salt: string;
  /** SHA-256 of `secretText(secret)`; "" until dealt. */
  commitment: string;
  dreamDeck: string[];
  dreamDiscard: string[];
  nightmareDeck: string[];
  nightmareDiscard: string[];
  hands: [string[], string[]];
  gates: number;
  turn: number;
  nightmare: string | null;
  declaration: Declaration | null;
  /**
   * This turn's plays: index 0 the first player's, 1 the second's. The first player's card is face down
   * while it is alone; both are face up once the second is played.
   */
  plays: [string | null, string | null];
  modifier: { seat: Seat; card: string; target: Target } | null;
  /** This round's finished turns. */
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

/** What a table gives Dreamers besides the seed: nothing yet (two seats, the standard decks). */
export type DreamersSetup = Record<string, never>;

/**
 * What happened, as the rules record it. `apply` decides the events and `evolve` folds them into the
 * state, the only place the state changes. Events hold secrets (decks, draws, identities, the
 * generator); `viewEvent` turns them into what one viewer may see.
 */
export type DreamersEvent =
  | {
      type: "round_started";
      round: number;
      starter: Seat;
      chooser: Seat | null;
      /** Both decks freshly shuffled, top first. */
      dreamDeck: string[];
      nightmareDeck: string[];
      rng: RngState;
    }
  | { type: "identity_chosen"; seat: Seat; identity: Identity }
  | {
      type: "identities_dealt";
      identities: [Identity, Identity];
      unused: Identity;
      salt: string;
      commitment: string;
      rng: RngState;
    }
  | {
      type: "turn_started";
      turn: number;
      first: Seat;
      /** Per seat, the cards drawn from the top of the Dream deck (the first player draws first). */
      draws: [string[], string[]];
      /** Set when the Nightmare deck was empty: its discards shuffled back in, top first. */
      reshuffled: string[] | null;
      rng: RngState;
      nightmare: string;
    }
  | { type: "card_played"; seat: Seat; card: string; declaration: Declaration | null }
  | { type: "cards_turned"; cards: [string, string]; sum: number }
  | { type: "modifier_played"; seat: Seat; card: string; target: Target; sum: number }
  | { type: "gate_opened"; gates: number }
  | { type: "passed"; seat: Seat }
  | { type: "accused"; seat: Seat; accused: Seat }
  | { type: "turn_ended"; record: TurnRecord }
  | { type: "round_ended"; result: RoundResult; scores: [number, number] }
  | { type: "player_ready"; seat: Seat }
  | { type: "game_ended"; winners: Seat[]; scores: [number, number] };

/**
 * An event as one viewer may see it (docs/rules.md (Dreamers), "Who may know what"): decks, the generator and the
 * other player's draws, card and identity are left out; the viewer's own are kept.
 */
export type DreamersPublicEvent =
  | {
      type: "round_started";
      round: number;
      starter: Seat;
      chooser: Seat | null;
      /** How many cards the freshly shuffled decks hold (their order stays secret). */
      dreamDeckSize: number;
      nightmareDeckSize: number;
    }
  /** `identity` only for the chooser themself. */
  | { type: "identity_chosen"; seat: Seat; identity?: Identity }
  /** `identity` is the viewer's own (absent for a spectator). */
  | { type: "identities_dealt"; commitment: string; identity?: Identity }
  | {
      type: "turn_started";
      turn: number;
      first: Seat;
      /** How many cards each seat drew. */
      drawn: [number, number];
      /** The viewer's own drawn cards (absent for a spectator). */
      cards?: string[];
      reshuffled: boolean;
      nightmare: string;
    }
  /** `card` only for the player who played it; everyone sees it once turned. */
  | { type: "card_played"; seat: Seat; declaration: Declaration | null; card?: string }
  | Extract<
      DreamersEvent,
      {
        type:
          | "cards_turned"
          | "modifier_played"
          | "gate_opened"
          | "passed"
          | "accused"
          | "turn_ended"
          | "round_ended"
          | "player_ready"
          | "game_ended";
      }
    >;

export interface Applied {
  state: DreamersState;
  events: DreamersEvent[];
}
