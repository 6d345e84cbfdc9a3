import type { Seat } from "@firmament/game-kit";
import type { Conn } from "./conn";
import type { Deck } from "./deck";
import type { SeatBot, ServerGame } from "./games";
import type { ChatRow, MatchRow, SeatRow, TableRow } from "./store/types";
import type { RateLimiter } from "./validate";

/** A table as this process holds it: a cache of what the store has, plus presence and timers. */
export interface Live {
  row: TableRow;
  /** The table's game (its kind is `row.config.game`). */
  game: ServerGame;
  /** The deck this table plays with, for games played with one (its cards' ids, alt texts, detail maps). */
  deck: Deck | null;
  seats: SeatRow[];
  match: MatchRow | null;
  /** The current match's state, as its game's rules keep it; null before the first start. */
  state: unknown;
  version: number;
  /** The current match's history entries (`ServerGame.history`), oldest first. */
  history: unknown[];
  lastChangeAt: number;
  turnStartedAt: number;
  chat: ChatRow[];
  chatSeq: number;
  /** Per seat, so a player cannot flood the table by opening more connections. */
  chatLimits: Map<Seat, RateLimiter>;
  conns: Map<string, Conn>;
  goneSince: Map<Seat, number>;
  /**
   * Human seats whose player has not connected since this process loaded the table (after a restart):
   * they get the grace time to come back even at a round's end, where a seat whose player left is
   * made ready at once.
   */
  notBackSinceLoad: Set<Seat>;
  botPlaying: Set<Seat>;
  bots: Map<Seat, SeatBot>;
  timer: unknown;
  /** A pending batched `table` push for presence changes (see `pushPresence`), or null. */
  presenceTimer: unknown;
  queue: Promise<unknown>;
  /** Operations queued or running; a table is only evicted from the cache when this is 0. */
  busy: number;
  touchedAt: number;
  /** When this process loaded the table (created it, or adopted it in a cluster). */
  loadedAt: number;
}

/** Adds the history entries of `events` (just applied to the current match) to the table's. */
export function recordHistory(live: Live, events: readonly unknown[]): void {
  const history = live.game.history;
  if (!history) return;
  for (const event of events) {
    const entry = history.entry(event);
    if (entry !== null) live.history.push(entry);
  }
}

/** Where the current match stands (round, phase, whom it waits for); null before the first start. */
export function progressOf(live: Live) {
  return live.state === null ? null : live.game.rules.progress(live.state);
}
