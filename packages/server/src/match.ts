import type { Progress, Seat } from "@firmament/game-kit";
import type { SeatBot, ServerGame } from "./games";
import { replayStored } from "./games/replay";
import type { ActionRow, MatchRow } from "./store/types";

const NO_STATE = Symbol("no state");
/**
 * How many of a match's latest forwarded actions it knows by request id. A repeat comes within the
 * seconds its forwarder waits for the table's next owner (`FORWARD_DEADLINE_MS`), a few actions later.
 */
export const REMEMBERED_REQUESTS = 256;

/**
 * The match a table plays now: its state, version, history, turn clock and bots. Only its table holds
 * one; a new match is a new `Match` (a start replaces it whole), and within a match only `advance`
 * changes it (and `botFor` fills its bots).
 */
export class Match {
  private current: unknown;
  private count: number;
  private readonly entries: unknown[] = [];
  private turnStart: number;
  private lastChange: number;
  private readonly seatBots = new Map<Seat, SeatBot>();
  /** The version each of the latest forwarded actions got, by request id (oldest first). */
  private readonly requests = new Map<string, number>();
  /** `progress()` of the state `progressOf` (each action asks it several times of the same state). */
  private progressNow: Progress | null = null;
  private progressOf: unknown = NO_STATE;

  private constructor(
    readonly game: ServerGame,
    private readonly stored: MatchRow,
    state: unknown,
    at: { version: number; turnStartedAt: number; lastChangeAt: number },
  ) {
    this.current = state;
    this.count = at.version;
    this.turnStart = at.turnStartedAt;
    this.lastChange = at.lastChangeAt;
  }

  /** A match just set up: version 0, its turn clock starting now. */
  static begin(game: ServerGame, row: MatchRow, state: unknown, now: number): Match {
    return new Match(game, row, state, { version: 0, turnStartedAt: now, lastChangeAt: now });
  }

  /**
   * A stored match rebuilt by replaying its actions (so its history is rebuilt with its state). A
   * restart gives whoever is to act a fresh turn (`keepTurnClock` false); a table adopted in a cluster
   * keeps the turn clock its stored actions' times give.
   */
  static resume(
    game: ServerGame,
    stored: { match: MatchRow; actions: ActionRow[] },
    now: number,
    keepTurnClock: boolean,
    what: string,
  ): Match {
    const { match, actions } = stored;
    const { states, events } = replayStored(game, match, actions, what);
    let turnStartedAt = match.startedAt;
    if (keepTurnClock)
      for (const [index, row] of actions.entries())
        if (restartsTurn(game, states[index], states[index + 1])) turnStartedAt = row.at;
    const resumed = new Match(game, { ...match }, states.at(-1), {
      version: actions.length,
      turnStartedAt: keepTurnClock ? Math.min(now, turnStartedAt) : now,
      lastChangeAt: Math.min(now, actions.at(-1)?.at ?? match.startedAt),
    });
    for (const happened of events) resumed.record(happened);
    for (const row of actions.slice(-REMEMBERED_REQUESTS))
      if (row.requestId !== undefined) resumed.remember(row.requestId, row.version);
    return resumed;
  }

  get number(): number {
    return this.stored.match;
  }
  get seed(): string {
    return this.stored.seed;
  }
  get state(): unknown {
    return this.current;
  }
  get version(): number {
    return this.count;
  }
  /** The history entries (`ServerGame.history`) of the match's events, oldest first. */
  get history(): readonly unknown[] {
    return this.entries;
  }
  get turnStartedAt(): number {
    return this.turnStart;
  }
  get lastChangeAt(): number {
    return this.lastChange;
  }

  /** Where the match stands: round, phase, whom it waits for (worked out once per state). */
  progress(): Progress {
    if (this.progressOf !== this.current) {
      this.progressNow = this.game.rules.progress(this.current);
      this.progressOf = this.current;
    }
    return this.progressNow as Progress;
  }

  /** When the turn will have started once `next` follows the current state at `now`. */
  turnStartAfter(next: unknown, now: number): number {
    return restartsTurn(this.game, this.current, next) ? now : this.turnStart;
  }

  /**
   * The state after an accepted (and stored) action; a new turn, phase or round restarts the turn clock.
   * `requestId`: the cluster request that carried the action, if any.
   */
  advance(next: unknown, events: readonly unknown[], now: number, requestId?: string): void {
    if (restartsTurn(this.game, this.current, next)) this.turnStart = now;
    this.current = next;
    this.count += 1;
    this.lastChange = now;
    this.record(events);
    if (requestId !== undefined) this.remember(requestId, this.count);
  }

  /** The version the action of this cluster request got in this match, if it is one of its latest. */
  versionOfRequest(requestId: string): number | undefined {
    return this.requests.get(requestId);
  }

  /** The bot that plays `seat` in this match, made by `make` the first time it is asked for. */
  botFor(seat: Seat, make: () => SeatBot): SeatBot {
    let bot = this.seatBots.get(seat);
    if (!bot) {
      bot = make();
      this.seatBots.set(seat, bot);
    }
    return bot;
  }

  private remember(requestId: string, version: number): void {
    this.requests.set(requestId, version);
    if (this.requests.size > REMEMBERED_REQUESTS)
      this.requests.delete(this.requests.keys().next().value as string);
  }

  private record(events: readonly unknown[]): void {
    const history = this.game.history;
    if (!history) return;
    for (const event of events) {
      const entry = history.entry(event);
      if (entry !== null) this.entries.push(entry);
    }
  }
}

/** What the rest of the server may ask of a table's match: it reads, only its table changes it. */
export type MatchView = Pick<
  Match,
  "game" | "number" | "seed" | "state" | "version" | "history" | "turnStartedAt" | "lastChangeAt" | "progress"
>;

/**
 * The turn clock's rule: a new turn, phase or round restarts it (someone is awaited who was not); a
 * seat still awaited keeps its deadline.
 */
function restartsTurn(game: ServerGame, before: unknown, after: unknown): boolean {
  const was = game.rules.progress(before);
  const is = game.rules.progress(after);
  return (
    is.phase !== was.phase ||
    is.round !== was.round ||
    is.awaiting.some((seat) => !was.awaiting.includes(seat))
  );
}
