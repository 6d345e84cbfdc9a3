import type { Logger } from "pino";
import type { Bus } from "./bus";
import type { Clock } from "./clock";
import type { Conn } from "./conn";
import type { DeckLibrary } from "./decks/library";
import type { Metrics } from "./metrics/metrics";
import { fail, type Outcome } from "./outcome";
import type { Store } from "./store/types";
import type { TableCache } from "./table-cache";
import type { TurnCalls } from "./turn-calls";

export type { Conn } from "./conn";

/** What a live table needs from its server: dependencies and settings, nothing that holds tables. */
export interface TableEnv {
  readonly store: Store;
  readonly bus: Bus;
  readonly clock: Clock;
  /** Every deck a table can play with; a table's own deck is `table.deck`. */
  readonly decks: DeckLibrary;
  readonly log: Logger;
  /** How long a seat's player may be gone before a bot plays for them. */
  readonly graceMs: number;
  /** How long a bot waits before acting, so people can follow. */
  readonly botDelayMs: number;
  /** Multiplies the turn timers' lengths (tests). */
  readonly timerScale: number;
  readonly seedSource: () => string;
  /** Spectator connections one table accepts (per process); more get `table/too_many_spectators`. */
  readonly maxSpectatorsPerTable: number;
  /**
   * In a cluster: how long after loading a table this process may not yet know every connection the
   * other processes hold for it (they report them every second); 0 on one process.
   */
  readonly settleMs: number;
  /** Where the tables report their actions and timer moves (`noMetrics` when none are kept). */
  readonly metrics: Metrics;
  /** A match ended at this table (stored): its results and ratings are written (`ratings/settle.ts`). */
  readonly matchFinished: (code: string, match: number) => void;
  /** Who calls players back when it is their move (`silentTurnCalls` when nobody does). */
  readonly turnCalls: TurnCalls;
}

/** What the service's parts share: the tables' environment and the cache of live tables. */
export interface ServiceContext extends TableEnv {
  readonly tables: TableCache;
}

/** The code of the table this connection is attached to, or `table/not_attached`. */
export function attachedCode(conn: Conn): Outcome<{ code: string }> {
  if (conn.code === null) return fail("table/not_attached", "Send hello with a table code first.");
  return { ok: true, value: { code: conn.code } };
}
