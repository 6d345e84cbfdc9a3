import type { AnyGameRules, GameRecorder, Seat } from "@firmament/game-kit";
import type { BotLevel, DeckChoice, GameKind, RoundBeliefs } from "@firmament/protocol";
import type { z } from "zod";
import type { Deck } from "../deck";

/** What a table brings to a new match besides the seed. */
export interface MatchResources {
  /** The seated players' colours, in seating order. */
  colours: string[];
  /** The table's deck, for games played with one (Dreams); null otherwise. */
  deck: Deck | null;
}

/** A bot playing one seat: it is given that seat's view only and answers an action, or null. */
export interface SeatBot {
  decide(view: unknown): { type: string; seat: Seat } | null;
}

/**
 * One game as the server hosts it: its pure rules (the game contract) and what a table needs around
 * them. This adapter is the only server code that knows a game's moves; everything else drives games
 * through it.
 */
export interface ServerGame {
  readonly kind: GameKind;
  readonly rules: AnyGameRules;
  /** Named in messages, e.g. "Dreams needs at least 3 players." */
  readonly title: string;
  /**
   * A test fixture, not a game for players: hosted only by a server started with it (`FIXTURE_GAMES`);
   * any other refuses its tables like an unknown game's.
   */
  readonly fixture?: boolean;
  /** Whether tables of this game play with a deck of pictures. */
  readonly usesDeck: boolean;
  /**
   * The game's part of POST /api/tables: `seats` (within `rules.seats`) and, for a game played with a
   * deck of pictures, `deck`. The server puts it beside `game`, `visibility` and `timer` in one strict
   * schema. An action needs no schema here: the game's `rules.parseAction` is its one check.
   */
  readonly tableOptions: {
    readonly seats: z.ZodType<number>;
    readonly deck?: z.ZodType<DeckChoice>;
  };
  /**
   * The codes by which the game's `parseAction` refuses a value outside the game's fixed vocabulary (an
   * unknown kind of piece, identity…). To a client these are `input/invalid`, like any other value out
   * of range in a message; the game's other refusals (an unknown card, say) are passed through.
   */
  readonly vocabularyCodes: ReadonlySet<string>;
  /**
   * The game's own card faces, if it has any, served at `/cards/<kind>/<id>.webp`: the file of a face
   * (null if there is no such face) and the faces' version, which changes when they are rebuilt.
   */
  readonly faces?: {
    readonly version: string;
    path(id: string): string | null;
  };
  /**
   * Phases in which a seat nobody is playing is played at once (say "ready" at a reveal) instead of
   * after the grace time, and for which no bot takes the seat over. A player this process has not seen
   * since it loaded the table (after a restart) still gets the grace time first.
   */
  readonly readyPhases: ReadonlySet<string>;
  /** The scores so far per seat, read from a spectator's view ("your games"); absent if the game keeps none. */
  scores?(view: unknown): number[];
  /**
   * What of a match's past every viewer keeps beyond the game's own view, which holds only what its
   * state holds (Dreams: the revealed secret of every earlier round, so a client that arrives later can
   * still check each commitment). `entry` turns one event into an entry, or null; it must be public to
   * every viewer. `addTo` adds the match's entries, oldest first, to a view.
   */
  readonly history?: {
    entry(event: unknown): unknown | null;
    addTo(view: unknown, entries: readonly unknown[]): unknown;
  };
  /**
   * What the strongest bot believed in each seat of one round (`RoundBeliefs` of the protocol), from the
   * spectator's view of the round's last state — everything in it is public once the round is revealed.
   * Null while the round's secrets are not public yet. Pure: the same view gives the same beliefs.
   */
  beliefs?(view: unknown, deck: Deck | null): RoundBeliefs | null;
  /** What the game's `setup` is given besides the seed; stored with the match so it can be replayed. */
  setupFor(resources: MatchResources): unknown;
  /** How the game writes its records and checks one it is given (docs/records.md). */
  // biome-ignore lint/suspicious/noExplicitAny: each game's recorder has its own state and event types
  readonly recorder: GameRecorder<any, any>;
  /** A record's `Deck` tag: which deck a match was dealt from (`deck` is null if it is not known). */
  deckTag(deck: { kind: string; id: string; version: string } | null): string;
  /**
   * A bot for one seat at a level, deterministic per seed. It falls back to a plain legal move if the
   * real bot fails, so a table never stalls; `onFailure` hears why.
   */
  bot(level: BotLevel, seed: string, deck: Deck | null, onFailure: (reason: unknown) => void): SeatBot;
  /**
   * A guided first game: how many seats (the learner takes seat 0), and a seed whose deal makes each
   * lesson happen for seat 0, found by trying fresh seeds from `fresh` with the game's pure rules. The
   * seed stays on the server like any other.
   */
  readonly tutorial?: {
    readonly seats: number;
    seed(setup: unknown, fresh: () => string): string;
  };
}
