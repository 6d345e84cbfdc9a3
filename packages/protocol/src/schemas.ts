/**
 * zod schemas for everything a client sends (HTTP bodies and socket messages). The server validates
 * every inbound message with these; the browser client imports only types from this package's index,
 * so zod stays out of its bundle. Shapes and limits come from the games' and the platform's constants,
 * never copied.
 */
import { DECLARATIONS, IDENTITIES, TARGETS } from "@firmament/dreamers";
import { COLOURS, MAX_PLAYERS, MIN_PLAYERS, STAR_KINDS } from "@firmament/dreams";
import { z } from "zod";
import { DREAMERS_SEAT_COUNT, GAME_KINDS, TIMER_SETTINGS } from "./games";
import { LIMITS, UPLOAD_LIMITS } from "./limits";
import { textProblem, textProblemMessage } from "./text";
import { PROTOCOL_VERSION } from "./version";

// ---------------------------------------------------------------------------------------------------
// Shared pieces

export const colourSchema = z.enum(COLOURS);
export const starKindSchema = z.enum(STAR_KINDS);
export const gameKindSchema = z.enum(GAME_KINDS);
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

/** Which deck a Dreams table plays with: the standard deck, or a custom deck uploaded before. */
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
/** Turn timers: off, relaxed or fast (seconds per game and phase in `TIMERS`). */
export const timerSchema = z.enum(TIMER_SETTINGS);
export const botLevelSchema = z.enum(["easy", "medium", "hard"]);

export type Visibility = z.infer<typeof visibilitySchema>;
export type BotLevel = z.infer<typeof botLevelSchema>;

const seatNumber = z
  .number()
  .int()
  .min(0)
  .max(MAX_PLAYERS - 1);

// ---------------------------------------------------------------------------------------------------
// HTTP bodies (inbound)

/** POST /api/tables for Dreams: 3–6 seats and a deck. */
export const createDreamsTableBody = z.strictObject({
  game: z.literal("dreams"),
  seats: z.number().int().min(MIN_PLAYERS).max(MAX_PLAYERS),
  visibility: visibilitySchema,
  timer: timerSchema,
  deck: deckChoiceSchema,
});
/** POST /api/tables for Dreamers: always 2 seats (`seats` may be left out). */
export const createDreamersTableBody = z.strictObject({
  game: z.literal("dreamers"),
  seats: z.literal(DREAMERS_SEAT_COUNT).default(DREAMERS_SEAT_COUNT),
  visibility: visibilitySchema,
  timer: timerSchema,
});
/** POST /api/tables: a table of one game, keyed by `game`. */
export const createTableBody = z.discriminatedUnion("game", [createDreamsTableBody, createDreamersTableBody]);
export type CreateTableBody = z.infer<typeof createTableBody>;

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
});
export type JoinTableBody = z.infer<typeof joinTableBody>;

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
      seat: z.number().int().min(0).max(5).nullable(),
    })
    .optional(),
});
export type HelloMessage = z.infer<typeof helloMessage>;

/** The acting seat may be left out: the server fills in the connection's seat. */
const actorSeat = z.number().int().optional();
const finite = z.number().finite();

export const guessSchema = z.union([
  z.strictObject({ colour: colourSchema }),
  z.strictObject({ image: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) }),
]);

/** A Dreams action as a client sends it. */
export const dreamsActionSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("place_star"),
    seat: actorSeat,
    kind: starKindSchema,
    x: finite,
    y: finite,
  }),
  z.strictObject({ type: z.literal("guess"), seat: actorSeat, guess: guessSchema }),
  z.strictObject({ type: z.literal("ready"), seat: actorSeat }),
]);

const cardId = z.string().min(1).max(32);

/** A Dreamers action as a client sends it. */
export const dreamersActionSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("choose_identity"), seat: actorSeat, identity: z.enum(IDENTITIES) }),
  z.strictObject({
    type: z.literal("play_dream"),
    seat: actorSeat,
    card: cardId,
    declaration: z.enum(DECLARATIONS).optional(),
  }),
  z.strictObject({ type: z.literal("modify"), seat: actorSeat, card: cardId, target: z.enum(TARGETS) }),
  z.strictObject({ type: z.literal("pass"), seat: actorSeat }),
  z.strictObject({ type: z.literal("accuse"), seat: actorSeat }),
  z.strictObject({ type: z.literal("end_turn"), seat: actorSeat }),
  z.strictObject({ type: z.literal("ready"), seat: actorSeat }),
]);

/** Each game's action schema; the server checks an action against its table's game. */
export const actionSchemas = { dreams: dreamsActionSchema, dreamers: dreamersActionSchema } as const;
export type DreamsClientAction = z.infer<typeof dreamsActionSchema>;
export type DreamersClientAction = z.infer<typeof dreamersActionSchema>;
/** An action as a client sends it, for either game. */
export type ClientAction = DreamsClientAction | DreamersClientAction;

/** An action of any game; the server then holds it to its table's game's schema. */
export const clientActionSchema = z.union([dreamsActionSchema, dreamersActionSchema]);

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
export type ActionMessage = z.infer<typeof actionMessage>;

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
