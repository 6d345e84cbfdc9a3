/** What the platform tells whoever calls players back when it is their move (Web Push, in push/). */
export interface TurnCalls {
  /**
   * A seat must now act at a table; `deadlineAt` is the move's deadline (ms since epoch) on a turn-based
   * table, null on a live one. `resumed`: the table was just loaded again (adopted, restarted) while
   * awaiting the seat — its last owner may have claimed the call and died before sending it.
   */
  moveStarted(table: string, seat: number, deadlineAt: number | null, resumed?: boolean): void;
  /** A tenth of a turn-based move's time is left and the seat has still not acted. */
  reminder(table: string, seat: number, deadlineAt: number): void;
}

/** Calls nobody: the default until a caller is configured. */
export const silentTurnCalls: TurnCalls = { moveStarted() {}, reminder() {} };
