import { type DeckChoice, LIMITS, type TableStatus } from "@firmament/protocol";
import type { TableEnv } from "./context";
import type { Deck } from "./deck";
import { gameOf, type ServerGame } from "./games";
import { LiveTable } from "./live-table";
import { Match } from "./match";
import { fail, type Outcome } from "./outcome";
import type { ChatRow, SeatRow, StoredTable, TableRow, TurnRecord } from "./store/types";
import { NotOwner, RulesChanged } from "./table-errors";
import { isTurnBased } from "./turn-clock";

export { NotOwner } from "./table-errors";

export interface TableCacheOptions {
  /** What every live table is given: the store, the bus, the clock, the settings. */
  env: TableEnv;
  /** How long a table with no connections and no game in progress stays cached in memory. */
  idleEvictMs: number;
  /**
   * How long a table whose game is over stays cached once nobody is connected (at most `idleEvictMs`).
   * Default 60 s: its players have gone, and a table asked for again is loaded from the store.
   */
  finishedEvictMs?: number;
  /**
   * In a cluster: a table just loaded (adopted from a dead process) arms its timer no sooner than this,
   * so the connections held by the other processes are reported before a bot or a timeout moves.
   */
  firstTimerDelayMs?: number;
  /** Whether this process may load and serve a table now (in a cluster: while it holds the table's lease). */
  mayLoad?: (code: string) => boolean;
  /**
   * Keep the turn clock a loaded game had (from its stored actions' times) instead of giving whoever is
   * to act a fresh turn: in a cluster a table changes hands without a restart.
   */
  keepTurnClock?: boolean;
  /**
   * How often the due sweep looks for turn-based tables out of memory whose stored due time has come
   * (`due_at <= now`) and loads them, so their reminders and deadlines fire. Default 30 s.
   */
  dueSweepMs?: number;
  /** A turn-based table leaves memory only when nothing of it is due within this. Default 5 minutes. */
  dueSoonMs?: number;
}

/** At most this many due tables are loaded per sweep, the most overdue first (the rest next time). */
export const DUE_BATCH = 200;

/** What a live table asks of the cache that holds it. */
export interface TableHost {
  /** The server is shutting down: no more operations, no more timers. */
  readonly closed: boolean;
  /** Drops the table from memory (the store has moved on without it); it is loaded again when needed. */
  evict(table: LiveTable): void;
}

/** What a table is loaded with: the store's rows and, for a game in progress, its match replayed. */
export interface LoadedTable {
  row: TableRow;
  game: ServerGame;
  deck: Deck | null;
  seats: SeatRow[];
  match: Match | null;
  chat: ChatRow[];
  /** A turn-based table's record of its current match's clock, if stored. */
  turns?: TurnRecord | null;
  /** A turn-based table's stored due time (`due_at`). */
  dueAt?: number | null;
}

/**
 * The tables this process holds in memory, loaded from the store on demand (a game in progress is
 * rebuilt by replaying its action log). Each table runs its own operations one at a time.
 */
export class TableCache implements TableHost {
  private readonly live = new Map<string, LiveTable>();
  private readonly loading = new Map<string, Promise<LiveTable | null>>();
  private sweeper: unknown = null;
  private dueSweeper: unknown = null;
  /** The due sweep running now, if one is; `dueSweepAgain`: its period passed meanwhile. */
  private dueSweep: Promise<void> | null = null;
  private dueSweepAgain = false;
  private closedFlag = false;

  constructor(private readonly options: TableCacheOptions) {
    this.sweep();
    this.sweepDue();
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** How many tables this process holds in memory (for tests and monitoring). */
  get size(): number {
    return this.live.size;
  }

  /** Every table held in memory (the metrics count them by state and game). */
  values(): IterableIterator<LiveTable> {
    return this.live.values();
  }

  /** The cached table, without loading it. */
  cached(code: string): LiveTable | undefined {
    return this.live.get(code);
  }

  async get(code: string): Promise<LiveTable | null> {
    const cached = this.live.get(code);
    if (cached) return cached;
    let pending = this.loading.get(code);
    if (!pending) {
      pending = this.load(code).finally(() => this.loading.delete(code));
      this.loading.set(code, pending);
    }
    return pending;
  }

  private async load(code: string): Promise<LiveTable | null> {
    const { env } = this.options;
    const stored = await env.store.loadTable(code, LIMITS.chatHistory);
    // an unknown table is unknown wherever it is asked for (it has no lease to hold: without this, a
    // cluster retried it as "not the owner" until its 8 s deadline)
    if (!stored) return null;
    if (this.options.mayLoad && !this.options.mayLoad(code)) throw new NotOwner(code);
    const config = stored.table.config;
    const game = gameOf(config.game);
    if (!game) throw new Error(`Table ${code}: this server does not host ${config.game}`);
    const deck = await this.deckFor(code, stored);
    const match = this.resumeMatch(code, stored);
    const table = new LiveTable(env, this, {
      row: stored.table,
      game,
      deck,
      seats: stored.seats,
      match,
      chat: stored.chat,
      turns: stored.turns ?? null,
      dueAt: stored.dueAt ?? null,
    });
    const raced = this.live.get(code);
    if (raced) return raced;
    this.live.set(code, table);
    table.armTimer(this.options.firstTimerDelayMs ?? 0);
    table.resumed();
    return table;
  }

  /** The stored match in progress (or the last one), replayed; null before the first start. */
  private resumeMatch(code: string, stored: StoredTable): Match | null {
    if (!stored.current) return null;
    const game = gameOf(stored.table.config.game);
    const { match } = stored.current;
    if (!game || match.kind !== game.kind)
      throw new Error(`Table ${code}: match ${match.match} is ${match.kind}`);
    if (match.rules !== game.rules.rulesVersion)
      throw new RulesChanged(code, match.rules, game.rules.rulesVersion);
    const now = this.options.env.clock.now();
    // a turn-based table's deadlines are kept across restarts: its stored actions' times give them
    const keep = this.options.keepTurnClock === true || isTurnBased(stored.table.config);
    return Match.resume(game, stored.current, now, keep, `Table ${code}`);
  }

  /** The deck a loaded table plays with: the standard edition its match was dealt from, or its own. */
  private async deckFor(code: string, stored: StoredTable): Promise<Deck | null> {
    const config = stored.table.config;
    if (!config.deck) return null;
    const dealt = stored.current?.match.deck[0];
    if (config.deck === "standard" && dealt !== undefined) {
      const edition = this.options.env.decks.standardHolding(dealt);
      if (edition) return edition;
    }
    return this.deckOf(code, config.deck, stored.table.status);
  }

  /** The deck of a table whose game is played with one, loaded from the store too so a table outlives the process that created it. */
  private async deckOf(code: string, choice: DeckChoice, status: TableStatus): Promise<Deck> {
    const found = await this.options.env.decks.get(choice);
    // a finished table's custom deck is removed some days after its last game; the table stays readable
    const deck = found ?? (status === "over" ? removedDeck(choice) : null);
    if (!deck) throw new Error(`Table ${code}: its deck is not in the store`);
    return deck;
  }

  /** Runs `fn` on a table (loaded if need be), one call at a time per table. */
  async run<T>(
    code: string,
    fn: (table: LiveTable) => Promise<Outcome<T>> | Outcome<T>,
  ): Promise<Outcome<T>> {
    if (this.closedFlag) return fail("server/closing", "The server is shutting down.", 503);
    let table: LiveTable | null;
    try {
      table = await this.get(code);
    } catch (error) {
      if (error instanceof NotOwner)
        return fail("server/conflict", "The table changed elsewhere; try again.", 409);
      if (!(error instanceof RulesChanged)) throw error;
      return fail(
        "table/rules_changed",
        "This table's match was played under an earlier version of the rules and cannot be resumed.",
        410,
      );
    }
    if (!table) return fail("table/unknown", "There is no table with that code.", 404);
    const found = table;
    const { mayLoad } = this.options;
    // In a cluster a copy serves only while this process holds the table's lease: one whose lease ran
    // out while the operation waited may be older than what the table's next owner has stored.
    return found.run(() =>
      !mayLoad || mayLoad(code)
        ? fn(found)
        : fail("server/conflict", "The table changed elsewhere; try again.", 409),
    );
  }

  /** Drops idle tables from the cache now and then (they are reloaded from the store when needed). */
  private sweep(): void {
    const { env, idleEvictMs } = this.options;
    const finishedMs = Math.min(idleEvictMs, this.options.finishedEvictMs ?? 60_000);
    this.sweeper = env.clock.setTimer(
      () => {
        if (this.closedFlag) return;
        const now = env.clock.now();
        const soonMs = this.options.dueSoonMs ?? 300_000;
        for (const table of this.live.values()) {
          const idleMs = table.row.status === "over" ? finishedMs : idleEvictMs;
          const rest = table.restState(finishedMs, soonMs, now);
          if (table.idleFor(idleMs, now) || rest === "leave") this.evict(table);
          else if (rest === "store") void table.run(() => table.storeDue());
        }
        this.sweep();
      },
      Math.min(60_000, Math.max(10, finishedMs / 2)),
    );
  }

  /** Runs `loadDue` every `dueSweepMs`, one run at a time: periods that pass during a run make one more. */
  private sweepDue(): void {
    this.dueSweeper = this.options.env.clock.setTimer(() => {
      if (this.closedFlag) return;
      this.sweepDue();
      if (this.dueSweep === null) this.dueSweep = this.sweepDueNow();
      else this.dueSweepAgain = true;
    }, this.options.dueSweepMs ?? 30_000);
  }

  private async sweepDueNow(): Promise<void> {
    do {
      this.dueSweepAgain = false;
      try {
        await this.loadDue();
      } catch (error) {
        this.options.env.log.error({ err: error }, "due sweep failed");
      }
    } while (this.dueSweepAgain && !this.closedFlag);
    this.dueSweep = null;
  }

  /**
   * Loads the tables out of memory whose stored due time has come (one indexed query, a bounded batch,
   * the most overdue first); each arms its timer as it loads, and its stored log and version guard make
   * the move once. In a cluster a table is loaded only where it may be (`mayLoad`). Returns how many.
   */
  async loadDue(): Promise<number> {
    const { env, mayLoad } = this.options;
    const due = await env.store.listDue(env.clock.now(), DUE_BATCH);
    let loaded = 0;
    for (const { code } of due) {
      if (this.closedFlag) break;
      if (this.live.has(code) || (mayLoad && !mayLoad(code))) continue;
      try {
        if (await this.get(code)) loaded++;
      } catch (error) {
        env.log.error({ err: error, table: code }, "could not load a due table");
      }
    }
    return loaded;
  }

  evict(table: LiveTable): void {
    table.retire();
    if (this.live.get(table.code) === table) this.live.delete(table.code);
  }

  /**
   * Loads every live table with a game in progress, so bots and timers carry on after a restart;
   * turn-based ones wait in the store until a client asks for them or the due sweep finds them due.
   */
  async resumeAll(): Promise<number> {
    const codes = await this.options.env.store.listPlaying();
    let resumed = 0;
    for (const code of codes) {
      try {
        if (await this.get(code)) resumed++;
      } catch (error) {
        this.options.env.log.error({ err: error, table: code }, "could not resume table");
      }
    }
    return resumed;
  }

  async close(): Promise<void> {
    this.closedFlag = true;
    if (this.sweeper !== null) this.options.env.clock.clearTimer(this.sweeper);
    if (this.dueSweeper !== null) this.options.env.clock.clearTimer(this.dueSweeper);
    await this.dueSweep;
    for (const table of this.live.values()) table.retire();
    await Promise.all([...this.live.values()].map((table) => table.settled()));
  }
}

/** Stands in for a custom deck that was removed after its table's last game: no cards, no images. */
function removedDeck(choice: DeckChoice): Deck {
  return {
    kind: "custom",
    id: choice === "standard" ? "standard" : choice.custom,
    version: "1",
    name: "",
    createdAt: null,
    ids: [],
    alt: new Map(),
    detail: new Map(),
    image: async () => null,
  };
}
