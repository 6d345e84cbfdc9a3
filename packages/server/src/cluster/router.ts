import type { Logger } from "pino";
import type { Server } from "socket.io";
import { rooms } from "../bus";
import type { Clock } from "../clock";
import type { Conn } from "../context";
import type { Outcome } from "../outcome";
import type {
  CreateTableBody,
  CreateTableResponse,
  CreateTutorialBody,
  CreateTutorialResponse,
  HelloAck,
  HelloMessage,
  JoinTableBody,
  JoinTableResponse,
  SimpleAck,
  TableInfo,
  TableListResponse,
  YourGame,
} from "../protocol";
import type { TableApi, TableService } from "../service";
import type { YourSeat } from "../your-games";
import { OwnerDesk } from "./owner-desk";
import type { Ownership } from "./ownership";
import { peerAddress } from "./peers";
import {
  CLOSING,
  CONFLICT,
  type Command,
  FORWARD_DEADLINE_MS,
  isClosing,
  isConflict,
  REPORT_MS,
  REPORT_SILENCE_MS,
  type Reply,
  type Request,
  runCommand,
} from "./requests";
import { Rpc } from "./rpc";

/**
 * The tables of a cluster behind the same interface as one process's `TableService`: any process
 * accepts any connection and request, and runs it at the table's owner — here, or over `Rpc` at the
 * process holding the table's lease. The owner knows every connection of its tables wherever they
 * are (each process reports its connections to the owners every second), so presence, spectator
 * counts and bots see the whole cluster; views reach the sockets through the rooms of the adapter.
 */
export class ClusterRouter implements TableApi {
  /** Connections held here that are attached to a table, with the hello that attached them. */
  private readonly attached = new Map<string, { conn: Conn; hello: HelloMessage }>();
  /** Serves the requests of other processes for the tables this process owns. */
  private readonly desk: OwnerDesk;
  private timer: unknown = null;
  private closed = false;
  /** Requests and reports under way, which `close` lets finish before the store goes. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly service: TableService,
    private readonly ownership: Ownership,
    private readonly rpc: Rpc,
    io: Server,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    this.desk = new OwnerDesk(service, ownership, io, clock);
  }

  /** Starts reporting this process's connections to their tables' owners. */
  begin(): void {
    this.rpc.onRecovered(() => void this.track(this.resync()));
    const loop = () => {
      this.timer = this.clock.setTimer(() => {
        void this.track(this.report()).finally(() => {
          if (!this.closed) loop();
        });
      }, REPORT_MS);
    };
    loop();
  }

  /** Stops reporting and routing; resolves once what was under way has finished (3 s at most). */
  async close(): Promise<void> {
    this.closed = true;
    this.desk.close();
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    await Promise.race([Promise.allSettled([...this.inFlight]), this.pause(3000)]);
  }

  /** Waits on the clock: hand-overs and shutdowns are measured in the cluster's time. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => this.clock.setTimer(resolve, ms));
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  /**
   * Runs `local` if this process owns the table, else sends `request` to its owner and returns the
   * reply. Waits through a hand-over (a dead owner's Redis channel has no listener: its lease is taken
   * over at once; one that does not answer is asked again until its lease has expired) and through a
   * Redis outage (the owner is asked again once Redis is back; nobody is taken for dead meanwhile).
   */
  private route<T>(
    code: string,
    local: () => Promise<T>,
    request: Request,
  ): Promise<{ here: true; value: T } | { here: false; reply: Reply }> {
    return this.track(this.routeNow(code, local, request));
  }

  private async routeNow<T>(
    code: string,
    local: () => Promise<T>,
    request: Request,
  ): Promise<{ here: true; value: T } | { here: false; reply: Reply }> {
    const deadline = this.clock.now() + FORWARD_DEADLINE_MS;
    // Once a request may have reached an owner, "try again" is never the answer: it could still be
    // applied. It is sent again under the same id (the owner answers a repeat with its first reply).
    let maybeSent = false;
    for (;;) {
      if (this.closed) return { here: false, reply: { value: CLOSING } };
      const owner = await this.ownership.resolve(code);
      if (owner.local) {
        const value = await local();
        if (!isConflict(value) || this.clock.now() > deadline) return { here: true, value };
        // the table changed hands while this ran (nothing was changed): ask again who owns it
        if (this.ownership.holds(code)) await this.pause(50);
        continue;
      }
      const answer = await this.rpc.call(owner.owner, request, 2000);
      if ("unreachable" in answer) {
        if (!maybeSent && this.clock.now() > deadline) return { here: false, reply: { value: CONFLICT } };
        await this.pause(250);
        continue;
      }
      if (!answer.delivered) {
        this.log.warn({ table: code, owner: owner.owner }, "table owner is gone; taking its tables over");
        await this.ownership.takeOver(code, owner.owner);
        continue;
      }
      if ("timedOut" in answer) maybeSent = true;
      const reply = "value" in answer ? (answer.value as Reply | null) : null;
      const retry = isConflict(reply?.value) || isClosing(reply?.value);
      if (reply && !reply.notOwner && (!retry || this.clock.now() > deadline)) return { here: false, reply };
      this.ownership.forget(code);
      if (!maybeSent && this.clock.now() > deadline) return { here: false, reply: { value: CONFLICT } };
      await this.pause(100);
    }
  }

  private adopt(conn: Conn, reply: Reply): void {
    if (!reply.state) return;
    conn.code = reply.state.code;
    conn.seat = reply.state.seat;
    conn.host = reply.state.host;
  }

  // HTTP-facing operations
  createTable(body: CreateTableBody, origin: string): Promise<Outcome<CreateTableResponse>> {
    return this.service.createTable(body, origin);
  }
  /** A tutorial table is created and started here, so this process owns it from the start. */
  createTutorial(body: CreateTutorialBody, origin: string): Promise<Outcome<CreateTutorialResponse>> {
    return this.service.createTutorial(body, origin, async (code) => {
      await this.ownership.resolve(code);
    });
  }
  /** Like a tutorial, a quick game is created and started here. */
  createQuickGame(body: CreateTutorialBody, origin: string): Promise<Outcome<CreateTutorialResponse>> {
    return this.service.createQuickGame(body, origin, async (code) => {
      await this.ownership.resolve(code);
    });
  }
  listTables(): Promise<TableListResponse> {
    return this.service.listTables();
  }
  // Records, replays and history are read from the store, which every process shares.
  matchRecord(code: string, match: number) {
    return this.service.matchRecord(code, match);
  }
  matchReplay(code: string, match: number) {
    return this.service.matchReplay(code, match);
  }
  matchHistory(code: string) {
    return this.service.matchHistory(code);
  }
  async tableInfoOf(code: string): Promise<Outcome<TableInfo>> {
    const result = await this.route(code, () => this.service.tableInfoOf(code), { op: "info", code });
    return result.here ? result.value : (result.reply.value as Outcome<TableInfo>);
  }
  async yourGame(code: string, who: YourSeat): Promise<Outcome<YourGame>> {
    const result = await this.route(code, () => this.service.yourGame(code, who), {
      op: "yourGame",
      code,
      who,
    });
    return result.here ? result.value : (result.reply.value as Outcome<YourGame>);
  }
  async join(code: string, body: JoinTableBody): Promise<Outcome<JoinTableResponse>> {
    // one id for every attempt, here or at an owner: a repeat is recognised wherever it lands
    const rid = Rpc.newId();
    const result = await this.route(code, () => this.service.join(code, body, rid), {
      op: "join",
      code,
      rid,
      body,
    });
    return result.here ? result.value : (result.reply.value as Outcome<JoinTableResponse>);
  }

  // Connections
  async hello(conn: Conn, msg: HelloMessage): Promise<{ ack: HelloAck; after: () => void }> {
    if (conn.code !== null && conn.code !== msg.code) await this.detach(conn);
    const result = await this.route(msg.code, () => this.service.hello(conn, msg), {
      op: "hello",
      code: msg.code,
      id: conn.id,
      msg,
    });
    if (result.here) {
      if (result.value.ack.ok) this.attached.set(conn.id, { conn, hello: msg });
      return result.value;
    }
    const reply = result.reply;
    const ack = reply.value as HelloAck;
    this.adopt(conn, reply);
    if (ack.ok) this.attached.set(conn.id, { conn, hello: msg });
    const emits = reply.emits ?? [];
    const after = () => {
      for (const [event, payload] of emits) conn.emit(event, payload);
    };
    return { ack, after };
  }

  async detach(conn: Conn): Promise<void> {
    const code = conn.code;
    this.attached.delete(conn.id);
    if (code === null) return;
    // this process's own rooms for the table, whatever the owner (perhaps gone) remembers
    conn.leave(rooms.table(code));
    conn.leave(rooms.spectators(code));
    if (conn.seat !== null) conn.leave(rooms.seat(code, conn.seat));
    // While this process shuts down its sockets close and the tables' new owners hear of them no more
    // (they forget connections that are not reported); there is nobody left to tell here.
    if (!this.closed)
      await this.route(code, () => this.service.detach(conn), { op: "detach", code, id: conn.id });
    conn.code = null;
    conn.seat = null;
    conn.host = false;
  }

  private async command(name: Command, conn: Conn, msg: unknown): Promise<SimpleAck> {
    const code = conn.code;
    // one id for every attempt, here or at an owner: a repeat is recognised wherever it lands
    const rid = Rpc.newId();
    const run = () => runCommand(this.service, name, conn, msg, rid);
    if (code === null) return run();
    const hello = this.attached.get(conn.id)?.hello ?? null;
    const result = await this.route(
      code,
      async () => {
        await this.attachHere(code, conn);
        return run();
      },
      { op: "command", code, id: conn.id, rid, name, hello, msg },
    );
    if (result.here) return result.value;
    this.adopt(conn, result.reply);
    const ack = result.reply.value as SimpleAck;
    // the ack first, as when the owner holds the socket itself
    const emits = result.reply.emits ?? [];
    if (emits.length > 0)
      setImmediate(() => {
        for (const [event, payload] of emits) conn.emit(event, payload);
      });
    return ack;
  }

  /** Attaches a connection held here to a table this process owns, if the table does not know it (it was adopted). */
  private async attachHere(code: string, conn: Conn): Promise<void> {
    const known = this.attached.get(conn.id);
    if (!known || known.hello.code.toUpperCase() !== code) return;
    const live = await this.service.cache.get(code).catch(() => null);
    if (!live || live.conns.get(conn.id) === conn) return;
    const { ack, after } = await this.service.hello(conn, known.hello);
    if (ack.ok) after();
    else if (known.hello.token !== undefined) {
      // the seat was given up meanwhile: the connection watches on
      const { token: _, ...spectator } = known.hello;
      const again = await this.service.hello(conn, spectator);
      if (again.ack.ok) again.after();
    }
  }

  action(conn: Conn, msg: Parameters<TableService["action"]>[1]) {
    return this.command("action", conn, msg) as ReturnType<TableService["action"]>;
  }
  chat(conn: Conn, text: string): Promise<SimpleAck> {
    return this.command("chat", conn, text);
  }
  addBot(conn: Conn, msg: Parameters<TableService["addBot"]>[1]): Promise<SimpleAck> {
    return this.command("addBot", conn, msg);
  }
  removeBot(conn: Conn, msg: Parameters<TableService["removeBot"]>[1]): Promise<SimpleAck> {
    return this.command("removeBot", conn, msg);
  }
  leave(conn: Conn): Promise<SimpleAck> {
    return this.command("leave", conn, {});
  }
  start(conn: Conn): Promise<SimpleAck> {
    return this.command("start", conn, {});
  }
  playAgain(conn: Conn): Promise<SimpleAck> {
    return this.command("playAgain", conn, {});
  }
  moreTime(conn: Conn): Promise<SimpleAck> {
    return this.command("moreTime", conn, {});
  }

  /** Tells every table's owner which of its connections this process holds (and attaches them here if it is the owner). */
  private async report(): Promise<void> {
    try {
      const byCode = new Map<string, Array<{ conn: Conn; hello: HelloMessage }>>();
      for (const entry of this.attached.values()) {
        const code = entry.conn.code;
        if (code === null) continue;
        const list = byCode.get(code);
        if (list) list.push(entry);
        else byCode.set(code, [entry]);
      }
      const byOwner = new Map<
        string,
        Array<{ code: string; conns: Array<{ id: string; hello: HelloMessage }> }>
      >();
      for (const [code, entries] of byCode) {
        const owner = await this.ownership.resolve(code);
        if (owner.local) {
          // the usual case behind a balancer that routes by table: nothing to do for connections it knows
          const live = this.service.cache.cached(code);
          for (const { conn } of entries)
            if (live?.conns.get(conn.id) !== conn) await this.attachHere(code, conn);
          continue;
        }
        const list = byOwner.get(owner.owner) ?? [];
        list.push({ code, conns: entries.map(({ conn, hello }) => ({ id: conn.id, hello })) });
        byOwner.set(owner.owner, list);
      }
      for (const [owner, tables] of byOwner)
        if ((await this.rpc.tell(owner, { op: "report", tables } satisfies Request)) === "nobody")
          for (const { code } of tables) await this.ownership.takeOver(code, owner);
      // while reports cannot come (Redis is away, or just back), the connections they would keep are kept
      if (this.rpc.steadyFor(REPORT_SILENCE_MS)) this.desk.sweep();
    } catch (error) {
      this.log.error({ err: error }, "connection report failed");
    }
  }

  /**
   * After a Redis outage: what the owners of other processes' tables pushed meanwhile was lost, so each
   * connection held here at such a table says its hello again, and is pushed its table's current view.
   */
  private async resync(): Promise<void> {
    for (const { conn, hello } of [...this.attached.values()]) {
      const code = conn.code;
      if (this.closed || code === null || this.ownership.holds(code)) continue;
      try {
        const { ack, after } = await this.hello(conn, { ...hello, code });
        if (ack.ok) after();
      } catch (error) {
        this.log.warn(
          { err: error, table: code },
          "could not bring a connection up to date after Redis was back",
        );
      }
    }
  }

  /**
   * This process gave a table back to the process it is routed to: that one takes it now, and the
   * table's clients that came here through the front reconnect, to be routed there.
   */
  handedBack(code: string, peer: string): void {
    void this.rpc.tell(peerAddress(peer), { op: "adopt", code } satisfies Request);
    for (const { conn } of this.attached.values()) if (conn.code === code) conn.reroute?.(code);
  }

  /** A request from another process for a table this process owns. */
  handle(request: Request, from: string): Promise<Reply | null> {
    return this.desk.handle(request, from);
  }
}
