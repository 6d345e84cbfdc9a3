import type { DreamsState, Seat } from "@firmament/engine";
import type { SeatBot } from "./bot";
import type { Conn } from "./context";
import type { Deck } from "./deck";
import type { ChatRow, GameRow, SeatRow, TableRow } from "./store/types";
import type { RateLimiter } from "./validate";

/** A table as this process holds it: a cache of what the store has, plus presence and timers. */
export interface Live {
  row: TableRow;
  /** The deck this table plays with (its cards' ids, alt texts and detail maps for bots). */
  deck: Deck;
  seats: SeatRow[];
  game: GameRow | null;
  state: DreamsState | null;
  version: number;
  lastChangeAt: number;
  turnStartedAt: number;
  chat: ChatRow[];
  chatSeq: number;
  /** Per seat, so a player cannot flood the table by opening more connections. */
  chatLimits: Map<Seat, RateLimiter>;
  conns: Map<string, Conn>;
  goneSince: Map<Seat, number>;
  botPlaying: Set<Seat>;
  bots: Map<Seat, SeatBot>;
  timer: unknown;
  /** A pending batched `table` push for presence changes (see `pushPresence`), or null. */
  presenceTimer: unknown;
  queue: Promise<unknown>;
  /** Operations queued or running; a table is only evicted from the cache when this is 0. */
  busy: number;
  touchedAt: number;
}

/** Seats that must act now in this state. */
export function actorsNow(state: DreamsState): Seat[] {
  const round = state.round;
  switch (state.phase) {
    case "placing":
      return [(round.dealer + round.stars.length) % state.colours.length];
    case "guessing":
      return round.guesses.flatMap((g, seat) => (g === null ? [seat] : []));
    case "reveal":
      return round.ready.flatMap((r, seat) => (r ? [] : [seat]));
    case "over":
      return [];
  }
}
