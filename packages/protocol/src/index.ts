/**
 * @firmament/protocol — the client–server contract of Firmament. docs/protocol.md describes it in prose.
 *
 * This entry holds constants and types only (no zod at runtime), so browser clients can import it freely;
 * the zod schemas that validate inbound messages are in `@firmament/protocol/schemas`.
 * Changes are additive only: new optional fields, new events, new error codes; a change that is not is a
 * new `PROTOCOL_VERSION`.
 */
export {
  COLOURS,
  type Colour,
  type GameKind,
  MAX_SEATS,
  TIMER_SETTINGS,
  type TimerSetting,
  type TurnTimers,
} from "./games";
export { LIMITS, MOVE_HOURS, UPLOAD_LIMITS } from "./limits";
export {
  type LeaderboardEntry,
  type LeaderboardResponse,
  type PlayerGameStats,
  type PlayerMatch,
  type PlayerProfile,
  type PlayerRating,
  type PlayerTable,
  RATING_RULES,
  type RatingPoint,
} from "./players";
export type * from "./records";
export type {
  ActionMessage,
  AddBotMessage,
  BotLevel,
  ChatInput,
  ClientAction,
  ClientActionOf,
  CreateTableBody,
  CreateTutorialBody,
  DeckChoice,
  EmptyMessage,
  HelloMessage,
  InboundEvent,
  JoinTableBody,
  Pace,
  RemoveBotMessage,
  Visibility,
  YourGamesBody,
} from "./schemas";
export {
  allStringsWellFormed,
  isWellFormed,
  type TextProblem,
  textProblem,
  textProblemMessage,
} from "./text";
export type * from "./types";
export { OLDEST_PROTOCOL_VERSION, PROTOCOL_VERSION } from "./version";

import type {
  ActionMessage,
  AddBotMessage,
  ChatInput,
  EmptyMessage,
  HelloMessage,
  VisibilityMessage,
} from "./schemas";
import type { ActionAck, HelloAck, SimpleAck } from "./types";

export interface ClientToServerEvents {
  hello: (payload: HelloMessage, ack: (res: HelloAck) => void) => void;
  action: (payload: ActionMessage, ack: (res: ActionAck) => void) => void;
  chat: (payload: ChatInput, ack: (res: SimpleAck) => void) => void;
  add_bot: (payload: AddBotMessage, ack: (res: SimpleAck) => void) => void;
  remove_bot: (payload: { seat: number }, ack: (res: SimpleAck) => void) => void;
  start: (payload: EmptyMessage, ack: (res: SimpleAck) => void) => void;
  play_again: (payload: EmptyMessage, ack: (res: SimpleAck) => void) => void;
  leave: (payload: EmptyMessage, ack: (res: SimpleAck) => void) => void;
  visibility: (payload: VisibilityMessage, ack: (res: SimpleAck) => void) => void;
  more_time: (payload: EmptyMessage, ack: (res: SimpleAck) => void) => void;
}
export type { MatchBeliefs, RoundBeliefs } from "./beliefs";
