import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

export type CallResult =
  | { delivered: true; value: unknown }
  /** No process listens under that id: it is gone (its Redis connection closed). */
  | { delivered: false }
  | { delivered: true; timedOut: true };

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

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    readonly self: string,
    handler: (request: unknown, from: string) => Promise<unknown>,
    /** Another address this process answers at: its peer address, which a restarted process keeps. */
    alias: string | null = null,
  ) {
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

  /** Resolves once this process listens on its channel. */
  async start(): Promise<void> {
    await this.sub.subscribe(this.channel, ...(this.aliasChannel === null ? [] : [this.aliasChannel]));
  }

  static newId(): string {
    return randomBytes(6).toString("hex");
  }

  private channelOf(id: string): string {
    return rpcChannel(this.prefix, id);
  }

  private send(to: string, envelope: Envelope): Promise<number> {
    return this.pub.publish(this.channelOf(to), JSON.stringify(envelope)).catch(() => 0);
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
    if (receivers === 0) {
      this.pending.get(id)?.(undefined);
      this.pending.delete(id);
      return { delivered: false };
    }
    return answer;
  }

  /** Sends without waiting for an answer; false if nobody listens under that id. */
  async tell(to: string, request: unknown): Promise<boolean> {
    return (await this.send(to, { id: -1, from: this.self, request })) > 0;
  }

  close(): void {
    this.sub.off("message", this.listener);
    for (const resolve of this.pending.values()) resolve(undefined);
    this.pending.clear();
  }
}
