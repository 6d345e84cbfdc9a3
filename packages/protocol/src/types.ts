/**
 * Everything the server sends: HTTP responses, acks and socket pushes. Views and events are the games'
 * own types, each from its rules package; here they are any game's (`ViewBase` and a typed event), and a
 * client that knows its games narrows them by `view.game`.
 */
import type { Seat, ViewBase } from "@firmament/game-kit";
import type { Colour, GameKind, TimerSetting } from "./games";
import type { BotLevel, DeckChoice, Pace, Visibility } from "./schemas";

// ---------------------------------------------------------------------------------------------------
// Tables

/** A table's settings (POST /api/tables); `seats` and `deck` are read by the table's game. */
export interface TableConfig {
  game: GameKind;
  seats: number;
  visibility: Visibility;
  timer: TimerSetting;
  /** Left out (tables made before paces): live. */
  pace?: Pace;
  /** Only a game played with a deck of pictures has one. */
  deck?: DeckChoice;
  /** A guided first game (POST /api/tutorials): the client shows its lessons. */
  tutorial?: true;
  /** The host made the table rated: its finished matches change its signed-in players' ratings. */
  rated?: boolean;
}

export type TableStatus = "lobby" | "playing" | "over";

export interface SeatInfo {
  seat: Seat;
  /** Null while the seat is empty. */
  colour: Colour | null;
  /** Display name; bots are named by the server. Always render as text. */
  name: string | null;
  kind: "empty" | "human" | "bot";
  /** Bots only. */
  level?: BotLevel;
  /** A human with at least one open connection. Bots are always connected. */
  connected: boolean;
  /** A human seat currently played by a bot because its player is gone past the grace time. */
  botPlaying: boolean;
}

/** GET /api/tables/:code, and the payload of the `table` push. */
export interface TableInfo {
  code: string;
  config: TableConfig;
  status: TableStatus;
  seats: SeatInfo[];
  /** The seat the host joined with, if any. */
  hostSeat: Seat | null;
  /** Turn-based tables: the seats that asked for more time in the current match (once each). */
  moreTime?: Seat[];
  spectators: number;
  /** Which match at this table (1, 2, … after "play again"); 0 in the first lobby. */
  match: number;
  /** @deprecated protocol 1's name of `match`. */
  game: number;
  createdAt: number;
}

export interface TableSummary {
  code: string;
  config: TableConfig;
  status: TableStatus;
  seated: number;
  createdAt: number;
}

/**
 * GET /api/tables: public tables still open or being played, newest first (live ones in `tables`), and
 * public turn-based tables with a free seat apart (`turnBased`, newest first).
 */
export interface TableListResponse {
  tables: TableSummary[];
  turnBased: TableSummary[];
}

/** One table in "your games" (GET /api/account/games, POST /api/games). */
export interface YourGame {
  code: string;
  game: GameKind;
  /** Live for tables made before paces. */
  pace: Pace;
  status: TableStatus;
  /** Your seat there. */
  seat: Seat;
  /** Every seat of the table in seating order (yours included), with its name and colour. */
  seats: Array<{ seat: Seat; name: string | null; colour: Colour | null; kind: SeatInfo["kind"] }>;
  /** The round of the match in play (or the last one played); null before the first start. */
  round: number | null;
  /** Scores per seat so far; null before the first start. */
  scores: number[] | null;
  /** The game waits for your seat now. */
  yourMove: boolean;
  /** When the current move's time runs out (epoch ms), or null without a deadline. */
  deadline: number | null;
}

/** "Your games": your tables, those where it is your move first, each group by time left (soonest first). */
export interface YourGamesResponse {
  games: YourGame[];
  /** The server's clock (epoch ms), to read deadlines against. */
  now: number;
}

export interface CreateTableResponse {
  code: string;
  /** Absolute URL of the table page, `<origin>/t/<code>`. */
  inviteUrl: string;
  /** Lets its holder add/remove bots, start and play again. Keep it secret, like a seat token. */
  hostToken: string;
}

/** POST /api/tutorials: the table, already playing, and the learner's seat (always 0) and its token. */
export interface CreateTutorialResponse extends CreateTableResponse {
  seat: Seat;
  token: string;
}

export interface JoinTableResponse {
  seat: Seat;
  /** Bound to this seat of this table; present it in `hello`. */
  token: string;
}

/** GET /api/network: where other devices on this machine's networks reach it (only told to a browser on the machine itself). */
export interface NetworkResponse {
  /** e.g. `http://192.168.1.20:8080`; empty unless the request came from this machine as localhost. */
  origins: string[];
}

// ---------------------------------------------------------------------------------------------------
// Decks of pictures (for games played with one)

export interface DeckCard {
  id: string;
  /** Where the image is: `/cards/<id>.webp` (standard), `/api/decks/<deck>/cards/<id>` (custom). */
  image: string;
  /** Custom decks: a 160×240 preview, `/api/decks/<deck>/thumbs/<id>`. */
  thumb?: string;
  /** Alt text per locale (en, de, fr, it). */
  alt: Record<string, string>;
}

/** GET /api/decks/standard and GET /api/decks/:id */
export interface DeckResponse {
  /** `standard`, or the custom deck's id. */
  id: string;
  version: string;
  /** Custom decks: the name given at upload. */
  name?: string;
  /** Custom decks: when it was uploaded (epoch ms). */
  createdAt?: number;
  cards: DeckCard[];
}

/** POST /api/decks: the stored deck. Create a table with `deck: { custom: id }`. */
export interface CustomDeckResponse extends DeckResponse {
  name: string;
  createdAt: number;
  /** Bytes stored for the deck (images, previews and manifests). */
  bytes: number;
}

// ---------------------------------------------------------------------------------------------------
// Errors and acks

export interface ProtocolError {
  /** Namespaced and stable, e.g. `table/unknown`, `action/not_your_turn`, `rate/limited`. */
  code: string;
  /** English, for logs and fallback; clients translate by `code`. */
  message: string;
  /** Upload errors about one file: its name as uploaded (null for problems of the deck as a whole). */
  file?: string | null;
}

/** Every HTTP error: a 4xx/5xx status with this body. */
export interface ErrorBody {
  error: ProtocolError;
}

export type Ack<T extends object = object> = ({ ok: true } & T) | { ok: false; error: ProtocolError };

export type HelloAck = Ack<{
  /** The connection's seat, or null for a spectator. */
  seat: Seat | null;
  host: boolean;
  table: TableInfo;
  /** Recent chat, oldest first. */
  chat: ChatLine[];
}>;
export type ActionAck = Ack<{ version: number }>;
export type SimpleAck = Ack;

// ---------------------------------------------------------------------------------------------------
// Views

/** An event of any game, as a viewer sees it (`GameRules.viewEvent`). */
export interface GameEvent {
  type: string;
}

/**
 * `view`: the viewer's projection of the game after `version` accepted actions, with the events that
 * led there (each projected by the game's `viewEvent` for this viewer). After `hello` (and on
 * "play again") the first `view` carries `events: []` and the current view. `view.game` names the game;
 * `View` and `Event` are that game's (its rules package's types, with what the server adds to a view).
 */
export interface ViewPush<View extends ViewBase = ViewBase, Event extends GameEvent = GameEvent> {
  match: number;
  /** @deprecated protocol 1's name of `match`. */
  game: number;
  version: number;
  view: View;
  events: Event[];
  /** Epoch ms when the timer runs out for whoever must act now (turn timers on), else null. */
  deadline: number | null;
  /** Server's clock (epoch ms) when sent, to correct for client clock skew. */
  now: number;
}

/**
 * `events`: to a connection that said `fold: true` in `hello`, instead of a `view` push after each
 * action: the events of the actions since its last push (up to `version`), as its viewer sees them.
 * The client folds them, in order, into the view it holds with its game's pure `fold(view, event)`
 * (`GameRules.fold`), adding what the server adds to that game's views (docs/protocol.md). It folds
 * only onto version `version - 1` of match `match`; on a gap it sends `hello` again for a whole view.
 */
export interface EventsPush<Event extends GameEvent = GameEvent> {
  match: number;
  /** @deprecated protocol 1's name of `match`. */
  game: number;
  version: number;
  events: Event[];
  deadline: number | null;
  now: number;
}

export interface ChatLine {
  id: number;
  /** Null for system lines. */
  seat: Seat | null;
  name: string;
  colour: Colour | null;
  /** Always render as text. */
  text: string;
  at: number;
}

/**
 * `notice`: something that happened at the table which is in no view, told once to everyone there
 * (players and spectators). Clients translate it by `code`; unknown codes can be ignored. Not stored:
 * a connection that was away misses it.
 * - `turn/played_for_you`: `seat`'s turn timer ran out while its player was still in charge of the seat
 *   (present, or gone for less than the grace time), so the server made that one move for them; it
 *   comes right after the `view` push of that move (`version`). A seat played by the bot because its
 *   player has been gone past the grace time is shown by `SeatInfo.botPlaying` instead, with no notice.
 */
export interface NoticePush {
  code: "turn/played_for_you";
  seat: Seat;
  /** The match and the version of the view push that carries the move made for the seat. */
  match: number;
  version: number;
  /** Server clock (epoch ms) when the move was made. */
  at: number;
}

/** `table`: seats, presence and status changed. */
export type TablePush = TableInfo;
/** `chat`: one new line. */
export type ChatPush = ChatLine;
/** `error`: a problem not tied to an ack (e.g. a message sent without an ack callback). */
export type ErrorPush = ProtocolError;

/** Outbound events, for typed socket.io clients. */
export interface ServerToClientEvents {
  table: (payload: TablePush) => void;
  view: (payload: ViewPush) => void;
  events: (payload: EventsPush) => void;
  chat: (payload: ChatPush) => void;
  notice: (payload: NoticePush) => void;
  error: (payload: ErrorPush) => void;
}
