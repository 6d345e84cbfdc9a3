import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { Bus } from "./bus";
import { chat } from "./chat";
import type { Clock } from "./clock";
import type { Conn, ServiceContext, TableEnv } from "./context";
import type { DeckLibrary } from "./decks/library";
import { playAgain, start } from "./game-start";
import { addBot, createTable, join, leave, listTables, moreTime, removeBot, tableInfoOf } from "./lobby";
import { type Metrics, noMetrics } from "./metrics/metrics";
import type { Outcome } from "./outcome";
import { action } from "./play";
import { detach, hello } from "./presence";
import {
  type ActionAck,
  type ActionMessage,
  type AddBotMessage,
  type CreateTableBody,
  type CreateTableResponse,
  type CreateTutorialBody,
  type CreateTutorialResponse,
  type HelloAck,
  type HelloMessage,
  type JoinTableBody,
  type JoinTableResponse,
  LIMITS,
  type RemoveBotMessage,
  type SimpleAck,
  type TableInfo,
  type TableListResponse,
  type YourGame,
} from "./protocol";
import { MatchResults } from "./ratings/settle";
import { matchHistory, matchRecord, matchReplay } from "./records";
import type { Store } from "./store/types";
import { TableCache } from "./table-cache";
import { silentTurnCalls, type TurnCalls } from "./turn-calls";
import { createBotGame } from "./tutorial";
import { type YourSeat, yourGameAt } from "./your-games";

export type { Conn } from "./context";
export type { Outcome } from "./outcome";

export interface ServiceOptions {
  store: Store;
  bus: Bus;
  clock: Clock;
  /** The standard deck and custom decks (loaded from the store on demand). */
  decks: DeckLibrary;
  log: Logger;
  /** How long a seat's player may be gone before a bot plays for them. */
  graceMs?: number;
  /** How long a bot waits before acting, so people can follow. */
  botDelayMs?: number;
  /** Multiplies the turn timers' lengths (tests). */
  timerScale?: number;
  /** How long a table with no connections and no game in progress stays cached in memory. */
  idleEvictMs?: number;
  /** Where game seeds come from; default 32 bytes from `crypto.randomBytes`. Tests inject known seeds. */
  seedSource?: () => string;
  /** Spectator connections per table; default `LIMITS.spectatorsPerTable`. */
  maxSpectatorsPerTable?: number;
  /** In a cluster: whether this process may load a table (it holds the table's lease). */
  mayLoad?: (code: string) => boolean;
  /** In a cluster: a loaded game keeps its turn clock (see `TableCacheOptions.keepTurnClock`). */
  keepTurnClock?: boolean;
  /**
   * In a cluster: a table just loaded (adopted from a dead process) arms its timer no sooner than this,
   * so the connections held by the other processes are reported before a bot or a timeout moves.
   */
  firstTimerDelayMs?: number;
  /** Where the tables report their actions and timer moves; default `noMetrics`. */
  metrics?: Metrics;
  /** Tests of crash safety only: each match's settlement keeps its transaction open this long. */
  settleHoldMs?: number;
  /** Who calls players back when it is their move; default `silentTurnCalls`. */
  turnCalls?: TurnCalls;
}

/** What the HTTP routes and the realtime layer ask of the tables (`TableService`, or its cluster router). */
export type TableApi = Pick<
  TableService,
  | "createTable"
  | "createTutorial"
  | "createQuickGame"
  | "tableInfoOf"
  | "listTables"
  | "join"
  | "hello"
  | "detach"
  | "action"
  | "chat"
  | "addBot"
  | "removeBot"
  | "leave"
  | "moreTime"
  | "yourGame"
  | "start"
  | "playAgain"
  | "matchRecord"
  | "matchReplay"
  | "matchHistory"
>;

/**
 * The authoritative table logic. Each table in play is one `LiveTable` (`live-table.ts`) that alone
 * changes its state, one operation at a time, and holds its match (`match.ts`); the tables are cached
 * in `table-cache.ts`. The rules of its operations that only read it live beside: lobby (`lobby.ts`,
 * `game-start.ts`), play (`play.ts`), presence (`presence.ts`), timers and bot seats (`turns.ts`),
 * pushes (`projections.ts`). Every accepted action is committed to the store before anyone is told;
 * clients only ever receive views.
 */
export class TableService {
  private readonly ctx: ServiceContext;
  private readonly tables: TableCache;
  /** Finished matches' results and ratings, written once each. */
  readonly results: MatchResults;

  constructor(options: ServiceOptions) {
    const results = new MatchResults(options, options.settleHoldMs ?? 0);
    this.results = results;
    const env: TableEnv = {
      store: options.store,
      bus: options.bus,
      clock: options.clock,
      decks: options.decks,
      log: options.log,
      graceMs: options.graceMs ?? LIMITS.graceSeconds * 1000,
      botDelayMs: options.botDelayMs ?? 700,
      timerScale: options.timerScale ?? 1,
      seedSource: options.seedSource ?? (() => randomBytes(32).toString("hex")),
      maxSpectatorsPerTable: options.maxSpectatorsPerTable ?? LIMITS.spectatorsPerTable,
      settleMs: options.firstTimerDelayMs ?? 0,
      metrics: options.metrics ?? noMetrics,
      matchFinished: (code, match) => results.finished(code, match),
      turnCalls: options.turnCalls ?? silentTurnCalls,
    };
    const tables = new TableCache({
      env,
      idleEvictMs: options.idleEvictMs ?? 10 * 60_000,
      ...(options.firstTimerDelayMs !== undefined && { firstTimerDelayMs: options.firstTimerDelayMs }),
      ...(options.mayLoad && { mayLoad: options.mayLoad }),
      ...(options.keepTurnClock && { keepTurnClock: true }),
    });
    this.ctx = { ...env, tables };
    this.tables = tables;
  }

  /** How many tables this process holds in memory (for tests and monitoring). */
  get cachedTables(): number {
    return this.tables.size;
  }

  /** The tables this process holds (the cluster router asks which connections a table has). */
  get cache(): TableCache {
    return this.tables;
  }

  /** Loads every live table with a game in progress (turn-based ones come back through the due sweep). */
  resumeAll(): Promise<number> {
    return this.tables.resumeAll();
  }

  close(): Promise<void> {
    return this.tables.close();
  }

  // HTTP-facing operations
  createTable(body: CreateTableBody, origin: string): Promise<Outcome<CreateTableResponse>> {
    return createTable(this.ctx, body, origin);
  }
  createTutorial(
    body: CreateTutorialBody,
    origin: string,
    claim?: (code: string) => Promise<void>,
  ): Promise<Outcome<CreateTutorialResponse>> {
    return createBotGame(this.ctx, body, origin, true, claim);
  }
  createQuickGame(
    body: CreateTutorialBody,
    origin: string,
    claim?: (code: string) => Promise<void>,
  ): Promise<Outcome<CreateTutorialResponse>> {
    return createBotGame(this.ctx, body, origin, false, claim);
  }
  tableInfoOf(code: string): Promise<Outcome<TableInfo>> {
    return tableInfoOf(this.ctx, code);
  }
  listTables(): Promise<TableListResponse> {
    return listTables(this.ctx);
  }
  /** `requestId`: in a cluster, the request that carries the join (see `join`). */
  join(code: string, body: JoinTableBody, requestId?: string): Promise<Outcome<JoinTableResponse>> {
    return join(this.ctx, code, body, requestId);
  }
  /** One table of a player's "your games", if they sit there. */
  yourGame(code: string, who: YourSeat): Promise<Outcome<YourGame>> {
    return this.ctx.tables.run(code, (table) => yourGameAt(this.ctx, table, who));
  }

  // Connections
  hello(conn: Conn, msg: HelloMessage): Promise<{ ack: HelloAck; after: () => void }> {
    return hello(this.ctx, conn, msg);
  }
  detach(conn: Conn): Promise<void> {
    return detach(this.ctx, conn);
  }
  /** `requestId`: in a cluster, the request that carries the action (see `action`). */
  action(conn: Conn, msg: ActionMessage, requestId?: string): Promise<ActionAck> {
    return action(this.ctx, conn, msg, requestId);
  }
  /** `requestId`: in a cluster, the request that carries the line (see `chat`). */
  chat(conn: Conn, text: string, requestId?: string): Promise<SimpleAck> {
    return chat(this.ctx, conn, text, requestId);
  }
  addBot(conn: Conn, msg: AddBotMessage): Promise<SimpleAck> {
    return addBot(this.ctx, conn, msg);
  }
  removeBot(conn: Conn, msg: RemoveBotMessage): Promise<SimpleAck> {
    return removeBot(this.ctx, conn, msg);
  }
  leave(conn: Conn): Promise<SimpleAck> {
    return leave(this.ctx, conn);
  }
  moreTime(conn: Conn): Promise<SimpleAck> {
    return moreTime(this.ctx, conn);
  }
  start(conn: Conn): Promise<SimpleAck> {
    return start(this.ctx, conn);
  }
  playAgain(conn: Conn): Promise<SimpleAck> {
    return playAgain(this.ctx, conn);
  }

  // Records and replays (records.ts): only what is public now ever leaves.
  matchRecord(code: string, match: number) {
    return matchRecord(this.ctx, code, match);
  }
  matchReplay(code: string, match: number) {
    return matchReplay(this.ctx, code, match);
  }
  matchHistory(code: string) {
    return matchHistory(this.ctx, code);
  }

  /**
   * Seats an account claimed (stored already): the tables this process holds learn it too, and the
   * matches the guest finished there are settled now, so they are in the account's profile at once.
   */
  async seatsClaimed(claims: ReadonlyArray<{ code: string; tokenHash: string }>, accountId: string) {
    for (const code of new Set(claims.map((c) => c.code))) {
      const hashes = new Set(claims.filter((c) => c.code === code).map((c) => c.tokenHash));
      this.ctx.tables.cached(code)?.seatsClaimed(hashes, accountId);
      await this.results.settleTable(code);
    }
  }

  /** An account was deleted (its stored rows renamed already): the tables held here rename its seats too. */
  async accountDeleted(account: { id: string; name: string }, seatName: string): Promise<void> {
    this.results.profiles.forget([account.id]);
    const seated = [...this.ctx.tables.values()].filter((t) =>
      t.seats.some((s) => s.accountId === account.id),
    );
    for (const table of seated) await table.run(() => table.accountDeleted(account, seatName));
  }

  /** For tests and tools inside the server process only: a stored match (never sent to clients). */
  storedMatch(code: string, match: number) {
    return this.ctx.store.loadMatch(code, match);
  }
}
