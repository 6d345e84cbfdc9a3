import type { Redis } from "ioredis";
import type { Namespace } from "socket.io";

import { ClusterAdapter, type ClusterMessage, type ClusterResponse } from "socket.io-adapter";

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
      else if (decoded.message) this.onMessage(decoded.message);
    };
    sub.on("message", this.listener);
    void sub.subscribe(this.channel, this.own);
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
