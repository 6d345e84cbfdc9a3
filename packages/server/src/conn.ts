import type { Seat } from "@firmament/game-kit";

/** One client connection as the service sees it; the realtime layer wraps a socket in it. */
export interface Conn {
  readonly id: string;
  code: string | null;
  seat: Seat | null;
  host: boolean;
  /** Declared in `hello`: the client folds each action's events into its view (see `pushViews`). */
  fold: boolean;
  /** True for a connection held by another process of a cluster (its table's owner relays to it). */
  readonly remote?: boolean;
  join(room: string): void;
  leave(room: string): void;
  emit(event: string, payload: unknown): void;
  /**
   * Closes the connection's transport if its client named `code` when it connected (`?table=`), so
   * that it reconnects through the front to the process the table is routed to; false otherwise.
   */
  reroute?(code: string): boolean;
}
