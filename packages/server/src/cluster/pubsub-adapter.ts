import type { Redis } from "ioredis";
import type { Namespace } from "socket.io";

import {
  Adapter,
  type BroadcastOptions,
  ClusterAdapter,
  type ClusterMessage,
  type ClusterResponse,
  MessageType,
} from "socket.io-adapter";
import { admitPush } from "../view-order";

/**
 * socket.io's cluster adapter over plain Redis pub/sub: rooms and broadcasts span the processes, and
 * nothing is kept in Redis — a message (a player's private view included) exists there only while it is
 * delivered. (The streams adapter appends every broadcast to a stream that keeps the last 10,000.) All
 * messages of a process leave through one publishing connection and arrive through one subscribing
 * connection, so each process sees another's messages, and its replies (`Rpc`), in the order sent.
 */
export function pubSubAdapter(pub: Redis, sub: Redis, prefix: string) {
  // socket.io calls it with `new`: a function (not an arrow) that returns the adapter
  return function adapter(nsp: Namespace) {
    return new PubSubAdapter(nsp, pub, sub, prefix);
  };
}

/** Broadcast options as the cluster adapter sends them to the other processes. */
function encodeOptions(opts: BroadcastOptions) {
  return { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags ?? {} };
}

/** A socket.io packet as broadcast: an EVENT's `data` is [event, payload]. */
type BroadcastPacket = { data?: unknown[] } & Record<string, unknown>;

class PubSubAdapter extends ClusterAdapter {
  private readonly channel: string;
  private readonly own: string;
  private readonly listener: (channel: string, message: string) => void;

  constructor(
    nsp: Namespace,
    private readonly pub: Redis,
    private readonly sub: Redis,
    prefix: string,
  ) {
    super(nsp);
    this.channel = `${prefix}:sio:${nsp.name}`;
    this.own = `${this.channel}:${this.uid}`;
    this.listener = (channel, message) => {
      if (channel !== this.channel && channel !== this.own) return;
      let decoded: { response?: ClusterResponse; message?: ClusterMessage };
      try {
        decoded = JSON.parse(message);
      } catch {
        return;
      }
      if (decoded.response) this.onResponse(decoded.response);
      else if (decoded.message) {
        // its own broadcasts come back too: their sockets here were screened when it made them
        if (decoded.message.type === MessageType.BROADCAST && decoded.message.uid !== this.uid)
          this.screen(decoded.message);
        this.onMessage(decoded.message);
      }
    };
    sub.on("message", this.listener);
    void sub.subscribe(this.channel, this.own);
  }

  /**
   * A broadcast made here: this process's sockets get it at once, screened like any push to them, and the
   * others through Redis after. socket.io's cluster adapter waits for the publish before it tells its own
   * sockets, so a push made before a newer one could reach a socket here after it — one that joined the
   * table's rooms meanwhile (a reconnection), or one the table's owner took for another process's — past
   * the view-order guard, which had already let the newer one through.
   */
  override broadcast(packet: BroadcastPacket, opts: BroadcastOptions): Promise<void> {
    const except = new Set(opts.except);
    const [event, payload] = packet.data ?? [];
    this.keepInOrder(event, payload, opts.rooms, except);
    Adapter.prototype.broadcast.call(this, packet, { ...opts, except });
    if (opts.flags?.local) return Promise.resolve();
    const message = { type: MessageType.BROADCAST as const, data: { packet, opts: encodeOptions(opts) } };
    return this.publishAndReturnOffset(message).then(
      () => undefined,
      () => undefined, // Redis is away: the other processes' sockets miss it, as with socket.io's own
    );
  }

  /** Leaves another process's broadcast out of the sockets here that were already sent a newer view. */
  private screen(message: ClusterMessage): void {
    const data = (
      message as { data?: { packet?: BroadcastPacket; opts?: { rooms: string[]; except: string[] } } }
    ).data;
    const opts = data?.opts;
    if (!opts) return;
    const except = new Set(opts.except);
    const [event, payload] = data?.packet?.data ?? [];
    this.keepInOrder(event, payload, opts.rooms, except);
    opts.except = [...except];
  }

  /** Adds to `except` the sockets of `rooms` here that `admitPush` refuses the push. */
  private keepInOrder(event: unknown, payload: unknown, rooms: Iterable<string>, except: Set<string>): void {
    if (event !== "view" && event !== "events") return;
    const seen = new Set<string>();
    for (const room of rooms)
      for (const id of this.rooms.get(room) ?? []) {
        if (seen.has(id) || except.has(id)) continue;
        seen.add(id);
        const socket = this.nsp.sockets.get(id);
        if (socket && !admitPush(socket, event, payload)) except.add(id);
      }
  }

  protected override doPublish(message: ClusterMessage): Promise<string> {
    return this.pub.publish(this.channel, JSON.stringify({ message })).then(() => "");
  }

  protected override doPublishResponse(requesterUid: string, response: ClusterResponse): Promise<void> {
    return this.pub
      .publish(`${this.channel}:${requesterUid}`, JSON.stringify({ response }))
      .then(() => undefined);
  }

  override async serverCount(): Promise<number> {
    const counts = (await this.pub.call("PUBSUB", "NUMSUB", this.channel)) as [string, number];
    return Number(counts[1] ?? 1);
  }

  override close(): void {
    this.sub.off("message", this.listener);
    void this.sub.unsubscribe(this.channel, this.own).catch(() => undefined);
  }
}
