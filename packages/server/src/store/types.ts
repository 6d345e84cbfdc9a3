import type { CardManifest } from "@firmament/cards/types";
import type { BotLevel, GameKind, TableConfig, TableStatus } from "@firmament/protocol";
import type { AccountStore } from "./account-types";
import type { AccountRow, LeaderRow, ProfileAsk, ProfileRows } from "./player-queries";
import type { PushStore } from "./push-types";
import type { Settlement } from "./ratings-tables";
import type { Sitter } from "./turn-tables";

/** One seat as stored. `tokenHash` is the SHA-256 (hex) of the seat token; the token itself is never stored. */
export interface SeatRow {
  seat: number;
  colour: string | null;
  name: string | null;
  kind: "empty" | "human" | "bot";
  level: BotLevel | null;
  tokenHash: string | null;
  /** The account the seat belongs to (taken while signed in, or claimed); kept with its token. */
  accountId?: string | null;
  /** The cluster request that took the seat (a forwarded join), if any: its repeat takes no other seat. */
  requestId?: string;
}

export interface TableRow {
  code: string;
  config: TableConfig;
  hostTokenHash: string;
  status: TableStatus;
  /** The current match's number (1, 2, … with "play again"); 0 before the first start. */
  match: number;
  hostSeat: number | null;
  createdAt: number;
}

/**
 * One match as stored: what its game's `setup` needs to rebuild it (with the action log). A table plays
 * one match after another ("play again"); each is a whole game of the table's kind.
 */
export interface MatchRow {
  match: number;
  /** Which game: the table's kind, recorded with each match. */
  kind: GameKind;
  seed: string;
  /** The players' colours in seating order. */
  colours: string[];
  /** The card ids dealt from (a deck of pictures); empty for games without a deck. */
  deck: string[];
  /** What the game's `setup` was given besides the seed (JSON). */
  setup: unknown;
  /** The game's rules version the match is played under. */
  rules: number;
  startedAt: number;
  finishedAt: number | null;
  /** The seats a bot finished for their absent player (stored with the finish; absent if none). */
  abandoned?: number[];
}

export interface ActionRow {
  version: number;
  action: unknown;
  at: number;
  /** The cluster request that carried it (a forwarded action), if any: its repeat is not applied again. */
  requestId?: string;
}

export interface ChatRow {
  id: number;
  seat: number | null;
  name: string;
  colour: string | null;
  text: string;
  at: number;
  /** The cluster request that said it (a forwarded chat message), if any: its repeat is not stored again. */
  requestId?: string;
}

/**
 * What a turn-based match's clock remembers besides its actions' times (which give each turn's start):
 * who asked for more time, which turn's deadline was doubled and which turn's reminder was sent (a
 * turn is named by when it started, epoch ms), and how many moves in a row the timer made per seat.
 */
export interface TurnRecord {
  match: number;
  /** Seats that asked for more time in this match (once each). */
  askedMoreTime: number[];
  /** The turn whose deadline was doubled, or null. */
  extendedTurn: number | null;
  /** The last turn whose reminder was sent, or null. */
  remindedTurn: number | null;
  /** Per seat: moves made in a row for it because its time ran out (reset when its player acts or returns). */
  timeoutsInRow: Record<string, number>;
}

export interface StoredTable {
  table: TableRow;
  seats: SeatRow[];
  /** A turn-based table's record of its current match's clock, if any was stored. */
  turns?: TurnRecord | null;
  /** The current match, if one was started. */
  current: { match: MatchRow; actions: ActionRow[] } | null;
  /** The newest chat lines, oldest first. */
  chat: ChatRow[];
  /** A turn-based table in play: when it next needs a process, as stored (`due_at`); else null. */
  dueAt?: number | null;
}

/** A custom deck made from a host's pictures. Never changes once stored. */
export interface DeckRow {
  /** Unguessable: 24 base64url characters (144 random bits). */
  id: string;
  name: string;
  /** Number of cards. */
  cards: number;
  /** Bytes of all images, thumbnails and manifests together. */
  bytes: number;
  createdAt: number;
}

/** One card of a custom deck: its manifest (id, detail map, alt text) and its images. */
export interface DeckCardRow {
  /** Position in the deck, 0-based (upload order). */
  index: number;
  manifest: CardManifest;
  /** 400×600 WebP. */
  image: Uint8Array;
  /** 160×240 WebP. */
  thumb: Uint8Array;
}

/** Starts the message of the error `createTable` throws when the table's custom deck is not stored. */
export const UNKNOWN_DECK = "deck/unknown";

/** Thrown by `appendAction` when that version already exists (another process got there first). */
export class VersionConflict extends Error {
  constructor(
    readonly table: string,
    readonly match: number,
    readonly version: number,
  ) {
    super(`Action ${table}/${match}/${version} already stored`);
    this.name = "VersionConflict";
  }
}

/**
 * Durable storage for tables. Everything authoritative lives here: the in-memory tables of a process
 * are caches rebuilt from it. The embedded implementation is SQLite; the same interface can be backed
 * by PostgreSQL for a scaled-out deployment.
 */
export interface Store extends AccountStore, PushStore {
  /**
   * Inserts a new table with its empty seats; false if the code is taken. A custom deck is marked as used
   * in the same transaction; if it is not stored, this throws an error whose message starts with
   * `deck/unknown` and stores nothing.
   */
  createTable(table: TableRow, seats: SeatRow[]): Promise<boolean>;
  loadTable(code: string, chatLimit: number): Promise<StoredTable | null>;
  /** Public tables in the lobby or playing, newest first. */
  /** `turnBased`: only public turn-based tables with a free seat, else only live ones still open or playing. */
  listPublic(
    limit: number,
    turnBased?: boolean,
  ): Promise<Array<Pick<TableRow, "code" | "config" | "status" | "createdAt"> & { seated: number }>>;
  /** Stores a turn-based table's turn record (guarded like every write of a table). */
  /** `dueAt` (given): the table's new stored due time, written in the same transaction. */
  saveTurnRecord(code: string, record: TurnRecord, dueAt?: number | null): Promise<void>;
  /** Stores when a turn-based table next needs a process (guarded like every write of a table). */
  saveDueAt(code: string, dueAt: number | null): Promise<void>;
  /** Tables in play due by `now` (`due_at <= now`), the most overdue first, at most `limit`. */
  listDue(now: number, limit: number): Promise<Array<{ code: string; dueAt: number }>>;
  /** The tables (open or in play) where an account or a guest's seat tokens sit, newest first. */
  seatsOf(who: Sitter, turnBasedOnly: boolean): Promise<Array<{ code: string; seat: number }>>;
  /** Codes of live tables whose game is being played (to resume timers and bots after a restart). */
  listPlaying(): Promise<string[]>;
  /** Replaces a table's seats and updates its row, in one transaction. */
  saveLobby(
    code: string,
    patch: Partial<Pick<TableRow, "status" | "hostSeat">>,
    seats: SeatRow[],
  ): Promise<void>;
  /** Starts a match: stores it, the renumbered seats and the table's new status and match number at once. */
  startMatch(
    code: string,
    match: MatchRow,
    seats: SeatRow[],
    hostSeat: number | null,
    dueAt?: number | null,
  ): Promise<void>;
  /**
   * Appends an accepted action; commits before returning. When `finishedAt` is given the match and the
   * table are marked over in the same transaction, with `abandoned`: the seats a bot finished for their
   * absent player. `dueAt` (given): the table's new stored due time, in the same transaction (a
   * finished table's is cleared). Throws `VersionConflict` if the version exists.
   */
  appendAction(
    code: string,
    match: number,
    row: ActionRow,
    finishedAt: number | null,
    abandoned?: readonly number[],
    dueAt?: number | null,
  ): Promise<void>;
  /**
   * Stores a chat line and deletes the table's lines older than the last `keep` (ids count up by one),
   * so a table's chat cannot grow without bound and what is stored is what clients are shown.
   * False, and nothing stored, if the table has a line of the same `requestId` already (a repeat).
   */
  addChat(code: string, line: ChatRow, keep: number): Promise<boolean>;
  /** Stores a custom deck and all its cards in one transaction (all or nothing). */
  saveDeck(deck: DeckRow, cards: DeckCardRow[]): Promise<void>;
  /** A custom deck and its cards' manifests (in deck order), without the images; null if unknown. */
  loadDeck(id: string): Promise<{ deck: DeckRow; manifests: CardManifest[] } | null>;
  /** One card's WebP (`full` 400×600 or `thumb` 160×240); null if the deck or card is unknown. */
  loadCardImage(deckId: string, cardId: string, size: "full" | "thumb"): Promise<Uint8Array | null>;
  /** Bytes of all custom decks stored. */
  deckBytes(): Promise<number>;
  /**
   * Deletes custom decks that no table ever used, uploaded before `createdBefore`, and decks last used
   * (a table created or a game started with them) before `lastUsedBefore` that no table still in the lobby
   * or playing uses; returns their ids. Deletes in batches of at most 500 decks per transaction.
   */
  deleteUnusedDecks(createdBefore: number, lastUsedBefore?: number): Promise<string[]>;
  /**
   * Marks a custom deck as used now (so it is kept while it is played with); false if it is not stored
   * (any more). A deck removed concurrently is either removed before (false) or kept.
   */
  touchDeck(id: string, at: number): Promise<boolean>;
  /** The full action log of one match (finished matches are kept). */
  loadMatch(code: string, match: number): Promise<{ match: MatchRow; actions: ActionRow[] } | null>;
  /**
   * Writes a finished match's results (and, at a rated table, its players' new ratings) in one
   * transaction keyed by (table, match) in `rating_updates`; false if they were written before.
   */
  settleMatch(settlement: Settlement): Promise<boolean>;
  /** Finished matches since `since` with a signed-in player whose results are not written yet. */
  pendingSettlements(since: number, limit: number): Promise<Array<{ code: string; match: number }>>;
  addAccount(account: AccountRow): Promise<void>;
  /** The account of that name (compared without regard to case); null if none or deleted. */
  accountByName(name: string): Promise<AccountRow | null>;
  playerProfile(accountId: string, ask: ProfileAsk): Promise<ProfileRows>;
  /** A game's best-rated players with `minGames` rated games finished since `since`. */
  leaderboard(kind: string, since: number, ask: { minGames: number; limit: number }): Promise<LeaderRow[]>;
  close(): Promise<void>;
}
