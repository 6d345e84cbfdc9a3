/**
 * The client–server contract of Firmament: zod schemas for everything a client sends (HTTP bodies and
 * socket messages) and TypeScript types for everything the server sends back. docs/protocol.md
 * describes the same contract in prose. The web client imports TYPES ONLY from this file
 * (`import type`); it imports nothing but zod and engine types so it stays free of server code.
 *
 * Changes are additive only: new optional fields, new events, new error codes.
 */
import type { Colour, DreamsView, ImageNumber, PublicEvent, Seat, StarKind } from "@firmament/engine";
import { z } from "zod";

// ---------------------------------------------------------------------------------------------------
// Limits

export const LIMITS = {
  /** Display names: 1–24 characters after trimming. */
  nameMax: 24,
  /** Chat messages: 1–300 characters after trimming. */
  chatMax: 300,
  /** Any single socket message, serialised as JSON. Larger ones get `input/too_large`. */
  messageBytes: 4096,
  /** Any HTTP body. */
  bodyBytes: 4096,
  /** Rate limit per socket connection: a bucket of `burst` messages refilled at `perSecond`. */
  rate: { perSecond: 10, burst: 30 },
  /** Chat per seat, whatever the number of connections: a bucket of `burst` refilled at `perSecond`. */
  chatRate: { perSecond: 1, burst: 5 },
  /** Chat messages the server keeps per table (older ones are deleted) and sends on `hello`. */
  chatHistory: 50,
  /** Default caps (env `MAX_SPECTATORS_PER_TABLE`, `MAX_CONNECTIONS_PER_ADDRESS`). */
  spectatorsPerTable: 100,
  connectionsPerAddress: 100,
  /** Default budget of failed `hello`s (wrong token, unknown table) per address and minute (env `FAILED_HELLOS_PER_MINUTE`). */
  failedHellosPerMinute: 20,
  /** A seat whose player has had no connection for this long is played by a bot until they return. */
  graceSeconds: 45,
} as const;

/**
 * Custom decks (`POST /api/decks`). The per-image limits are the card processor's (`CUSTOM_LIMITS` in
 * @firmament/cards); the total is the server's, so one upload cannot tie up hundreds of megabytes.
 */
export const UPLOAD_LIMITS = {
  minImages: 8,
  maxImages: 100,
  /** Per image. */
  maxFileBytes: 5 * 1024 * 1024,
  maxMegapixels: 40,
  /** The whole request body of one upload (images and multipart framing). */
  maxTotalBytes: 150 * 1024 * 1024,
  /** The optional deck name. */
  nameMax: 40,
  /** Accepted file types, by content (the extension must agree). */
  types: ["image/png", "image/jpeg", "image/webp"],
} as const;

/** Seconds a player has to act, per timer setting and phase; a bot acts for them when time runs out. */
export const TIMERS = {
  off: null,
  relaxed: { place: 90, guess: 120, ready: 60 },
  fast: { place: 25, guess: 40, ready: 20 },
} as const;

// ---------------------------------------------------------------------------------------------------
// Shared pieces

export const colourSchema = z.enum(["red", "blue", "green", "yellow", "purple", "white"]);
export const starKindSchema = z.enum(["clear", "gray", "black"]);
/** A table code: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const tableCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-HJKMNP-Z2-9]{6}$/, "A table code is 6 letters or digits.");
/** Seat tokens and host tokens: 43 base64url characters (256 random bits). */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "A token is 43 base64url characters.");

const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
/**
 * Chat may contain line breaks (\n) but no other control characters; neither names nor chat may hold
 * invisible or direction-changing characters (zero-width, bidi overrides), which would let one player
 * pass for another.
 */
const CHAT_CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** A custom deck's id: 24 base64url characters (144 random bits), so decks cannot be found by guessing. */
export const deckIdSchema = z.string().regex(/^[A-Za-z0-9_-]{24}$/, "A deck id is 24 base64url characters.");

/** Which deck a table plays with: the standard deck, or a custom deck uploaded before. */
export const deckChoiceSchema = z.union([z.literal("standard"), z.strictObject({ custom: deckIdSchema })]);
export type DeckChoice = z.infer<typeof deckChoiceSchema>;

/** The optional name of an uploaded deck (multipart field `name`). */
export const deckNameSchema = z
  .string()
  .trim()
  .max(UPLOAD_LIMITS.nameMax, `A deck name has at most ${UPLOAD_LIMITS.nameMax} characters.`)
  .refine((s) => !CONTROL.test(s), "A deck name cannot contain control characters.");

/** A display name. Markup is allowed but always shown as text; control characters are not. */
export const nameSchema = z
  .string()
  .trim()
  .min(1, "Pick a name.")
  .max(LIMITS.nameMax, `A name has at most ${LIMITS.nameMax} characters.`)
  .refine((s) => !CONTROL.test(s), "A name cannot contain control characters.");

export const visibilitySchema = z.enum(["public", "private"]);
/** Turn timers: off, relaxed (90 s a turn, 120 s to guess) or fast (25 s / 40 s). */
export const timerSchema = z.enum(["off", "relaxed", "fast"]);
export const botLevelSchema = z.enum(["easy", "medium", "hard"]);

export type Visibility = z.infer<typeof visibilitySchema>;
export type TimerSetting = z.infer<typeof timerSchema>;
export type BotLevel = z.infer<typeof botLevelSchema>;

// ---------------------------------------------------------------------------------------------------
// HTTP bodies (inbound)

/** POST /api/tables */
export const createTableBody = z.strictObject({
  game: z.literal("dreams"),
  seats: z.number().int().min(3).max(6),
  visibility: visibilitySchema,
  timer: timerSchema,
  deck: deckChoiceSchema,
});
export type CreateTableBody = z.infer<typeof createTableBody>;

/** POST /api/tables/:code/join. `hostToken`, when given and right, makes this seat the host's seat. */
export const joinTableBody = z.strictObject({
  name: nameSchema,
  colour: colourSchema,
  hostToken: tokenSchema.optional(),
});
export type JoinTableBody = z.infer<typeof joinTableBody>;

// ---------------------------------------------------------------------------------------------------
// HTTP responses (outbound)

export interface CreateTableResponse {
  code: string;
  /** Absolute URL of the table page, `<origin>/t/<code>`. */
  inviteUrl: string;
  /** Lets its holder add/remove bots, start and play again. Keep it secret, like a seat token. */
  hostToken: string;
}

export interface JoinTableResponse {
  seat: Seat;
  /** Bound to this seat of this table; present it in `hello`. */
  token: string;
}

export interface TableConfig {
  game: "dreams";
  seats: number;
  visibility: Visibility;
  timer: TimerSetting;
  deck: DeckChoice;
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
  spectators: number;
  /** Which game at this table (1, 2, … after "play again"). 0 in the first lobby. */
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

/** GET /api/tables: public tables still open or being played, newest first. */
export interface TableListResponse {
  tables: TableSummary[];
}

/** GET /api/network: where other devices on this machine's networks reach it (only told to a browser on the machine itself). */
export interface NetworkResponse {
  /** e.g. `http://192.168.1.20:8080`; empty unless the request came from this machine as localhost. */
  origins: string[];
}

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

/** Every HTTP error: a 4xx/5xx status with this body. */
export interface ErrorBody {
  error: ProtocolError;
}

// ---------------------------------------------------------------------------------------------------
// Socket messages (inbound): `socket.emit(event, payload, ack)`

/**
 * `hello`: attach this connection to a table. With `token`: as that seat's player. Without: as a
 * spectator. With `hostToken` (alone or with a seat token): also allowed to send host commands.
 * Sending `hello` again moves the connection (e.g. after "play again" or joining a seat).
 */
export const helloMessage = z.strictObject({
  code: tableCodeSchema,
  token: tokenSchema.optional(),
  hostToken: tokenSchema.optional(),
});
export type HelloMessage = z.infer<typeof helloMessage>;

export const guessSchema = z.union([
  z.strictObject({ colour: colourSchema }),
  z.strictObject({ image: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) }),
]);

const finite = z.number().finite();

/**
 * An action as the client sends it. `seat` may be omitted: the server fills in the connection's seat
 * (and refuses with `action/not_your_seat` if it is given and differs).
 */
export const clientActionSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("place_star"),
    seat: z.number().int().optional(),
    kind: starKindSchema,
    x: finite,
    y: finite,
  }),
  z.strictObject({ type: z.literal("guess"), seat: z.number().int().optional(), guess: guessSchema }),
  z.strictObject({ type: z.literal("ready"), seat: z.number().int().optional() }),
]);
export type ClientAction = z.infer<typeof clientActionSchema>;

/**
 * `action`: the stale guard is `game` + `round` (+ optionally `version`): if the table has moved on to
 * another game or round the action is refused with `action/stale`. With `version` (from the last `view`
 * the client saw) the action is refused if anything was accepted since — use it only where the client
 * wants strict ordering; the usual guard is `round`.
 */
export const actionMessage = z.strictObject({
  action: clientActionSchema,
  game: z.number().int().min(1).optional(),
  round: z.number().int().min(1),
  version: z.number().int().min(0).optional(),
});
export type ActionMessage = z.infer<typeof actionMessage>;

/** `chat`: to the whole table. Players and spectators may read; only seated players may write. */
export const chatMessage = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, "Say something.")
    .max(LIMITS.chatMax, `A message has at most ${LIMITS.chatMax} characters.`)
    .refine((s) => !CHAT_CONTROL.test(s), "A message cannot contain control characters."),
});
export type ChatInput = z.infer<typeof chatMessage>;

/** Host commands (the connection must have sent a valid `hostToken` in `hello`). */
export const addBotMessage = z.strictObject({
  seat: z.number().int().min(0).max(5),
  level: botLevelSchema.optional(),
});
export type AddBotMessage = z.infer<typeof addBotMessage>;
export const removeBotMessage = z.strictObject({ seat: z.number().int().min(0).max(5) });
export type RemoveBotMessage = z.infer<typeof removeBotMessage>;
/**
 * `start` (lobby, at least 3 seats filled; empty seats are dropped and the rest renumbered in order) and
 * `play_again` (game over).
 */
export const emptyMessage = z.strictObject({});
export type EmptyMessage = z.infer<typeof emptyMessage>;

/** Inbound socket events and their payload schemas. */
export const inbound = {
  hello: helloMessage,
  action: actionMessage,
  chat: chatMessage,
  add_bot: addBotMessage,
  remove_bot: removeBotMessage,
  start: emptyMessage,
  play_again: emptyMessage,
  /** A seated player gives up their seat (lobby only); the token stops working. */
  leave: emptyMessage,
} as const;
export type InboundEvent = keyof typeof inbound;

// ---------------------------------------------------------------------------------------------------
// Acks and errors (outbound)

export interface ProtocolError {
  /** Namespaced and stable, e.g. `table/unknown`, `action/not_your_turn`, `rate/limited`. */
  code: string;
  /** English, for logs and fallback; clients translate by `code`. */
  message: string;
  /** Upload errors about one file: its name as uploaded (null for problems of the deck as a whole). */
  file?: string | null;
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
// Server pushes (outbound): `socket.on(event, payload => …)`

/** `table`: seats, presence and status changed. */
export type TablePush = TableInfo;

/**
 * `view`: the viewer's projection of the game after `version` accepted actions, with the events that
 * led there (each projected by the engine's `viewEvent` for this viewer). After `hello` (and on
 * "play again") the first `view` carries `events: []` and the current view.
 */
export interface ViewPush {
  game: number;
  version: number;
  view: DreamsView;
  events: PublicEvent[];
  /** Epoch ms when the timer runs out for whoever must act now (turn timers on), else null. */
  deadline: number | null;
  /** Server's clock (epoch ms) when sent, to correct for client clock skew. */
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

/** `chat`: one new line. */
export type ChatPush = ChatLine;

/** `error`: a problem not tied to an ack (e.g. a message sent without an ack callback). */
export type ErrorPush = ProtocolError;

/** Outbound events, for typed socket.io clients. */
export interface ServerToClientEvents {
  table: (payload: TablePush) => void;
  view: (payload: ViewPush) => void;
  chat: (payload: ChatPush) => void;
  error: (payload: ErrorPush) => void;
}

export interface ClientToServerEvents {
  hello: (payload: HelloMessage, ack: (res: HelloAck) => void) => void;
  action: (payload: ActionMessage, ack: (res: ActionAck) => void) => void;
  chat: (payload: ChatInput, ack: (res: SimpleAck) => void) => void;
  add_bot: (payload: AddBotMessage, ack: (res: SimpleAck) => void) => void;
  remove_bot: (payload: RemoveBotMessage, ack: (res: SimpleAck) => void) => void;
  start: (payload: EmptyMessage, ack: (res: SimpleAck) => void) => void;
  play_again: (payload: EmptyMessage, ack: (res: SimpleAck) => void) => void;
  leave: (payload: EmptyMessage, ack: (res: SimpleAck) => void) => void;
}

/** Re-exported engine types the client needs alongside the protocol. */
export type { Colour, DreamsView, ImageNumber, PublicEvent, Seat, StarKind };
