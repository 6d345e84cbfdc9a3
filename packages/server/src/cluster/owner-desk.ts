import { LRUCache } from "lru-cache";
import type { Server } from "socket.io";
import type { Clock } from "../clock";
import type { HelloMessage } from "../protocol";
import type { TableService } from "../service";
import type { Ownership } from "./ownership";
import { RemoteConn } from "./remote-conn";
import {
  CONFLICT,
  isClosing,
  isConflict,
  REPORT_SILENCE_MS,
  type Reply,
  type Request,
  runCommand,
} from "./requests";

/**
 * The owner's side of a cluster: serves what other processes ask about the tables this process owns,
 * and keeps their connections to those tables as `RemoteConn`s, kept alive by their reports.
 */
export class OwnerDesk {
  /** Connections held elsewhere that are attached to tables this process owns. */
  private readonly remote = new Map<string, RemoteConn>();
  /**
   * The replies to forwarded commands and joins by request id, kept for a while: a repeat (its sender
   * had no answer in time and asks again) gets the first reply instead of being applied twice.
   */
  private readonly answered = new LRUCache<string, Promise<Reply>>({ max: 10_000, ttl: 5 * 60_000 });
  private closed = false;

  constructor(
    private readonly service: TableService,
    private readonly ownership: Ownership,
    private readonly io: Server,
    private readonly clock: Clock,
  ) {}

  /** Serves nothing more: the askers wait for the tables' next owners. */
  close(): void {
    this.closed = true;
  }

  /** A request from another process for a table this process owns. */
  async handle(request: Request, from: string): Promise<Reply | null> {
    if (request.op === "report") {
      if (!this.closed) await this.noteReport(request.tables, from);
      return null;
    }
    // A process shutting down serves nothing more: the asker waits for the table's next owner.
    if (this.closed) return { notOwner: true };
    // A request sent to this process's peer address (the table is routed here) may find the lease free:
    // it is taken now.
    if (!this.ownership.holds(request.code) && !(await this.ownership.resolve(request.code)).local)
      return { notOwner: true };
    switch (request.op) {
      case "adopt":
        // loaded now, so its timers and bots carry on without waiting for a client
        await this.service.cache.get(request.code).catch(() => undefined);
        return null;
      case "info":
        return { value: await this.service.tableInfoOf(request.code) };
      case "yourGame":
        return { value: await this.service.yourGame(request.code, request.who) };
      case "join":
        return this.once(request.rid, async () => ({
          value: await this.service.join(request.code, request.body, request.rid),
        }));
      case "detach":
        return this.detach(request.id);
      case "hello":
        return this.hello(request.id, from, request.msg);
      case "command":
        return this.once(request.rid, () => this.command(request, from));
    }
  }

  /** Serves a request once by its id; a refusal that asks for a retry (nothing was changed) is not kept. */
  private once(rid: string, serve: () => Promise<Reply>): Promise<Reply> {
    const known = this.answered.get(rid);
    if (known) return known;
    const reply = serve();
    this.answered.set(rid, reply);
    reply.then(
      (r) => {
        if (r.notOwner || isConflict(r.value) || isClosing(r.value)) this.answered.delete(rid);
      },
      () => this.answered.delete(rid),
    );
    return reply;
  }

  /** Another process still holds these connections: keeps them, or attaches them again. */
  private async noteReport(tables: Extract<Request, { op: "report" }>["tables"], from: string) {
    const now = this.clock.now();
    for (const { code, conns } of tables) {
      if (!this.ownership.holds(code)) continue;
      for (const { id, hello } of conns) {
        const rc = this.remote.get(id);
        if (rc && this.attachedTo(rc, code)) rc.seenAt = now;
        else await this.attachRemote(code, id, from, hello, false);
      }
    }
  }

  private async detach(id: string): Promise<Reply> {
    const rc = this.remote.get(id);
    if (rc) {
      this.remote.delete(id);
      await this.service.detach(rc);
    }
    return { value: null };
  }

  private async hello(id: string, from: string, msg: HelloMessage): Promise<Reply> {
    const now = this.clock.now();
    const rc = this.remote.get(id) ?? new RemoteConn(this.io, id, from, now);
    if (rc.code === null) rc.fold = msg.fold === true;
    rc.seenAt = now;
    rc.buffer = [];
    const { ack, after } = await this.service.hello(rc, msg);
    if (ack.ok) {
      this.remote.set(rc.id, rc);
      after();
    } else if (rc.code === null) this.remote.delete(rc.id);
    return this.replyFor(rc, ack);
  }

  private async command(request: Extract<Request, { op: "command" }>, from: string): Promise<Reply> {
    let rc = this.remote.get(request.id);
    if (!rc || !this.attachedTo(rc, request.code)) {
      if (!request.hello) return { value: CONFLICT };
      rc = (await this.attachRemote(request.code, request.id, from, request.hello, true)) ?? undefined;
      if (!rc) return { value: CONFLICT };
    }
    rc.seenAt = this.clock.now();
    rc.buffer ??= [];
    const value = await runCommand(this.service, request.name, rc, request.msg, request.rid);
    return this.replyFor(rc, value);
  }

  /** Detaches connections of other processes that were not reported for a while (their process died). */
  sweep(): void {
    const stale = this.clock.now() - REPORT_SILENCE_MS;
    for (const rc of this.remote.values()) {
      if (rc.code !== null && this.ownership.holds(rc.code)) {
        if (rc.seenAt >= stale) continue;
        this.remote.delete(rc.id);
        rc.forgotten = true;
        void this.service.detach(rc).catch(() => undefined);
        continue;
      }
      // its table went to another process, which attached the connection again: leave its rooms alone
      this.remote.delete(rc.id);
    }
  }

  /**
   * Whether a connection of another process is attached to the table as this process holds it now:
   * one attached before this process lost the table and took it back (a new copy) is not, and must be
   * attached again, or it would hear nothing of the table.
   */
  private attachedTo(rc: RemoteConn, code: string): boolean {
    return rc.code === code && this.service.cache.cached(code)?.conns.get(rc.id) === rc;
  }

  private replyFor(rc: RemoteConn, value: unknown): Reply {
    const emits = rc.buffer ?? [];
    rc.buffer = null;
    return { value, emits, state: { code: rc.code, seat: rc.seat, host: rc.host } };
  }

  /** Attaches a connection of another process again (this process adopted its table); null if refused. */
  private async attachRemote(
    code: string,
    id: string,
    edge: string,
    hello: HelloMessage,
    buffered: boolean,
  ): Promise<RemoteConn | null> {
    if (hello.code.toUpperCase() !== code) return null;
    const rc = new RemoteConn(this.io, id, edge, this.clock.now());
    rc.fold = hello.fold === true;
    if (buffered) rc.buffer = [];
    let result = await this.service.hello(rc, hello);
    if (!result.ack.ok && hello.token !== undefined) {
      const { token: _, ...spectator } = hello;
      result = await this.service.hello(rc, spectator);
    }
    if (!result.ack.ok) return null;
    this.remote.set(id, rc);
    result.after();
    return rc;
  }
}
