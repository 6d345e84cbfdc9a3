import type { Seat } from "@firmament/game-kit";
import { rooms } from "./bus";
import { TableChat } from "./chat";
import type { Conn, TableEnv } from "./context";
import type { Deck } from "./deck";
import { dealMatch, playersToStart, replayableDeck } from "./game-start";
import type { ServerGame } from "./games";
import { addBotPlan, emptySeat, joinPlan, rejoinPlan, removeBotPlan } from "./lobby";
import { Match, type MatchView } from "./match";
import { fail, type Outcome } from "./outcome";
import { checkAction } from "./play";
import { type Attached, Attendance, identify, reseat } from "./presence";
import { fanOut, pushViews, sendTable, tableInfo } from "./projections";
import type {
  ActionMessage,
  AddBotMessage,
  HelloMessage,
  JoinTableBody,
  JoinTableResponse,
  RemoveBotMessage,
  TableInfo,
} from "./protocol";
import { isLeaseLost } from "./store/lease-lost";
import { type SeatRow, type TableRow, type TurnRecord, VersionConflict } from "./store/types";
import { TableAlarm } from "./table-alarm";
import type { LoadedTable, TableHost } from "./table-cache";
import { NotOwner } from "./table-errors";
import { freshRecord, isTurnBased, moreTimeRefusal } from "./turn-clock";
import { dueFor, type RestState, restState, storableDue, wakeAt } from "./turn-due";
import { TurnKeeper } from "./turn-keeper";
import { callMovers, callReminders, nextReminderAt, resumeCalls } from "./turn-reminders";
import { botMove, playedForYou, seatDue, timerMoveKind } from "./turns";

const done: Outcome<null> = { ok: true, value: null };

/**
 * A table as this process holds it: a cache of what the store has, plus presence and timers. It alone
 * changes its state, one operation at a time (`run`), and every change is stored before anyone is told.
 */
export class LiveTable {
  private tableRow: TableRow;
  private seatRows: SeatRow[];
  private tableDeck: Deck | null;
  private current: Match | null;
  private readonly keeper: TurnKeeper;
  private readonly chatLines: TableChat;
  private readonly attendance: Attendance;
  private readonly alarm: TableAlarm;
  /** A pending batched `table` push for presence changes (see `presenceChanged`), or null. */
  private presenceTimer: unknown = null;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private touched: number;
  private retired = false;
  /** When this process loaded the table (created it, or adopted it in a cluster). */
  readonly loadedAt: number;
  readonly game: ServerGame;

  constructor(
    private readonly env: TableEnv,
    private readonly host: TableHost,
    loaded: LoadedTable,
  ) {
    const now = env.clock.now();
    this.tableRow = loaded.row;
    this.game = loaded.game;
    this.tableDeck = loaded.deck;
    this.seatRows = loaded.seats;
    this.current = loaded.match;
    this.keeper = new TurnKeeper(
      env,
      loaded.row.code,
      { record: loaded.turns ?? null, dueAt: loaded.dueAt },
      loaded.row.match,
      (record) => this.dueFor(this.current?.state, this.current?.turnStartedAt ?? now, record),
    );
    this.chatLines = new TableChat(env, loaded.row.code, loaded.chat);
    this.attendance = new Attendance(loaded.seats, now);
    this.alarm = new TableAlarm(
      env.clock,
      () => this.run(() => this.tick()),
      (minDelayMs) => this.armTimer(minDelayMs),
    );
    this.touched = now;
    this.loadedAt = now;
    for (const seat of this.keeper.botSeats()) this.attendance.takeOver(seat);
  }

  get code(): string {
    return this.tableRow.code;
  }
  get row(): Readonly<TableRow> {
    return this.tableRow;
  }
  get seats(): readonly SeatRow[] {
    return this.seatRows;
  }
  /** The deck this table plays with, for games played with one (its cards' ids, alt texts, detail maps). */
  get deck(): Deck | null {
    return this.tableDeck;
  }
  /** A turn-based table's record of its current match's clock (a live table's stays fresh). */
  get turns(): Readonly<TurnRecord> {
    return this.keeper.record;
  }
  /** The current match; null before the first start. */
  get match(): MatchView | null {
    return this.current;
  }
  get conns(): ReadonlyMap<string, Conn> {
    return this.attendance.conns;
  }
  /** Operations queued or running; a table is only evicted from the cache when this is 0. */
  get busy(): number {
    return this.pending;
  }
  isBotPlaying(seat: Seat): boolean {
    return this.attendance.isBotPlaying(seat);
  }
  /** Since when a seat's player has had no connection here, whether they were back since the load. */
  absence(seat: Seat): { since: number | undefined; notBackSinceLoad: boolean } {
    return this.attendance.absence(seat);
  }
  spectators(): number {
    return this.attendance.spectators();
  }
  /** What everyone may know about the table now. */
  info(): TableInfo {
    return tableInfo(this);
  }
  /** Nothing queued, nobody here, no game in progress, untouched for `idleMs`. */
  idleFor(idleMs: number, now: number): boolean {
    return (
      this.pending === 0 &&
      this.attendance.conns.size === 0 &&
      this.tableRow.status !== "playing" &&
      now - this.touched >= idleMs
    );
  }
  /**
   * Whether a turn-based table in play may leave memory (see `restState` in turn-due.ts); "store": its
   * due time must be stored first (`storeDue`), else the sweep would not bring the table back in time.
   */
  restState(idleMs: number, soonMs: number, now: number): RestState {
    const known = { touchedAt: this.touched, storedDue: this.keeper.storedDue };
    return restState(this.env, this, { now, idleMs, soonMs }, known);
  }

  /** Stores when the table will next act (see `restState`). */
  async storeDue(): Promise<Outcome<null>> {
    if (this.tableRow.status === "playing") await this.keeper.saveDue(storableDue(wakeAt(this.env, this)));
    return done;
  }

  /** The due time this table stores for `state` with its turn started at `turnStartedAt` (see `dueFor`). */
  private dueFor(state: unknown, turnStartedAt: number, record: TurnRecord): number | null | undefined {
    return dueFor(this.env, this, state, turnStartedAt, record);
  }

  /** Settles when every queued operation has. */
  settled(): Promise<unknown> {
    return this.queue;
  }

  /** Runs `fn` on this table, one call at a time. */
  async run<T>(fn: () => Promise<Outcome<T>> | Outcome<T>): Promise<Outcome<T>> {
    if (this.host.closed) return fail("server/closing", "The server is shutting down.", 503);
    this.pending++;
    // A copy dropped while this call waited (its table changed hands) answers nothing: its state may be
    // older than the new owner's, so the caller asks again where the table is now.
    const once = () =>
      this.retired ? fail("server/conflict", "The table changed elsewhere; try again.", 409) : fn();
    const result = this.queue.then(once, once);
    this.queue = result.catch(() => undefined);
    try {
      return await result;
    } catch (error) {
      if (error instanceof VersionConflict || isLeaseLost(error) || error instanceof NotOwner) {
        this.host.evict(this);
        return fail("server/conflict", "The table changed elsewhere; try again.", 409);
      }
      this.env.log.error({ err: error, table: this.code }, "table operation failed");
      return fail("server/error", "Something went wrong on the server; nothing was changed.", 500);
    } finally {
      this.pending--;
      this.touched = this.env.clock.now();
    }
  }

  /** A player takes the first free seat (and the host's, with the host token). */
  async join(body: JoinTableBody, requestId?: string): Promise<Outcome<JoinTableResponse>> {
    const plan = joinPlan(this, body, requestId);
    if (!plan.ok) return plan;
    const { seat, token, seats, hostSeat } = plan.value;
    await this.saveLobby(seats, hostSeat);
    this.attendance.seated(seat, this.env.clock.now());
    this.pushTable();
    return { ok: true, value: { seat, token } };
  }

  /** The repeat of a join that took a seat already: that seat, under a new token; null if none did. */
  async joinAgain(requestId: string): Promise<Outcome<JoinTableResponse> | null> {
    const plan = rejoinPlan(this, requestId);
    if (!plan) return null;
    await this.saveLobby(plan.seats);
    return { ok: true, value: { seat: plan.seat, token: plan.token } };
  }

  addBot(msg: AddBotMessage): Promise<Outcome<null>> {
    return this.saveBotSeats(addBotPlan(this, msg));
  }

  removeBot(msg: RemoveBotMessage): Promise<Outcome<null>> {
    return this.saveBotSeats(removeBotPlan(this, msg));
  }

  private async saveBotSeats(seats: Outcome<SeatRow[]>): Promise<Outcome<null>> {
    if (!seats.ok) return seats;
    await this.saveLobby(seats.value);
    this.pushTable();
    return done;
  }

  /**
   * The account that claimed seats by their token hashes (already stored): its seats are found again
   * by a `hello` from any of its devices.
   */
  seatsClaimed(tokenHashes: ReadonlySet<string>, accountId: string): void {
    this.seatRows = this.seatRows.map((s) =>
      s.tokenHash !== null && tokenHashes.has(s.tokenHash) && !s.accountId ? { ...s, accountId } : s,
    );
  }

  /**
   * The account of some seats here was deleted (its stored rows renamed already): those seats and
   * their chat lines show `seatName` from now on, and everyone here is told.
   */
  accountDeleted(account: { id: string; name: string }, seatName: string): Outcome<null> {
    const gone = new Set(this.seatRows.filter((s) => s.accountId === account.id).map((s) => s.seat));
    if (gone.size === 0) return done;
    this.seatRows = this.seatRows.map((s) => (gone.has(s.seat) ? { ...s, name: seatName } : s));
    this.chatLines.renamed(gone, account.name, seatName);
    this.pushTable();
    return done;
  }

  /** A seated player gives up their seat before the game starts and stays on as a spectator. */
  async leave(conn: Conn): Promise<Outcome<null>> {
    const seat = conn.seat;
    if (seat === null) return fail("auth/not_seated", "You have no seat to leave.");
    if (this.tableRow.status !== "lobby")
      return fail("lobby/started", "Seats can only be left before the game starts.");
    const seats = this.seatRows.map((s) => (s.seat === seat ? emptySeat(seat) : s));
    await this.saveLobby(seats, this.tableRow.hostSeat === seat ? null : this.tableRow.hostSeat);
    this.attendance.unseated(seat);
    for (const c of this.conns.values()) if (c.seat === seat) reseat(this.code, c, null);
    this.pushTable();
    return done;
  }

  /** `hostSeat` undefined: the host's seat is not part of the change. */
  private async saveLobby(seats: SeatRow[], hostSeat?: number | null): Promise<void> {
    await this.env.store.saveLobby(this.code, hostSeat === undefined ? {} : { hostSeat }, seats);
    this.seatRows = seats;
    if (hostSeat !== undefined) this.tableRow = { ...this.tableRow, hostSeat };
  }

  /** Host: starts the first match with the filled seats, renumbered 0, 1, … in order. */
  async start(): Promise<Outcome<null>> {
    const players = playersToStart(this);
    if (!players.ok) return players;
    const { seats, hostSeat, renumber } = players.value;
    await this.startMatch(seats, hostSeat, renumber);
    return done;
  }

  /** Host: a new match with the same seats once the last one is over. */
  async playAgain(): Promise<Outcome<null>> {
    if (this.tableRow.status !== "over") return fail("game/not_over", "The game is not over yet.");
    const deck = await replayableDeck(this.env, this.tableDeck);
    if (!deck.ok) return deck;
    this.tableDeck = deck.value;
    await this.startMatch(this.seatRows, this.tableRow.hostSeat, null);
    return done;
  }

  /** A guided first game: its seats as created, seat 0 the host, a seed its game's tutorial picks. */
  async startTutorial(chooseSeed: (setup: unknown) => string): Promise<Outcome<null>> {
    await this.startMatch(this.seatRows, 0, null, chooseSeed);
    return done;
  }

  /** Deals and starts a match; `chooseSeed` picks its seed (a guided first game's), else a fresh one. */
  private async startMatch(
    seats: SeatRow[],
    hostSeat: number | null,
    renumber: Map<number, number> | null,
    chooseSeed?: (setup: unknown) => string,
  ): Promise<void> {
    const { game, env } = this;
    const dealt = dealMatch(env, this, seats, chooseSeed);
    const now = dealt.row.startedAt;
    const number = dealt.row.match;
    const due = this.dueFor(dealt.state, now, freshRecord(number));
    await env.store.startMatch(this.code, dealt.row, seats, hostSeat, due ?? null);
    if (renumber)
      for (const c of this.conns.values())
        if (c.seat !== null) reseat(this.code, c, renumber.get(c.seat) ?? null);
    this.seatRows = seats;
    this.tableRow = { ...this.tableRow, hostSeat, status: "playing", match: number };
    this.current = Match.begin(game, dealt.row, dealt.state, now);
    this.keeper.newMatch(number, due);
    this.attendance.newMatch(seats, now);
    env.log.info(
      { table: this.code, match: number, game: game.kind, players: seats.length },
      "match started",
    );
    this.pushTable();
    pushViews(env, this, []);
    callMovers(this.env, this, null);
    this.armTimer();
  }

  /**
   * A player's action: seat, stale and legality checks, then `commit`; `receivedAt` from
   * `performance.now()`. `requestId`: the cluster request that carries it; the repeat of one this match
   * applied already (here, or stored by the table's previous owner) is answered with the version it got.
   */
  async act(
    conn: Conn,
    msg: ActionMessage,
    receivedAt = performance.now(),
    requestId?: string,
  ): Promise<Outcome<{ version: number }>> {
    const applied = requestId === undefined ? undefined : this.current?.versionOfRequest(requestId);
    if (applied !== undefined) return { ok: true, value: { version: applied } };
    const checked = checkAction(this, conn, msg);
    if (!checked.ok) return checked;
    const outcome = await this.commit(checked.value, receivedAt, true, requestId);
    if (!outcome.ok) return outcome;
    if (this.attendance.handBack(checked.value.seat)) this.pushTable();
    await this.keeper.playerBack(checked.value.seat);
    return { ok: true, value: { version: outcome.value.version } };
  }

  /**
   * Applies, stores, then tells everyone; `byPlayer`: the seat's own player sent it (not a bot), under
   * `requestId` if it came as a cluster request.
   */
  private async commit(
    action: { type: string; seat: number },
    receivedAt: number,
    byPlayer = false,
    requestId?: string,
  ): Promise<Outcome<Match>> {
    const match = this.current;
    if (!match) return fail("game/not_started", "The game has not started.");
    const applied = match.game.rules.apply(match.state, action);
    if (!applied.ok) return { ok: false, error: applied.error, status: 409 };
    const next = applied.value.state;
    const now = this.env.clock.now();
    const finished = match.game.rules.outcome(next) !== null ? now : null;
    const stored = {
      version: match.version + 1,
      action,
      at: now,
      ...(requestId !== undefined && { requestId }),
    };
    const abandoned = finished === null ? [] : this.abandonedSeats(byPlayer ? action.seat : null);
    const before = match.progress();
    const due =
      finished !== null ? null : this.dueFor(next, match.turnStartAfter(next, now), this.keeper.record);
    await this.env.store.appendAction(this.code, match.number, stored, finished, abandoned, due);
    this.keeper.dueStored(due);
    const storedAt = performance.now();
    match.advance(next, applied.value.events, now, requestId);
    if (finished !== null) {
      this.tableRow = { ...this.tableRow, status: "over" };
      this.attendance.matchOver();
      this.env.matchFinished(this.code, match.number);
    }
    pushViews(this.env, this, applied.value.events);
    if (finished !== null) this.pushTable();
    callMovers(this.env, this, before);
    this.env.metrics.actionDone(match.game.kind, receivedAt, storedAt, performance.now());
    this.armTimer();
    return { ok: true, value: match };
  }

  /** Human seats a bot is playing for their absent player as the match ends (but not `except`'s, who is back). */
  private abandonedSeats(except: Seat | null): number[] {
    return this.seatRows
      .filter((s) => s.kind === "human" && s.seat !== except && this.attendance.isBotPlaying(s.seat))
      .map((s) => s.seat);
  }

  /** This process has just loaded the table from the store: it carries on the calls of the move in play. */
  resumed(): void {
    resumeCalls(this.env, this);
  }

  /** Sets the table's one timer for its earliest due event; never sooner than `minDelayMs` from now. */
  armTimer(minDelayMs = 0): void {
    if (this.host.closed || this.retired || this.tableRow.status !== "playing") this.alarm.clear();
    else this.alarm.set(wakeAt(this.env, this), minDelayMs);
  }

  /** A seated player of a turn-based table doubles the current move's time, once per match. */
  async moreTime(conn: Conn): Promise<Outcome<null>> {
    const seat = conn.seat;
    if (seat === null) return fail("auth/not_seated", "Only a seated player can ask for more time.");
    const refused = moreTimeRefusal(this.env, this, seat);
    if (refused !== null) return fail("turn/no_more_time", refused, 409);
    await this.keeper.moreTime(seat, (this.current as MatchView).turnStartedAt);
    this.pushTable();
    pushViews(this.env, this, []);
    this.armTimer();
    return done;
  }

  /** A turn-based seat's time ran out and its move was made: after two in a row the bot takes the seat. */
  private async timedOut(seat: Seat): Promise<void> {
    if (!isTurnBased(this.tableRow.config) || !(await this.keeper.timedOut(seat))) return;
    this.attendance.takeOver(seat);
    this.pushTable();
    this.armTimer();
  }

  /** Sends the current move's reminder if it is due and was not sent (stored first, so it goes once). */
  private async remind(now: number): Promise<boolean> {
    const at = nextReminderAt(this.env, this);
    if (at === null || at > now || !this.current) return false;
    await this.keeper.reminding(this.current.turnStartedAt);
    callReminders(this.env, this);
    return true;
  }

  /** Lets bots act for every seat that is due. */
  private async tick(): Promise<Outcome<null>> {
    const match = this.current;
    if (this.retired || this.tableRow.status !== "playing" || !match) return done;
    const now = this.env.clock.now();
    if (await this.remind(now)) {
      this.armTimer();
      return done;
    }
    const progress = match.progress();
    let attempted = false;
    for (const seat of progress.awaiting) {
      const due = seatDue(this.env, this, seat, progress.phase, now);
      if (!due) continue;
      attempted = true;
      if (due.takeOver) {
        this.attendance.takeOver(seat);
        this.pushTable();
      }
      const action = await botMove(this.env, this, match, seat);
      if (!action) continue;
      const outcome = await this.commit(action, performance.now());
      if (!outcome.ok) {
        this.env.log.warn({ table: this.code, code: outcome.error.code }, "bot action refused");
        continue;
      }
      this.env.metrics.timerMove(timerMoveKind(this.seats[seat], due));
      if (due.timedOut) {
        fanOut(this.env, this).toTable(this.code, "notice", playedForYou(this, seat, this.env.clock.now()));
        await this.timedOut(seat);
      }
      return done; // commit rescheduled; the next bot acts on the next tick
    }
    // If a due seat could not be played (should not happen), try again later rather than spin.
    this.armTimer(attempted ? 1000 : 0);
    return done;
  }

  /** Stops the table's timers for good: it was evicted, or the server is closing. */
  retire(): void {
    this.retired = true;
    this.alarm.clear();
    const { clock } = this.env;
    if (this.presenceTimer !== null) clock.clearTimer(this.presenceTimer);
    this.presenceTimer = null;
  }

  /** Attaches a connection (`hello`); `leavePrevious` detaches it from the table it was at. */
  async attach(
    conn: Conn,
    msg: HelloMessage,
    leavePrevious: () => Promise<void>,
  ): Promise<Outcome<Attached>> {
    const who = identify(this.env, this, conn, msg);
    if (!who.ok) return who;
    const { seat, host } = who.value;
    if (conn.code !== null) await leavePrevious();
    conn.code = this.code;
    conn.seat = seat;
    conn.host = host;
    this.attendance.arrive(conn, seat);
    if (seat !== null) await this.keeper.playerBack(seat);
    conn.join(rooms.table(this.code));
    conn.join(seat === null ? rooms.spectators(this.code) : rooms.seat(this.code, seat));
    if (seat !== null) this.armTimer();
    return { ok: true, value: { seat, host, table: this.info(), chat: this.chatLines.recent() } };
  }

  /** A connection left (it closed or moved to another table), sitting at `seat`. */
  detach(conn: Conn, seat: Seat | null): void {
    const emptied = this.attendance.depart(conn, seat, this.env.clock.now());
    if (emptied === null) return;
    if (emptied) this.armTimer();
    this.presenceChanged();
  }

  /**
   * A seated player's chat line: rate-limited per seat, stored, then sent to the whole table. The repeat
   * of a cluster request already said is answered alike, and neither stored nor sent again.
   */
  async chat(conn: Conn, text: string, requestId?: string): Promise<Outcome<null>> {
    const seat = conn.seat;
    if (seat === null) return fail("auth/not_seated", "Spectators cannot chat.");
    const said = await this.chatLines.say(seat, this.seatRows[seat], text, requestId);
    if (!said.ok) return said;
    if (said.value) fanOut(this.env, this).toTable(this.code, "chat", said.value);
    return done;
  }

  /** Tells everyone at the table its new seats, presence or status (and settles any batched presence push). */
  private pushTable(): void {
    if (this.presenceTimer !== null) this.env.clock.clearTimer(this.presenceTimer);
    this.presenceTimer = null;
    sendTable(this.env, this);
  }

  /**
   * Presence changed: everyone hears of it in one `table` push at most `PRESENCE_BATCH_MS` later, so
   * a crowd of spectators arriving at once costs one push per connection, not one per pair.
   */
  presenceChanged(): void {
    if (this.presenceTimer !== null) return;
    this.presenceTimer = this.env.clock.setTimer(() => {
      this.presenceTimer = null;
      this.pushTable();
    }, PRESENCE_BATCH_MS);
  }
}

/** How long presence changes (connections coming and going) are gathered into one `table` push. */
export const PRESENCE_BATCH_MS = 100;
