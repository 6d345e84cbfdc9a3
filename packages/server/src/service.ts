import { createHash, randomBytes, randomInt } from "node:crypto";
import type { DetailMap } from "@firmament/cards";
import {
  apply,
  COLOURS,
  type Colour,
  createGame,
  type DreamsAction,
  type DreamsEvent,
  type DreamsState,
  replay,
  type Seat,
  type Viewer,
  view,
  viewEvent,
} from "@firmament/engine";
import type { Logger } from "pino";
import { createSeatBot, type SeatBot } from "./bot";
import { type Bus, rooms } from "./bus";
import type { Clock } from "./clock";
import type { Deck } from "./deck";
import {
  type ActionAck,
  type ActionMessage,
  type AddBotMessage,
  type BotLevel,
  type ChatLine,
  type CreateTableBody,
  type CreateTableResponse,
  type HelloAck,
  type HelloMessage,
  type JoinTableBody,
  type JoinTableResponse,
  LIMITS,
  type ProtocolError,
  type RemoveBotMessage,
  type SeatInfo,
  type SimpleAck,
  type TableInfo,
  type TableListResponse,
  TIMERS,
  type ViewPush,
} from "./protocol";
import {
  type ChatRow,
  type GameRow,
  type SeatRow,
  type Store,
  type TableRow,
  VersionConflict,
} from "./store/types";
import { RateLimiter } from "./validate";

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ProtocolError; status?: number };

const fail = (
  code: string,
  message: string,
  status = 400,
): { ok: false; error: ProtocolError; status: number } => ({
  ok: false,
  error: { code, message },
  status,
});

/** One client connection as the service sees it; the realtime layer wraps a socket in it. */
export interface Conn {
  readonly id: string;
  code: string | null;
  seat: Seat | null;
  host: boolean;
  join(room: string): void;
  leave(room: string): void;
  emit(event: string, payload: unknown): void;
}

export interface ServiceOptions {
  store: Store;
  bus: Bus;
  clock: Clock;
  deck: Deck;
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
}

/** A table as this process holds it: a cache of what the store has, plus presence and timers. */
interface Live {
  row: TableRow;
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
  queue: Promise<unknown>;
  /** Operations queued or running; a table is only evicted from the cache when this is 0. */
  busy: number;
  touchedAt: number;
}

/** Bot moves are made public this long after the bot starts thinking, whatever its role or thinking time. */
const BOT_THINK_PAD_MS = 150;
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const BOT_NAMES = ["Orion", "Lyra", "Vega", "Altair", "Deneb", "Rigel"];

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

function newCode(): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Seats that must act now in this state. */
function actorsNow(state: DreamsState): Seat[] {
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

/**
 * The authoritative table logic: lobby, games, actions, chat, timers and bot seats. Every accepted
 * action is committed to the store before anyone is told; clients only ever receive views.
 */
export class TableService {
  private readonly live = new Map<string, Live>();
  private readonly loading = new Map<string, Promise<Live | null>>();
  private readonly store: Store;
  private readonly bus: Bus;
  private readonly clock: Clock;
  private readonly deck: Deck;
  private readonly log: Logger;
  private readonly graceMs: number;
  private readonly botDelayMs: number;
  private readonly timerScale: number;
  private readonly seedSource: () => string;
  private readonly idleEvictMs: number;
  private sweeper: unknown = null;
  private closed = false;

  constructor(options: ServiceOptions) {
    this.store = options.store;
    this.bus = options.bus;
    this.clock = options.clock;
    this.deck = options.deck;
    this.log = options.log;
    this.graceMs = options.graceMs ?? LIMITS.graceSeconds * 1000;
    this.botDelayMs = options.botDelayMs ?? 700;
    this.timerScale = options.timerScale ?? 1;
    this.seedSource = options.seedSource ?? (() => randomBytes(32).toString("hex"));
    this.idleEvictMs = options.idleEvictMs ?? 10 * 60_000;
    this.sweep();
  }

  // ------------------------------------------------------------------------------------------------
  // Loading and serialising

  private async get(code: string): Promise<Live | null> {
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
    const stored = await this.store.loadTable(code, LIMITS.chatHistory);
    if (!stored) return null;
    const now = this.clock.now();
    let state: DreamsState | null = null;
    let version = 0;
    let lastChangeAt = now;
    if (stored.current) {
      const { game, actions } = stored.current;
      const created = createGame({ colours: game.colours as Colour[], deck: game.deck, seed: game.seed });
      if (!created.ok)
        throw new Error(`Table ${code}: stored game cannot be created (${created.error.code})`);
      const replayed = replay(
        created.value,
        actions.map((a) => a.action),
      );
      if (!replayed.ok)
        throw new Error(`Table ${code}: stored actions cannot be replayed (${replayed.error.code})`);
      state = replayed.value;
      version = actions.length;
      lastChangeAt = Math.min(now, actions.at(-1)?.at ?? game.startedAt);
    }
    const live: Live = {
      row: stored.table,
      seats: stored.seats,
      game: stored.current?.game ?? null,
      state,
      version,
      lastChangeAt,
      // A restart gives whoever is to act a fresh turn timer.
      turnStartedAt: now,
      chat: stored.chat,
      chatSeq: stored.chat.at(-1)?.id ?? 0,
      chatLimits: new Map(),
      conns: new Map(),
      goneSince: new Map(),
      botPlaying: new Set(),
      bots: new Map(),
      timer: null,
      queue: Promise.resolve(),
      busy: 0,
      touchedAt: now,
    };
    for (const s of live.seats) if (s.kind === "human") live.goneSince.set(s.seat, now);
    const raced = this.live.get(code);
    if (raced) return raced;
    this.live.set(code, live);
    this.schedule(live);
    return live;
  }

  /** Runs `fn` for a table, one call at a time per table. */
  private async run<T>(
    code: string,
    fn: (live: Live) => Promise<Outcome<T>> | Outcome<T>,
  ): Promise<Outcome<T>> {
    if (this.closed) return fail("server/closing", "The server is shutting down.", 503);
    const live = await this.get(code);
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
      if (error instanceof VersionConflict) {
        this.evict(live);
        return fail("server/conflict", "The table changed elsewhere; try again.", 409);
      }
      this.log.error({ err: error, table: code }, "table operation failed");
      return fail("server/error", "Something went wrong on the server; nothing was changed.", 500);
    } finally {
      live.busy--;
      live.touchedAt = this.clock.now();
    }
  }

  /** Drops idle tables from the cache now and then (they are reloaded from the store when needed). */
  private sweep(): void {
    this.sweeper = this.clock.setTimer(
      () => {
        if (this.closed) return;
        const now = this.clock.now();
        for (const live of this.live.values())
          if (
            live.busy === 0 &&
            live.conns.size === 0 &&
            live.row.status !== "playing" &&
            now - live.touchedAt >= this.idleEvictMs
          )
            this.evict(live);
        this.sweep();
      },
      Math.min(60_000, Math.max(10, this.idleEvictMs / 2)),
    );
  }

  /** How many tables this process holds in memory (for tests and monitoring). */
  get cachedTables(): number {
    return this.live.size;
  }

  private evict(live: Live): void {
    if (live.timer !== null) this.clock.clearTimer(live.timer);
    live.timer = null;
    if (this.live.get(live.row.code) === live) this.live.delete(live.row.code);
  }

  /** Loads every table with a game in progress, so bots and timers carry on after a restart. */
  async resumeAll(): Promise<number> {
    const codes = await this.store.listPlaying();
    let resumed = 0;
    for (const code of codes) {
      try {
        if (await this.get(code)) resumed++;
      } catch (error) {
        this.log.error({ err: error, table: code }, "could not resume table");
      }
    }
    return resumed;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper !== null) this.clock.clearTimer(this.sweeper);
    for (const live of this.live.values()) {
      if (live.timer !== null) this.clock.clearTimer(live.timer);
      live.timer = null;
    }
    await Promise.all([...this.live.values()].map((l) => l.queue));
  }

  // ------------------------------------------------------------------------------------------------
  // Projections

  private tableInfo(live: Live): TableInfo {
    const present = new Set<Seat>();
    let spectators = 0;
    for (const c of live.conns.values()) {
      if (c.seat === null) spectators++;
      else present.add(c.seat);
    }
    return {
      code: live.row.code,
      config: { ...live.row.config },
      status: live.row.status,
      seats: live.seats.map((s): SeatInfo => {
        const info: SeatInfo = {
          seat: s.seat,
          colour: s.colour as Colour | null,
          name: s.name,
          kind: s.kind,
          connected: s.kind === "bot" || present.has(s.seat),
          botPlaying: s.kind === "human" && live.botPlaying.has(s.seat),
        };
        if (s.kind === "bot" && s.level) info.level = s.level;
        return info;
      }),
      hostSeat: live.row.hostSeat,
      spectators,
      game: live.row.game,
      createdAt: live.row.createdAt,
    };
  }

  private deadline(live: Live): number | null {
    const timer = TIMERS[live.row.config.timer];
    const state = live.state;
    if (!timer || !state || state.phase === "over") return null;
    const seconds =
      state.phase === "placing" ? timer.place : state.phase === "guessing" ? timer.guess : timer.ready;
    return live.turnStartedAt + seconds * 1000 * this.timerScale;
  }

  private viewPush(live: Live, viewer: Viewer, events: DreamsEvent[]): ViewPush {
    const state = live.state as DreamsState;
    return {
      game: live.row.game,
      version: live.version,
      view: view(state, viewer),
      events: events.map((e) => viewEvent(e, viewer)),
      deadline: this.deadline(live),
      now: this.clock.now(),
    };
  }

  private pushTable(live: Live): void {
    this.bus.toTable(live.row.code, "table", this.tableInfo(live));
  }

  private pushViews(live: Live, events: DreamsEvent[]): void {
    if (!live.state) return;
    const code = live.row.code;
    for (let seat = 0; seat < live.state.colours.length; seat++)
      if (live.seats[seat]?.kind !== "bot")
        this.bus.toSeat(code, seat, "view", this.viewPush(live, seat, events));
    this.bus.toSpectators(code, "view", this.viewPush(live, "spectator", events));
  }

  // ------------------------------------------------------------------------------------------------
  // HTTP-facing operations

  async createTable(body: CreateTableBody, origin: string): Promise<Outcome<CreateTableResponse>> {
    const hostToken = newToken();
    const seats: SeatRow[] = Array.from({ length: body.seats }, (_, seat) => ({
      seat,
      colour: null,
      name: null,
      kind: "empty",
      level: null,
      tokenHash: null,
    }));
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = newCode();
      const row: TableRow = {
        code,
        config: { ...body },
        hostTokenHash: hashToken(hostToken),
        status: "lobby",
        game: 0,
        hostSeat: null,
        createdAt: this.clock.now(),
      };
      if (await this.store.createTable(row, seats)) {
        this.log.info({ table: code, seats: body.seats }, "table created");
        return { ok: true, value: { code, inviteUrl: `${origin}/t/${code}`, hostToken } };
      }
    }
    return fail("server/error", "Could not find a free table code.", 500);
  }

  async tableInfoOf(code: string): Promise<Outcome<TableInfo>> {
    return this.run(code, (live) => ({ ok: true, value: this.tableInfo(live) }));
  }

  async listTables(): Promise<TableListResponse> {
    return { tables: await this.store.listPublic(50) };
  }

  async join(code: string, body: JoinTableBody): Promise<Outcome<JoinTableResponse>> {
    return this.run(code, async (live) => {
      if (live.row.status !== "lobby") return fail("lobby/started", "The game has already started.", 409);
      if (body.hostToken !== undefined && hashToken(body.hostToken) !== live.row.hostTokenHash)
        return fail("auth/bad_host_token", "That host token is not valid for this table.", 403);
      const free = live.seats.find((s) => s.kind === "empty");
      if (!free) return fail("lobby/full", "Every seat is taken.", 409);
      if (live.seats.some((s) => s.colour === body.colour))
        return fail("lobby/colour_taken", "Someone already has that colour.", 409);
      const token = newToken();
      const seats = live.seats.map((s) =>
        s.seat === free.seat
          ? {
              ...s,
              kind: "human" as const,
              name: body.name,
              colour: body.colour,
              level: null,
              tokenHash: hashToken(token),
            }
          : s,
      );
      const hostSeat = body.hostToken !== undefined ? free.seat : live.row.hostSeat;
      await this.store.saveLobby(code, { hostSeat }, seats);
      live.seats = seats;
      live.row.hostSeat = hostSeat;
      live.goneSince.set(free.seat, this.clock.now());
      this.pushTable(live);
      return { ok: true, value: { seat: free.seat, token } };
    });
  }

  // ------------------------------------------------------------------------------------------------
  // Connections

  /**
   * Attaches a connection. Returns the ack and `after`, which the caller runs once the ack is sent:
   * it pushes this connection's first view and everyone's new presence.
   */
  async hello(conn: Conn, msg: HelloMessage): Promise<{ ack: HelloAck; after: () => void }> {
    const result = await this.run(msg.code, async (live) => {
      let seat: Seat | null = null;
      if (msg.token !== undefined) {
        const hash = hashToken(msg.token);
        const found = live.seats.find((s) => s.kind === "human" && s.tokenHash === hash);
        if (!found) return fail("auth/bad_token", "That seat token is not valid for this table.", 403);
        seat = found.seat;
      }
      let host = false;
      if (msg.hostToken !== undefined) {
        if (hashToken(msg.hostToken) !== live.row.hostTokenHash)
          return fail("auth/bad_host_token", "That host token is not valid for this table.", 403);
        host = true;
      }
      if (conn.code !== null) await this.detach(conn);
      conn.code = live.row.code;
      conn.seat = seat;
      conn.host = host;
      live.conns.set(conn.id, conn);
      conn.join(rooms.table(live.row.code));
      conn.join(seat === null ? rooms.spectators(live.row.code) : rooms.seat(live.row.code, seat));
      if (seat !== null) {
        live.goneSince.delete(seat);
        live.botPlaying.delete(seat);
        this.schedule(live);
      }
      return {
        ok: true as const,
        value: { seat, host, table: this.tableInfo(live), chat: live.chat.map(chatLine) },
      };
    });
    if (!result.ok) return { ack: { ok: false, error: result.error }, after: () => {} };
    const code = result.value.table.code;
    const after = () => {
      const live = this.live.get(code);
      if (!live || conn.code !== code) return;
      if (live.state) conn.emit("view", this.viewPush(live, conn.seat ?? "spectator", []));
      this.pushTable(live);
    };
    return { ack: { ok: true, ...result.value }, after };
  }

  /** The connection closed or moved to another table. */
  async detach(conn: Conn): Promise<void> {
    const code = conn.code;
    if (code === null) return;
    const live = this.live.get(code);
    conn.leave(rooms.table(code));
    conn.leave(conn.seat === null ? rooms.spectators(code) : rooms.seat(code, conn.seat));
    const seat = conn.seat;
    conn.code = null;
    conn.seat = null;
    conn.host = false;
    if (!live?.conns.delete(conn.id)) return;
    if (seat !== null && ![...live.conns.values()].some((c) => c.seat === seat)) {
      live.goneSince.set(seat, this.clock.now());
      this.schedule(live);
    }
    this.pushTable(live);
  }

  private attached(conn: Conn): Outcome<{ code: string }> {
    if (conn.code === null) return fail("table/not_attached", "Send hello with a table code first.");
    return { ok: true, value: { code: conn.code } };
  }

  // ------------------------------------------------------------------------------------------------
  // Actions

  async action(conn: Conn, msg: ActionMessage): Promise<ActionAck> {
    const at = this.attached(conn);
    if (!at.ok) return at;
    const result = await this.run(at.value.code, async (live) => {
      const seat = conn.seat;
      if (seat === null) return fail("auth/not_seated", "Spectators cannot act.");
      const state = live.state;
      if (live.row.status === "lobby" || !state) return fail("game/not_started", "The game has not started.");
      if (msg.action.seat !== undefined && msg.action.seat !== seat)
        return fail("action/not_your_seat", "You can only act for your own seat.");
      if (
        (msg.game !== undefined && msg.game !== live.row.game) ||
        msg.round !== state.round.number ||
        (msg.version !== undefined && msg.version !== live.version)
      )
        return fail("action/stale", "The table has moved on since your last update.");
      const action = { ...msg.action, seat } as DreamsAction;
      const outcome = await this.commit(live, action);
      if (!outcome.ok) return outcome;
      if (live.botPlaying.delete(seat)) this.pushTable(live);
      return { ok: true as const, value: { version: live.version } };
    });
    return result.ok ? { ok: true, version: result.value.version } : { ok: false, error: result.error };
  }

  /** Applies, stores, then tells everyone. Must run inside `run` for the table. */
  private async commit(live: Live, action: DreamsAction): Promise<Outcome<null>> {
    const state = live.state;
    if (!state || !live.game) return fail("game/not_started", "The game has not started.");
    const applied = apply(state, action);
    if (!applied.ok) return { ok: false, error: applied.error, status: 409 };
    const next = applied.value.state;
    const now = this.clock.now();
    const finished = next.phase === "over" ? now : null;
    await this.store.appendAction(
      live.row.code,
      live.row.game,
      { version: live.version + 1, action, at: now },
      finished,
    );
    const phaseChanged = next.phase !== state.phase || next.round.number !== state.round.number;
    live.state = next;
    live.version += 1;
    live.lastChangeAt = now;
    if (phaseChanged || next.phase === "placing") live.turnStartedAt = now;
    if (finished !== null) {
      live.row.status = "over";
      live.game.finishedAt = finished;
      live.botPlaying.clear();
    }
    this.pushViews(live, applied.value.events);
    if (finished !== null) this.pushTable(live);
    this.schedule(live);
    return { ok: true, value: null };
  }

  // ------------------------------------------------------------------------------------------------
  // Bots and timers

  private botFor(live: Live, seat: Seat): SeatBot {
    let bot = live.bots.get(seat);
    if (!bot) {
      const row = live.seats[seat];
      const level: BotLevel = row?.kind === "bot" && row.level ? row.level : "hard";
      const seed = createHash("sha256")
        .update(`bot:${live.game?.seed}:${live.row.game}:${seat}:${level}`)
        .digest("hex");
      bot = createSeatBot(level, seed, (id) => this.deck.detail.get(id) as DetailMap);
      live.bots.set(seat, bot);
    }
    return bot;
  }

  /** When a seat that must act now will be played by a bot, or Infinity if it waits for its player. */
  private dueAt(live: Live, seat: Seat, phase: DreamsState["phase"]): number {
    const row = live.seats[seat];
    if (!row) return Number.POSITIVE_INFINITY;
    if (row.kind === "bot" || live.botPlaying.has(seat)) return live.lastChangeAt + this.botDelayMs;
    let due = Number.POSITIVE_INFINITY;
    const gone = live.goneSince.get(seat);
    if (gone !== undefined)
      due =
        phase === "reveal"
          ? live.lastChangeAt + this.botDelayMs
          : Math.max(gone + this.graceMs, live.lastChangeAt);
    const deadline = this.deadline(live);
    if (deadline !== null) due = Math.min(due, deadline);
    return due;
  }

  /** Sets the table's one timer for its earliest due event; never sooner than `minDelayMs` from now. */
  private schedule(live: Live, minDelayMs = 0): void {
    if (live.timer !== null) this.clock.clearTimer(live.timer);
    live.timer = null;
    const state = live.state;
    if (this.closed || live.row.status !== "playing" || !state) return;
    let next = Number.POSITIVE_INFINITY;
    for (const seat of actorsNow(state)) next = Math.min(next, this.dueAt(live, seat, state.phase));
    if (!Number.isFinite(next)) return;
    const code = live.row.code;
    live.timer = this.clock.setTimer(
      () => {
        live.timer = null;
        void this.run(code, (l) => this.tick(l));
      },
      Math.max(minDelayMs, next - this.clock.now()),
    );
  }

  /** Lets bots act for every seat that is due. */
  private async tick(live: Live): Promise<Outcome<null>> {
    if (live !== this.live.get(live.row.code)) return { ok: true, value: null };
    const state = live.state;
    if (live.row.status !== "playing" || !state) return { ok: true, value: null };
    const now = this.clock.now();
    let attempted = false;
    for (const seat of actorsNow(state)) {
      if (this.dueAt(live, seat, state.phase) > now) continue;
      attempted = true;
      const row = live.seats[seat];
      // A player gone past the grace time is played by the bot until they return; one who is here but
      // ran out of time just has this one move made for them.
      if (
        row?.kind === "human" &&
        live.goneSince.has(seat) &&
        !live.botPlaying.has(seat) &&
        state.phase !== "reveal"
      ) {
        live.botPlaying.add(seat);
        this.pushTable(live);
      }
      const current = live.state as DreamsState;
      const started = this.clock.now();
      const action = this.botFor(live, seat).decide(view(current, seat));
      if (!action) continue;
      // How long a bot thinks may depend on its role: pad it to a constant so timing tells nobody.
      const pad = started + Math.min(BOT_THINK_PAD_MS, this.botDelayMs) - this.clock.now();
      if (pad > 0) await new Promise<void>((resolve) => this.clock.setTimer(resolve, pad));
      const outcome = await this.commit(live, action);
      if (!outcome.ok) {
        this.log.warn({ table: live.row.code, code: outcome.error.code }, "bot action refused");
        continue;
      }
      return outcome; // commit rescheduled; the next bot acts on the next tick
    }
    // If a due seat could not be played (should not happen), try again later rather than spin.
    this.schedule(live, attempted ? 1000 : 0);
    return { ok: true, value: null };
  }

  // ------------------------------------------------------------------------------------------------
  // Chat

  async chat(conn: Conn, text: string): Promise<SimpleAck> {
    const at = this.attached(conn);
    if (!at.ok) return at;
    const result = await this.run(at.value.code, async (live) => {
      const seat = conn.seat;
      if (seat === null) return fail("auth/not_seated", "Spectators cannot chat.");
      let limiter = live.chatLimits.get(seat);
      if (!limiter) {
        limiter = new RateLimiter(LIMITS.chatRate.perSecond, LIMITS.chatRate.burst, () => this.clock.now());
        live.chatLimits.set(seat, limiter);
      }
      if (!limiter.take()) return fail("rate/limited", "Too many chat messages; slow down.");
      const row = live.seats[seat];
      const line: ChatRow = {
        id: live.chatSeq + 1,
        seat,
        name: row?.name ?? "",
        colour: row?.colour ?? null,
        text,
        at: this.clock.now(),
      };
      await this.store.addChat(live.row.code, line);
      live.chatSeq = line.id;
      live.chat.push(line);
      if (live.chat.length > LIMITS.chatHistory) live.chat.shift();
      this.bus.toTable(live.row.code, "chat", chatLine(line));
      return { ok: true as const, value: null };
    });
    return result.ok ? { ok: true } : { ok: false, error: result.error };
  }

  // ------------------------------------------------------------------------------------------------
  // Host commands and leaving

  private async hostCommand(conn: Conn, fn: (live: Live) => Promise<Outcome<null>>): Promise<SimpleAck> {
    const at = this.attached(conn);
    if (!at.ok) return at;
    const result = await this.run(at.value.code, (live) => {
      if (!conn.host) return fail("auth/not_host", "Only the host can do that.", 403);
      return fn(live);
    });
    return result.ok ? { ok: true } : { ok: false, error: result.error };
  }

  addBot(conn: Conn, msg: AddBotMessage): Promise<SimpleAck> {
    return this.hostCommand(conn, async (live) => {
      if (live.row.status !== "lobby") return fail("lobby/started", "The game has already started.");
      const target = live.seats[msg.seat];
      if (!target) return fail("input/invalid", "No such seat at this table.");
      if (target.kind !== "empty") return fail("lobby/seat_taken", "That seat is taken.");
      const colour = COLOURS.find((c) => !live.seats.some((s) => s.colour === c));
      if (!colour) return fail("lobby/full", "No colour left.");
      const used = new Set(live.seats.map((s) => s.name));
      const name = BOT_NAMES.find((n) => !used.has(n)) ?? `Bot ${msg.seat + 1}`;
      const seats = live.seats.map((s) =>
        s.seat === msg.seat
          ? {
              ...s,
              kind: "bot" as const,
              name,
              colour,
              level: msg.level ?? ("hard" as const),
              tokenHash: null,
            }
          : s,
      );
      await this.store.saveLobby(live.row.code, {}, seats);
      live.seats = seats;
      this.pushTable(live);
      return { ok: true, value: null };
    });
  }

  removeBot(conn: Conn, msg: RemoveBotMessage): Promise<SimpleAck> {
    return this.hostCommand(conn, async (live) => {
      if (live.row.status !== "lobby") return fail("lobby/started", "The game has already started.");
      const target = live.seats[msg.seat];
      if (target?.kind !== "bot") return fail("lobby/not_bot", "There is no bot in that seat.");
      const seats = live.seats.map((s) => (s.seat === msg.seat ? emptySeat(s.seat) : s));
      await this.store.saveLobby(live.row.code, {}, seats);
      live.seats = seats;
      this.pushTable(live);
      return { ok: true, value: null };
    });
  }

  leave(conn: Conn): Promise<SimpleAck> {
    const at = this.attached(conn);
    if (!at.ok) return Promise.resolve(at);
    return this.run(at.value.code, async (live) => {
      const seat = conn.seat;
      if (seat === null) return fail("auth/not_seated", "You have no seat to leave.");
      if (live.row.status !== "lobby")
        return fail("lobby/started", "Seats can only be left before the game starts.");
      const seats = live.seats.map((s) => (s.seat === seat ? emptySeat(seat) : s));
      const hostSeat = live.row.hostSeat === seat ? null : live.row.hostSeat;
      await this.store.saveLobby(live.row.code, { hostSeat }, seats);
      live.seats = seats;
      live.row.hostSeat = hostSeat;
      live.goneSince.delete(seat);
      const code = live.row.code;
      for (const c of live.conns.values())
        if (c.seat === seat) {
          c.leave(rooms.seat(code, seat));
          c.seat = null;
          c.join(rooms.spectators(code));
        }
      this.pushTable(live);
      return { ok: true as const, value: null };
    }).then((r) => (r.ok ? { ok: true } : { ok: false, error: r.error }));
  }

  start(conn: Conn): Promise<SimpleAck> {
    return this.hostCommand(conn, async (live) => {
      if (live.row.status !== "lobby") return fail("lobby/started", "The game has already started.");
      const filled = live.seats.filter((s) => s.kind !== "empty");
      if (filled.length < 3) return fail("lobby/not_enough_players", "Dreams needs at least 3 players.");
      const renumber = new Map(filled.map((s, index) => [s.seat, index]));
      const seats = filled.map((s, index) => ({ ...s, seat: index }));
      const hostSeat = live.row.hostSeat === null ? null : (renumber.get(live.row.hostSeat) ?? null);
      await this.startGame(live, seats, hostSeat, renumber);
      return { ok: true, value: null };
    });
  }

  playAgain(conn: Conn): Promise<SimpleAck> {
    return this.hostCommand(conn, async (live) => {
      if (live.row.status !== "over") return fail("game/not_over", "The game is not over yet.");
      await this.startGame(live, live.seats, live.row.hostSeat, null);
      return { ok: true, value: null };
    });
  }

  private async startGame(
    live: Live,
    seats: SeatRow[],
    hostSeat: number | null,
    renumber: Map<number, number> | null,
  ): Promise<void> {
    const seed = this.seedSource();
    const colours = seats.map((s) => s.colour as Colour);
    const created = createGame({ colours, deck: this.deck.ids, seed });
    if (!created.ok) throw new Error(`createGame refused: ${created.error.code}`);
    const now = this.clock.now();
    const game: GameRow = {
      game: live.row.game + 1,
      seed,
      colours,
      deck: this.deck.ids.slice(),
      startedAt: now,
      finishedAt: null,
    };
    await this.store.startGame(live.row.code, game, seats, hostSeat);
    const code = live.row.code;
    if (renumber)
      for (const c of live.conns.values()) {
        if (c.seat === null) continue;
        const to = renumber.get(c.seat);
        c.leave(rooms.seat(code, c.seat));
        if (to === undefined) {
          c.seat = null;
          c.join(rooms.spectators(code));
        } else {
          c.seat = to;
          c.join(rooms.seat(code, to));
        }
      }
    live.seats = seats;
    live.row.hostSeat = hostSeat;
    live.row.status = "playing";
    live.row.game = game.game;
    live.game = game;
    live.state = created.value;
    live.version = 0;
    live.lastChangeAt = now;
    live.turnStartedAt = now;
    live.bots.clear();
    live.botPlaying.clear();
    live.goneSince.clear();
    const present = new Set([...live.conns.values()].map((c) => c.seat));
    for (const s of seats) if (s.kind === "human" && !present.has(s.seat)) live.goneSince.set(s.seat, now);
    this.log.info({ table: code, game: game.game, players: seats.length }, "game started");
    this.pushTable(live);
    this.pushViews(live, []);
    this.schedule(live);
  }

  /** For tests and tools inside the server process only: the stored game (never sent to clients). */
  async storedGame(code: string, game: number) {
    return this.store.loadGame(code, game);
  }
}

function emptySeat(seat: Seat): SeatRow {
  return { seat, colour: null, name: null, kind: "empty", level: null, tokenHash: null };
}

function chatLine(row: ChatRow): ChatLine {
  return {
    id: row.id,
    seat: row.seat,
    name: row.name,
    colour: row.colour as Colour | null,
    text: row.text,
    at: row.at,
  };
}
