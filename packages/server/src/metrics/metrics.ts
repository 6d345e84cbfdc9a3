/**
 * What the server tells its metrics (`/metrics`, see docs/deploy.md). The tables, the store and the
 * cluster call these at the points they measure; without a metrics listener the server is given
 * `noMetrics`, whose calls do nothing. Times are `performance.now()` milliseconds.
 */
export interface Metrics {
  /** An action (a player's or one made by the timer) was stored, then pushed to the table. */
  actionDone(game: string, receivedAt: number, storedAt: number, pushedAt: number): void;
  /** The table's timer made a move: a bot's seat, a seat whose player is away, or a turn that ran out. */
  timerMove(kind: TimerMoveKind): void;
  /** A table's lease changed hands at this process (a cluster). */
  handOver(kind: HandOverKind): void;
  /** An orphaned table was adopted: from taking its lease to the table loaded and its timer armed. */
  adopted(ms: number): void;
  /** A PostgreSQL query ran (`error` set if it failed). */
  postgresQuery(ms: number, error: unknown): void;
  /** A pooled PostgreSQL connection failed while idle (the database restarted or went away). */
  postgresConnectionError(): void;
  /** A Redis command was answered (`failed`: with an error, or never because the connection failed). */
  redisCommand(ms: number, failed: boolean): void;
  /** A Redis connection was lost and is being made again. */
  redisReconnect(): void;
}

/** Why the table's timer moved for a seat: a bot's seat; a seat whose player is away (a bot plays for them); a turn that ran out. */
export type TimerMoveKind = "bot" | "absent" | "timeout";

/**
 * `adopted`: a dead process's table; `taken_over`: taken from a process known to be gone; `lost`:
 * another process holds it now; `handed_back`: given back to the process the front routes it to.
 */
export type HandOverKind = "adopted" | "taken_over" | "lost" | "handed_back";

export const TIMER_MOVE_KINDS: readonly TimerMoveKind[] = ["bot", "absent", "timeout"];
export const HAND_OVER_KINDS: readonly HandOverKind[] = ["adopted", "taken_over", "lost", "handed_back"];

const nothing = () => {};

/** Metrics that are not kept: every call returns at once. */
export const noMetrics: Metrics = {
  actionDone: nothing,
  timerMove: nothing,
  handOver: nothing,
  adopted: nothing,
  postgresQuery: nothing,
  postgresConnectionError: nothing,
  redisCommand: nothing,
  redisReconnect: nothing,
};
