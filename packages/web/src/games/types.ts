import type {
  EventsPush as AnyEventsPush,
  ViewPush as AnyViewPush,
  ChatLine,
  ClientAction,
  NoticePush,
  ProtocolError,
  ReplayFrame,
  ReplayResponse,
  TableInfo,
} from "@firmament/protocol";

/**
 * The games this client plays, by kind: each one's view (as the server sends it), event (as a viewer sees
 * it) and the bot's beliefs of one round. Empty here: each game's folder adds its own entry
 * (`games/<kind>/types.ts`, `declare module "../types"`), next to its record in games/registry.ts.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each game's folder adds its entry by declaration merging
export interface GameTypes {}
export type GameKind = keyof GameTypes;
/** Any view of any of these games. */
export type GameView = GameTypes[GameKind]["view"];

/** A `view` push of one game (of any, by default), narrowed by `view.game`. */
export type ViewPush<K extends GameKind = GameKind> = K extends GameKind
  ? AnyViewPush<GameTypes[K]["view"], GameTypes[K]["event"]>
  : never;
/** An `events` push of one game (of any, by default). */
export type EventsPush<K extends GameKind = GameKind> = K extends GameKind
  ? AnyEventsPush<GameTypes[K]["event"]>
  : never;

/** Any of these games' bot beliefs of one round, narrowed by `game`. */
export type RoundBeliefs = GameTypes[GameKind]["beliefs"];

/** What the table page gives every game's screen: the server's view and the commands a seat may send. */
export interface GameScreenProps<K extends GameKind = GameKind> {
  push: ViewPush<K>;
  /** When `push` arrived on this client's clock: give it to `useTurnDeadline` for the turn timer. */
  receivedAt?: number;
  /**
   * The table's latest `notice` (e.g. a move made for a player whose time ran out); `id` changes with
   * each one. Show it with `<TableNotice>` from components/TableNotice.
   */
  notice?: (NoticePush & { id: number }) | null;
  table: TableInfo;
  chat: ChatLine[];
  host: boolean;
  act: (action: ClientAction) => Promise<ProtocolError | null>;
  say: (text: string) => Promise<ProtocolError | null>;
  playAgain: () => Promise<ProtocolError | null>;
}

/**
 * What the replay page gives a game's replay screen: one frame (the spectator's view after some actions)
 * and the match's rounds from its record, with each ended round's secret and lines to overlay.
 */
export interface ReplayScreenProps {
  replay: ReplayResponse;
  frame: ReplayFrame;
  /** The table as its game components expect it: its deck, and the match's seats and names. */
  table: TableInfo;
}
