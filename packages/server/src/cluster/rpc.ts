import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

export type CallResult =
  | { delivered: true; value: unknown }
  /** No process listens under that id: it is gone (its Redis connection closed). */
  | { delivered: false }
  /** Sent, but not answered in time: it may have arrived, and may still be served. */
  | { delivered: true; timedOut: true }
  /** Redis did not take it (down), or is back too recently to tell a gone process from one reconnecting. */
  | { unreachable: true };

/** What a publish came to: received by some, by none (nobody listens), or not sent (Redis is away). */
type Sent = number | "unreachable";

/**
 * How long this process's Redis connections must have been up before a channel nobody listens on
 * means its process is gone: after an outage every process reconnects, ioredis waiting up to 2 s
 * between attempts.
 */
export const REDIS_SETTLE_MS = 3000;

/** Random per process, so that request ids cannot meet across processes (and cost no entropy each). */
const REQUEST_PREFIX = `${randomBytes(6).toString("hex")}-`;
let requestCount = 0;

/** The channel a process id or a peer address (`peerAddress`) listens on. */
export const rpcChannel = (prefix: string, id: string) => `${prefix}:rpc:${id}`;

interface Envelope {
  id: number;
  from: string;
  request?: unknown;
  reply?: unknown;
}

/**
 * Request and reply between the processes of a cluster over Redis pub/sub, one channel per process.
 * Sent on the same connections as the socket.io adapter's messages, so a reply never overtakes the
 * views and room changes its handler broadcast before it.
 */
export class Rpc {
  private nextId = 0;
  private readonly pending = new Map<number, (value: unknown) => void>();
  private readonly channel: string;
  /** The channel of this process's peer address (`peerAddress`), when it has one. */
  private readonly aliasChannel: string | null;
  private readonly listener: (channel: string, message: string) => void;
  /** Since when both Redis connections have been ready (by `now`); null while either is down. */
  private upSince: number | null;
  private readonly recovered: Array<() => void> = [];

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    readonly self: string,
    handler: (request: unknown, from: string) => Promise<unknown>,
    /** Another address this process answers at: its peer address, which a restarted process keeps. */
    alias: string | null = null,
    private readonly now: () => number = Date.now,
  ) {
    // connected just now, while the other processes were (a process does not start during an outage)
    this.upSince = now() - REDIS_SETTLE_MS;
    this.watchConnections();
    this.channel = this.channelOf(self);
    this.aliasChannel = alias === null ? null : this.channelOf(alias);
    this.listener = (channel, message) => {
      if (channel !== this.channel && channel !== this.aliasChannel) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(message);
      } catch {
        return;
      }
      if ("reply" in envelope) {
        this.pending.get(envelope.id)?.(envelope.reply);
        this.pending.delete(envelope.id);
        return;
      }
      const answered = handler(envelope.request, envelope.from);
      if (envelope.id < 0) return void answered.catch(() => undefined);
      void answered.then(
        (reply) => this.send(envelope.from, { id: envelope.id, from: this.self, reply: reply ?? null }),
        () => this.send(envelope.from, { id: envelope.id, from: this.self, reply: null }),
      );
    };
    sub.on("message", this.listener);
  }

  /** Tracks whether both connections are up, and since when. */
  private watchConnections(): void {
    const ready = new Set<Redis>([this.pub, this.sub]);
    for (const connection of [this.pub, this.sub]) {
      connection.on("ready", () => {
        ready.add(connection);
        if (ready.size < 2 || this.upSince !== null) return;
        this.upSince = this.now();
        for (const listener of this.recovered) listener();
      });
      connection.on("close", () => {
        ready.delete(connection);
        this.upSince = null;
      });
    }
  }

  /** Calls `listener` whenever both connections are up again after a break (messages may have been lost). */
  onRecovered(listener: () => void): void {
    this.recovered.push(listener);
  }

  /** Whether Redis has carried this process's messages without a break for the last `ms`. */
  steadyFor(ms: number): boolean {
    return this.upSince !== null && this.now() - this.upSince >= ms;
  }

  /** Resolves once this process listens on its channel. */
  async start(): Promise<void> {
    await this.sub.subscribe(this.channel, ...(this.aliasChannel === null ? [] : [this.aliasChannel]));
  }

  /** A request id unique across the cluster: this process's random prefix and a count. */
  static newId(): string {
    requestCount += 1;
    return `${REQUEST_PREFIX}${requestCount.toString(36)}`;
  }

  private channelOf(id: string): string {
    return rpcChannel(this.prefix, id);
  }

  private async send(to: string, envelope: Envelope): Promise<Sent> {
    const receivers = await this.pub
      .publish(this.channelOf(to), JSON.stringify(envelope))
      .catch(() => "unreachable" as const);
    // nobody listening is only news once every process had time to reconnect after an outage
    return receivers === 0 && !this.steadyFor(REDIS_SETTLE_MS) ? "unreachable" : receivers;
  }

  async call(to: string, request: unknown, timeoutMs: number): Promise<CallResult> {
    const id = this.nextId++;
    const answer = new Promise<CallResult>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ delivered: true, timedOut: true });
      }, timeoutMs);
      this.pending.set(id, (value) => {
        clearTimeout(timer);
        resolve({ delivered: true, value });
      });
    });
    const receivers = await this.send(to, { id, from: this.self, request });
    if (receivers === 0 || receivers === "unreachable") {
      this.pending.get(id)?.(undefined);
      this.pending.delete(id);
      return receivers === 0 ? { delivered: false } : { unreachable: true };
    }
    return answer;
  }

  /** Sends without waiting for an answer: delivered, nobody listens under that id, or not sent. */
  async tell(to: string, request: unknown): Promise<"delivered" | "nobody" | "unreachable"> {
    const receivers = await this.send(to, { id: -1, from: this.self, request });
    if (receivers === "unreachable") return receivers;
    return receivers > 0 ? "delivered" : "nobody";
  }

  close(): void {
    this.sub.off("message", this.listener);
    for (const resolve of this.pending.values()) resolve(undefined);
    this.pending.clear();
  }
}
