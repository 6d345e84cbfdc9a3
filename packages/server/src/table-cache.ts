import { type DeckChoice, LIMITS, type TableStatus } from "@firmament/protocol";
import type { Logger } from "pino";
import type { Clock } from "./clock";
import type { Deck } from "./deck";
import type { DeckLibrary } from "./decks/library";
import { gameOf, type ServerGame } from "./games";
import { replayStored } from "./games/replay";
import { type Live, recordHistory } from "./live";
import { fail, type Outcome } from "./outcome";
import { isLeaseLost } from "./store/lease-lost";
import { type Store, VersionConflict } from "./store/types";

export interface TableCacheOptions {
  store: Store;
  clock: Clock;
  log: Logger;
  decks: DeckLibrary;
  /** How long a table with no connections and no game in progress stays cached in memory. */
  idleEvictMs: number;
  /** Called once for each table loaded from the store (to start its timer). */
  onLoaded(live: Live): void;
  /** Whether this process may load a table now (in a cluster: while it holds the table's lease). */
  mayLoad?: (code: string) => boolean;
  /**
   * Keep the turn clock a loaded game had (from its stored actions' times) instead of giving whoever is
   * to act a fresh turn: in a cluster a table changes hands without a restart.
   */
  keepTurnClock?: boolean;
}

/**
 * The tables this process holds in memory, loaded from the store on demand (a game in progress is
 * rebuilt by replaying its action log), and the per-table queue that runs one operation at a time.
 */
/** A stored match played under other rules: replaying it would deal other cards and roles. */
class RulesChanged extends Error {
  constructor(code: string, rules: number, current: number) {
    super(`Table ${code}: its match was played under rules version ${rules}, this server plays ${current}`);
  }
}

/** A table this process may not load: another process owns it. */
export class NotOwner extends Error {
  constructor(code: string) {
    super(`Table ${code} is owned by another process`);
    this.name = "NotOwner";
  }
}

/** Whether an action started a new turn, phase or round (the rule `commit` applies to the turn clock). */
function turnRestarts(game: ServerGame, before: unknown, after: unknown): boolean {
  const was = game.rules.progress(before);
  const is = game.rules.progress(after);
  return (
    is.phase !== was.phase ||
    is.round !== was.round ||
    is.awaiting.some((seat) => !was.awaiting.includes(seat))
  );
}

export class TableCache {
  private readonly live = new Map<string, Live>();
  private readonly loading = new Map<string, Promise<Live | null>>();
  private sweeper: unknown = null;
  private closedFlag = false;

  constructor(private readonly options: TableCacheOptions) {
    this.sweep();
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** How many tables this process holds in memory (for tests and monitoring). */
  get size(): number {
    return this.live.size;
  }

  /** The cached table, without loading it. */
  cached(code: string): Live | undefined {
    return this.live.get(code);
  }

  async get(code: string): Promise<Live | null> {
    const cached = this.live.get(code);
    if (cached) return cached;
    let pending = this.loading.get(code);
    if (!pending) {
      pending = this.load(code).finally(() => this.loading.delete(code));
      this.loading.set(code, pending);
    }
    return pending;
  }

  private async load(code: string): Promise<Live | null> {
    const { store, clock } = this.options;
    if (this.options.mayLoad && !this.options.mayLoad(code)) throw new NotOwner(code);
    const stored = await store.loadTable(code, LIMITS.chatHistory);
    if (!stored) return null;
    const config = stored.table.config;
    const game = gameOf(config.game);
    if (!game) throw new Error(`Table ${code}: this server does not host ${config.game}`);
    const dealt = stored.current?.match.deck[0];
    const deck = !config.deck
      ? null
      : config.deck === "standard" && dealt !== undefined
        ? (this.options.decks.standardHolding(dealt) ??
          (await this.deckOf(code, config.deck, stored.table.status)))
        : await this.deckOf(code, config.deck, stored.table.status);
    const now = clock.now();
    let state: unknown = null;
    const events: unknown[] = [];
    let version = 0;
    let lastChangeAt = now;
    let turnStartedAt = now;
    if (stored.current) {
      const { match, actions } = stored.current;
      if (match.kind !== game.kind) throw new Error(`Table ${code}: match ${match.match} is ${match.kind}`);
      if (match.rules !== game.rules.rulesVersion)
        throw new RulesChanged(code, match.rules, game.rules.rulesVersion);
      // Replayed action by action, so the history entries of its events are rebuilt with the state.
      const { states, events: eventsByAction } = replayStored(game, match, actions, `Table ${code}`);
      state = states.at(-1);
      for (const happened of eventsByAction) events.push(...happened);
      turnStartedAt = match.startedAt;
      if (this.options.keepTurnClock)
        for (const [index, row] of actions.entries())
          if (turnRestarts(game, states[index], states[index + 1])) turnStartedAt = row.at;
      version = actions.length;
      lastChangeAt = Math.min(now, actions.at(-1)?.at ?? match.startedAt);
    }
    const live: Live = {
      row: stored.table,
      game,
      deck,
      seats: stored.seats,
      match: stored.current?.match ?? null,
      state,
      version,
      history: [],
      lastChangeAt,
      // A restart gives whoever is to act a fresh turn timer; a table adopted in a cluster keeps its clock.
      turnStartedAt: this.options.keepTurnClock ? Math.min(now, turnStartedAt) : now,
      chat: stored.chat,
      chatSeq: stored.chat.at(-1)?.id ?? 0,
      chatLimits: new Map(),
      conns: new Map(),
      goneSince: new Map(),
      notBackSinceLoad: new Set(),
      botPlaying: new Set(),
      bots: new Map(),
      timer: null,
      presenceTimer: null,
      queue: Promise.resolve(),
      busy: 0,
      touchedAt: now,
      loadedAt: now,
    };
    recordHistory(live, events);
    for (const s of live.seats)
      if (s.kind === "human") {
        live.goneSince.set(s.seat, now);
        live.notBackSinceLoad.add(s.seat);
      }
    const raced = this.live.get(code);
    if (raced) return raced;
    this.live.set(code, live);
    this.options.onLoaded(live);
    return live;
  }

  /** The deck of a table whose game is played with one, loaded from the store too so a table outlives the process that created it. */
  private async deckOf(code: string, choice: DeckChoice, status: TableStatus): Promise<Deck> {
    const found = await this.options.decks.get(choice);
    // a finished table's custom deck is removed some days after its last game; the table stays readable
    const deck = found ?? (status === "over" ? removedDeck(choice) : null);
    if (!deck) throw new Error(`Table ${code}: its deck is not in the store`);
    return deck;
  }

  /** Runs `fn` for a table, one call at a time per table. */
  async run<T>(code: string, fn: (live: Live) => Promise<Outcome<T>> | Outcome<T>): Promise<Outcome<T>> {
    if (this.closedFlag) return fail("server/closing", "The server is shutting down.", 503);
    let live: Live | null;
    try {
      live = await this.get(code);
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
    if (!live) return fail("table/unknown", "There is no table with that code.", 404);
    live.busy++;
    const result = live.queue.then(
      () => fn(live),
      () => fn(live),
    );
    live.queue = result.catch(() => undefined);
    try {
      return await result;
    } catch (error) {
      if (error instanceof VersionConflict || isLeaseLost(error) || error instanceof NotOwner) {
        this.evict(live);
        return fail("server/conflict", "The table changed elsewhere; try again.", 409);
      }
      this.options.log.error({ err: error, table: code }, "table operation failed");
      return fail("server/error", "Something went wrong on the server; nothing was changed.", 500);
    } finally {
      live.busy--;
      live.touchedAt = this.options.clock.now();
    }
  }

  /** Drops idle tables from the cache now and then (they are reloaded from the store when needed). */
  private sweep(): void {
    const { clock, idleEvictMs } = this.options;
    this.sweeper = clock.setTimer(
      () => {
        if (this.closedFlag) return;
        const now = clock.now();
        for (const live of this.live.values())
          if (
            live.busy === 0 &&
            live.conns.size === 0 &&
            live.row.status !== "playing" &&
            now - live.touchedAt >= idleEvictMs
          )
            this.evict(live);
        this.sweep();
      },
      Math.min(60_000, Math.max(10, idleEvictMs / 2)),
    );
  }

  evict(live: Live): void {
    this.stopTimers(live);
    if (this.live.get(live.row.code) === live) this.live.delete(live.row.code);
  }

  /** Stops a table's turn timer and any pending presence push. */
  private stopTimers(live: Live): void {
    const { clock } = this.options;
    if (live.timer !== null) clock.clearTimer(live.timer);
    live.timer = null;
    if (live.presenceTimer !== null) clock.clearTimer(live.presenceTimer);
    live.presenceTimer = null;
  }

  /** Loads every table with a game in progress, so bots and timers carry on after a restart. */
  async resumeAll(): Promise<number> {
    const codes = await this.options.store.listPlaying();
    let resumed = 0;
    for (const code of codes) {
      try {
        if (await this.get(code)) resumed++;
      } catch (error) {
        this.options.log.error({ err: error, table: code }, "could not resume table");
      }
    }
    return resumed;
  }

  async close(): Promise<void> {
    this.closedFlag = true;
    if (this.sweeper !== null) this.options.clock.clearTimer(this.sweeper);
    for (const live of this.live.values()) this.stopTimers(live);
    await Promise.all([...this.live.values()].map((l) => l.queue));
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
