import type {
  ChatLine,
  ClientAction,
  GameKind,
  ProtocolError,
  TableInfo,
  ViewPush,
} from "@firmament/protocol";

/** What the table page gives every game's screen: the server's view and the commands a seat may send. */
export interface GameScreenProps<K extends GameKind = GameKind> {
  push: ViewPush<K>;
  table: TableInfo;
  chat: ChatLine[];
  host: boolean;
  act: (action: ClientAction) => Promise<ProtocolError | null>;
  say: (text: string) => Promise<ProtocolError | null>;
  playAgain: () => Promise<ProtocolError | null>;
}
