import type {
  ChatLine,
  ClientAction,
  GameKind,
  NoticePush,
  ProtocolError,
  ReplayFrame,
  ReplayResponse,
  TableInfo,
  ViewPush,
} from "@firmament/protocol";

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
