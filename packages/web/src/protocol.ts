/**
 * The client–server contract, TYPES ONLY (the schemas stay on the server). Everything the client sends
 * or receives is typed from here, so a protocol change breaks the client's typecheck, not its users.
 */
export type {
  ActionAck,
  BotLevel,
  ChatLine,
  ClientAction,
  ClientToServerEvents,
  CreateTableBody,
  CreateTableResponse,
  CustomDeckResponse,
  DeckChoice,
  DeckResponse,
  ErrorBody,
  HelloAck,
  JoinTableBody,
  JoinTableResponse,
  NetworkResponse,
  ProtocolError,
  SeatInfo,
  ServerToClientEvents,
  SimpleAck,
  TableInfo,
  TableListResponse,
  TableSummary,
  TimerSetting,
  ViewPush,
  Visibility,
} from "../../server/src/protocol";
