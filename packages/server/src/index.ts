export { type RunningServer, type ServerOptions, startServer } from "./app";
export { type Bus, roomBus, rooms } from "./bus";
export { type Clock, systemClock } from "./clock";
export { type Deck, loadStandardDeck } from "./deck";
export { DeckLibrary } from "./decks/library";
export * from "./protocol";
export { type Conn, TableService } from "./service";
export { openSqliteStore } from "./store/sqlite";
export type { Store } from "./store/types";
