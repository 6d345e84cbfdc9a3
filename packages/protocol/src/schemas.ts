/**
 * zod schemas for everything a client sends (HTTP bodies and socket messages). The server validates
 * every inbound message with these; the browser client imports only types from this package's index,
 * so zod stays out of its bundle. Shapes and limits come from the platform's constants, never copied.
 * No game is named here: what differs per game (a table's seats and deck, an action's fields) is read
 * by the game itself, found through the server's registry of games.
 */
import { z } from "zod";
import { COLOURS, type GameKind, MAX_SEATS, TIMER_SETTINGS, type TimerSetting } from "./games";
import { LIMITS, UPLOAD_LIMITS } from "./limits";
import { textProblem, textProblemMessage } from "./text";
import { PROTOCOL_VERSION } from "./version";

// ---------------------------------------------------------------------------------------------------
// Shared pieces

export const colourSchema = z.enum(COLOURS);
/** A game's kind; whether the server hosts it is the server's registry's to say. */
export const gameKindSchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, "No such game.");
/** A table code: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const tableCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-HJKMNP-Z2-9]{6}$/, "A table code is 6 letters or digits.");
/** Seat tokens and host tokens: 43 base64url characters (256 random bits). */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "A token is 43 base64url characters.");

/**
 * A refinement for text a person typed (see ./text.ts): no ill-formed UTF-16, no control, format or
 * invisible character (chat: `\n` allowed), and something visible.
 */
function readableText<T extends z.ZodType<string>>(schema: T, what: string, lineBreaks = false) {
  return schema.superRefine((text, context) => {
    const problem = textProblem(text, { lineBreaks });
    if (problem) context.addIssue({ code: "custom", message: textProblemMessage(problem, what) });
  });
}

/** A custom deck's id: 24 base64url characters (144 random bits), so decks cannot be found by guessing. */
export const deckIdSchema = z.string().regex(/^[A-Za-z0-9_-]{24}$/, "A deck id is 24 base64url characters.");

/** Which deck a table of a game played with pictures uses: the standard deck, or a custom deck uploaded before. */
export const deckChoiceSchema = z.union([z.literal("standard"), z.strictObject({ custom: deckIdSchema })]);
export type DeckChoice = z.infer<typeof deckChoiceSchema>;

/** The optional name of an uploaded deck (multipart field `name`). */
export const deckNameSchema = z
  .string()
  .trim()
  .max(UPLOAD_LIMITS.nameMax, `A deck name has at most ${UPLOAD_LIMITS.nameMax} characters.`)
  .superRefine((text, context) => {
    // An empty name means the default one; any other must be readable like a player's name.
    const problem = text === "" ? null : textProblem(text);
    if (problem) context.addIssue({ code: "custom", message: textProblemMessage(problem, "A deck name") });
  });

/**
 * A display name. Markup is allowed but always shown as text; control, format and invisible characters
 * are not, and something must be visible. Lengths count UTF-16 code units after trimming.
 */
export const nameSchema = readableText(
  z
    .string()
    .trim()
    .min(1, "Pick a name.")
    .max(LIMITS.nameMax, `A name has at most ${LIMITS.nameMax} characters.`),
  "A name",
);

export const visibilitySchema = z.enum(["public", "private"]);
/** Turn timers: off, relaxed or fast (each game sets the seconds per phase: `GameRules.timers`). */
export const timerSchema = z.enum(TIMER_SETTINGS);
export const botLevelSchema = z.enum(["easy", "medium", "hard"]);

/**
 * A table's pace: `live` (everyone at the table at once; the turn timers of `timer`, if any), or
 * `turnBased`: each move may take up to `moveHours`, and the players come and go between moves.
 */
export const paceSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("live") }),
  z.strictObject({
    kind: z.literal("turnBased"),
    moveHours: z.union([z.literal(1), z.literal(12), z.literal(24), z.literal(72)]),
  }),
]);
export type Pace = z.infer<typeof paceSchema>;

export type Visibility = z.infer<typeof visibilitySchema>;
export type BotLevel = z.infer<typeof botLevelSchema>;

const seatNumber = z
  .number()
  .int()
  .min(0)
  .max(MAX_SEATS - 1);

// ---------------------------------------------------------------------------------------------------
// HTTP bodies (inbound)

/**
 * POST /api/tables, the part every game shares besides `game`: who may find the table, its turn
 * timers. The rest of the body (`seats`, and `deck` for a game played with pictures) is the game's table
 * options, read with the game's own schema on the server, keyed by `game`; the whole body is strict.
 */
export const tableSettingsShape = {
  visibility: visibilitySchema,
  timer: timerSchema,
  /** Default live. */
  pace: paceSchema.optional(),
  /** Default false: the table's matches change nobody's rating. */
  rated: z.boolean().optional(),
};

/** POST /api/tables, as the server has read it with the game's table options. */
export interface CreateTableBody {
  game: GameKind;
  seats: number;
  visibility: Visibility;
  timer: TimerSetting;
  /** Left out: live. */
  pace?: Pace;
  /** Only for a game played with a deck of pictures. */
  deck?: DeckChoice;
  rated?: boolean;
}

/**
 * POST /api/tutorials: a guided first game of `game` against bots. The learner takes seat 0 with this
 * name and colour; the server seats the bots, deals with a seed it picked so that each lesson comes up,
 * and starts at once.
 */
export const createTutorialBody = z.strictObject({
  game: gameKindSchema,
  name: nameSchema,
  colour: colourSchema,
});
export type CreateTutorialBody = z.infer<typeof createTutorialBody>;

/** POST /api/tables/:code/join. `hostToken`, when given and right, makes this seat the host's seat. */
export const joinTableBody = z.strictObject({
  name: nameSchema,
  colour: colourSchema,
  hostToken: tokenSchema.optional(),
  /**
   * A guest's other seat tokens (this browser's), for the cap on turn-based tables one player sits at;
   * a signed-in player's seats are counted by their account instead.
   */
  held: z.array(tokenSchema).max(LIMITS.yourGamesSeats).optional(),
});
export type JoinTableBody = z.infer<typeof joinTableBody>;

/**
 * POST /api/games: a guest's "your games" — the seats this browser holds (table code and seat token).
 * Seats whose token is wrong or whose table is gone are left out of the answer.
 */
export const yourGamesBody = z.strictObject({
  seats: z.array(z.strictObject({ code: tableCodeSchema, token: tokenSchema })).max(LIMITS.yourGamesSeats),
});
export type YourGamesBody = z.infer<typeof yourGamesBody>;

// ---------------------------------------------------------------------------------------------------
// Socket messages (inbound): `socket.emit(event, payload, ack)`

/**
 * `hello`: attach this connection to a table. With `token`: as that seat's player. Without: as a
 * spectator. With `hostToken` (alone or with a seat token): also allowed to send host commands.
 * `protocol`: the protocol version the client speaks (1 if left out); one the server no longer speaks
 * gets `client/outdated`. Sending `hello` again moves the connection (e.g. after joining a seat).
 */
export const helloMessage = z.strictObject({
  code: tableCodeSchema,
  token: tokenSchema.optional(),
  hostToken: tokenSchema.optional(),
  protocol: z.number().int().min(1).max(PROTOCOL_VERSION).optional(),
  /** The client folds each action's events into its view: it gets `events` pushes, not whole views. */
  fold: z.boolean().optional(),
  /**
   * The last view this client has (it reconnects): its match, version and the seat it was seen from
   * (null: a spectator's). If the table is still there and this connection has that seat again, the
   * server sends no `view` after the ack — the client's own is up to date.
   */
  seen: z
    .strictObject({
      match: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
      version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      seat: z
        .number()
        .int()
        .min(0)
        .max(MAX_SEATS - 1)
        .nullable(),
    })
    .optional(),
});
export type HelloMessage = z.infer<typeof helloMessage>;

/**
 * An action as a client sends it, before its game reads it: an object with a `type` and, optionally,
 * the acting seat (the server fills in the connection's seat). Its other fields are the game's: the
 * server hands the action to the table's game's `parseAction`, the one check of its shape.
 */
export const clientActionSchema = z.looseObject({
  type: z.string(),
  seat: z.number().int().optional(),
});
/** An action of any game as a client sends it (the acting seat may be left out). */
export interface ClientAction {
  type: string;
  seat?: number;
  [field: string]: unknown;
}
/** One of a game's actions `A` (its rules package's action type) as a client sends it. */
export type ClientActionOf<A extends { type: string; seat: number }> = A extends unknown
  ? Omit<A, "seat"> & { seat?: number }
  : never;

/**
 * `action`: the stale guard is `match` + `round` (+ optionally `version`): if the table has moved on to
 * another match or round the action is refused with `action/stale`. With `version` (from the last `view`
 * the client saw) the action is refused if anything was accepted since. `game` is the old name of
 * `match` (protocol 1) and is still read.
 */
export const actionMessage = z.strictObject({
  action: clientActionSchema,
  match: z.number().int().min(1).optional(),
  game: z.number().int().min(1).optional(),
  round: z.number().int().min(1),
  version: z.number().int().min(0).optional(),
});
export type ActionMessage = Omit<z.infer<typeof actionMessage>, "action"> & { action: ClientAction };

/**
 * `chat`: to the whole table. Players and spectators may read; only seated players may write. Line
 * breaks are allowed, other control, format and invisible characters are not.
 */
export const chatMessage = z.strictObject({
  text: readableText(
    z
      .string()
      .trim()
      .min(1, "Say something.")
      .max(LIMITS.chatMax, `A message has at most ${LIMITS.chatMax} characters.`),
    "A message",
    true,
  ),
});
export type ChatInput = z.infer<typeof chatMessage>;

/** Host commands (the connection must have sent a valid `hostToken` in `hello`). */
export const addBotMessage = z.strictObject({ seat: seatNumber, level: botLevelSchema.optional() });
export type AddBotMessage = z.infer<typeof addBotMessage>;
export const removeBotMessage = z.strictObject({ seat: seatNumber });
export type RemoveBotMessage = z.infer<typeof removeBotMessage>;
/**
 * `start` (lobby, at least the game's minimum of seats filled; empty seats are dropped and the rest
 * renumbered in order) and `play_again` (game over).
 */
export const emptyMessage = z.strictObject({});
export type EmptyMessage = z.infer<typeof emptyMessage>;

/** Whether the client's page shows its table now (Page Visibility): nobody is called while they look. */
export const visibilityMessage = z.strictObject({ visible: z.boolean() });
export type VisibilityMessage = z.infer<typeof visibilityMessage>;

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
  visibility: visibilityMessage,
  /** A seated player of a turn-based table doubles the current move's time (once per match). */
  more_time: emptyMessage,
} as const;
export type InboundEvent = keyof typeof inbound;
