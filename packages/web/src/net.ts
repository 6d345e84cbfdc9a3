import type { Seat } from "@firmament/game-kit";
import {
  type BotLevel,
  type ChatLine,
  type ClientAction,
  type ClientToServerEvents,
  type HelloAck,
  type NoticePush,
  PROTOCOL_VERSION,
  type ProtocolError,
  type ServerToClientEvents,
  type SimpleAck,
  type TableInfo,
} from "@firmament/protocol";
import { io, type Socket } from "socket.io-client";
import { foldPush } from "./games/fold";
import type { EventsPush, ViewPush } from "./games/types";

export interface Credentials {
  token?: string;
  hostToken?: string;
}

/** Everything the client knows about one table, as the server told it. */
export interface Session {
  /** `online` once `hello` was accepted on the current connection. */
  status: "connecting" | "online" | "offline";
  /** Why this table cannot be shown at all (e.g. `table/unknown`). */
  fatal: ProtocolError | null;
  /** The last refused request, for a short notice; `id` changes with each one. */
  notice: (ProtocolError & { id: number }) | null;
  table: TableInfo | null;
  seat: Seat | null;
  host: boolean;
  push: ViewPush | null;
  /** When `push` arrived, on this client's clock (its `deadline` is counted from here). */
  pushReceivedAt: number;
  /** The latest `notice` push of the current match; `id` changes with each one. */
  tableNotice: (NoticePush & { id: number }) | null;
  chat: ChatLine[];
  /** Set when the server refused our seat token (the seat is gone); the UI forgets it. */
  tokenRefused: boolean;
}

const ACK_TIMEOUT_MS = 8000;
const CHAT_KEEP = 200;

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One socket.io connection to one table. It says `hello` on every (re)connect, keeps the latest table,
 * view and chat, and exposes the commands a seat or host may send. socket.io reconnects by itself.
 */
/** A session before the server has answered (the state is replaced, never mutated, so sharing is safe). */
export const CONNECTING: Session = {
  status: "connecting",
  fatal: null,
  notice: null,
  table: null,
  seat: null,
  host: false,
  push: null,
  pushReceivedAt: 0,
  tableNotice: null,
  chat: [],
  tokenRefused: false,
};

export class TableClient {
  private readonly socket: ClientSocket;
  private state: Session = CONNECTING;
  private readonly listeners = new Set<() => void>();
  private noticeId = 0;

  constructor(
    readonly code: string,
    private creds: Credentials,
  ) {
    // The server speaks WebSocket only (no long-polling fallback: docs/protocol.md, "Socket.io"). The
    // table's code in the URL lets a cluster's front (nginx) send the connection to the table's owner.
    this.socket = io({
      autoConnect: false,
      path: "/socket.io",
      transports: ["websocket"],
      query: { table: code.toUpperCase() },
    });
    this.socket.on("connect", () => void this.hello(true));
    this.socket.on("disconnect", () => this.set({ status: "offline" }));
    this.socket.on("connect_error", (error) => {
      this.set({ status: "offline" });
      // The server refuses a connection over its per-address cap with this code (docs/protocol.md).
      if (error.message === "rate/too_many_connections")
        this.notify({ code: error.message, message: "Too many open connections." });
    });
    this.socket.on("table", (table) => {
      if (table.code === this.code) this.set({ table });
    });
    this.socket.on("view", (anyPush) => {
      const push = anyPush as ViewPush;
      const current = this.state.push;
      if (
        current &&
        (push.match < current.match || (push.match === current.match && push.version < current.version))
      )
        return;
      this.set({ push, pushReceivedAt: Date.now() });
    });
    this.socket.on("events", (update) => {
      const current = this.state.push;
      if (
        current &&
        (update.match < current.match ||
          (update.match === current.match && update.version <= current.version))
      )
        return;
      const push = current ? foldPush(current, update as EventsPush) : null;
      // A gap (a push missed, or events before the first view): a new `hello` brings the whole view.
      if (push) this.set({ push, pushReceivedAt: Date.now() });
      else if (this.socket.connected) void this.hello();
    });
    this.socket.on("notice", (notice) => {
      if (this.state.push && notice.match !== this.state.push.match) return;
      this.noticeId += 1;
      this.set({ tableNotice: { ...notice, id: this.noticeId } });
    });
    this.socket.on("chat", (line) => {
      if (this.state.chat.some((l) => l.id === line.id)) return;
      this.set({ chat: [...this.state.chat, line].slice(-CHAT_KEEP) });
    });
    this.socket.on("error", (error) => this.notify(error));
  }

  connect(): void {
    document.addEventListener("visibilitychange", this.reportVisibility);
    this.socket.connect();
  }

  close(): void {
    document.removeEventListener("visibilitychange", this.reportVisibility);
    this.socket.removeAllListeners();
    this.socket.disconnect();
    this.listeners.clear();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): Session => this.state;

  /** A seat tells the server whether its page shows the table: nobody is called back while they look. */
  private readonly reportVisibility = (): void => {
    if (this.state.seat === null || !this.socket.connected) return;
    this.socket.emit("visibility", { visible: document.visibilityState === "visible" }, () => undefined);
  };

  /** Attach with new credentials (after joining a seat), without a new connection. */
  async reattach(creds: Credentials): Promise<void> {
    this.creds = creds;
    if (this.socket.connected) await this.hello();
  }

  private set(patch: Partial<Session>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private notify(error: ProtocolError): void {
    this.noticeId += 1;
    this.set({ notice: { code: error.code, message: error.message, id: this.noticeId } });
  }

  /** `resume`: after a reconnection, so the server need not send the view this client already has. */
  private async hello(resume = false): Promise<void> {
    // `fold`: after each action the server sends only its events, which `foldPush` folds into the view.
    const last = this.state.push;
    const seen =
      resume && last ? { seen: { match: last.match, version: last.version, seat: this.state.seat } } : {};
    const payload = { code: this.code, protocol: PROTOCOL_VERSION, fold: true, ...seen, ...this.creds };
    let ack: HelloAck;
    try {
      ack = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck("hello", payload);
    } catch {
      if (this.socket.connected) this.socket.disconnect().connect();
      return;
    }
    if (ack.ok) {
      this.set({
        status: "online",
        fatal: null,
        table: ack.table,
        seat: ack.seat,
        host: ack.host,
        chat: mergeChat(this.state.chat, ack.chat),
        // A new hello may follow a restart or "play again": take the next view push as it comes.
        push: ack.seat === this.state.seat ? this.state.push : null,
      });
      this.reportVisibility();
      return;
    }
    if (this.creds.token && ack.error.code === "auth/bad_token") {
      // Our seat is gone (left, or a token of an old game): carry on as a spectator.
      this.creds = { hostToken: this.creds.hostToken };
      this.set({ tokenRefused: true });
      await this.hello();
      return;
    }
    if (this.creds.hostToken && ack.error.code === "auth/bad_host_token") {
      this.creds = { token: this.creds.token };
      await this.hello();
      return;
    }
    if (ack.error.code === "table/unknown" || ack.error.code.startsWith("input/")) {
      this.set({ status: "online", fatal: ack.error });
      return;
    }
    // Anything else (rate limit, a server hiccup) is worth another try in a moment.
    this.notify(ack.error);
    window.setTimeout(() => {
      if (this.socket.connected) void this.hello();
    }, 2000);
  }

  private async send(run: () => Promise<SimpleAck>): Promise<ProtocolError | null> {
    if (!this.socket.connected) {
      const error = { code: "network", message: "Not connected." };
      this.notify(error);
      return error;
    }
    try {
      const ack = await run();
      if (ack.ok) return null;
      this.notify(ack.error);
      return ack.error;
    } catch {
      const error = { code: "network", message: "The server did not answer." };
      this.notify(error);
      return error;
    }
  }

  private get emitter() {
    return this.socket.timeout(ACK_TIMEOUT_MS);
  }

  act(action: ClientAction): Promise<ProtocolError | null> {
    const push = this.state.push;
    const round = push?.view.round ?? 1;
    return this.send(() => this.emitter.emitWithAck("action", { action, match: push?.match, round }));
  }

  say(text: string): Promise<ProtocolError | null> {
    return this.send(() => this.emitter.emitWithAck("chat", { text }));
  }

  addBot(seat: Seat, level?: BotLevel): Promise<ProtocolError | null> {
    return this.send(() => this.emitter.emitWithAck("add_bot", level ? { seat, level } : { seat }));
  }

  removeBot(seat: Seat): Promise<ProtocolError | null> {
    return this.send(() => this.emitter.emitWithAck("remove_bot", { seat }));
  }

  start(): Promise<ProtocolError | null> {
    return this.send(() => this.emitter.emitWithAck("start", {}));
  }

  playAgain(): Promise<ProtocolError | null> {
    return this.send(() => this.emitter.emitWithAck("play_again", {}));
  }

  leave(): Promise<ProtocolError | null> {
    return this.send(() => this.emitter.emitWithAck("leave", {}));
  }

  /** Turn-based tables: doubles the current move's time, once per match. */
  moreTime(): Promise<ProtocolError | null> {
    return this.send(() => this.emitter.emitWithAck("more_time", {}));
  }
}

function mergeChat(have: ChatLine[], fresh: ChatLine[]): ChatLine[] {
  const byId = new Map<number, ChatLine>();
  for (const line of [...have, ...fresh]) byId.set(line.id, line);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-CHAT_KEEP);
}
