import type { Redis } from "ioredis";
import type { Clock } from "../clock";
import { ConsistentHash } from "./chash";

/**
 * A process's beat lasts this many periods, a lease's time (it renews its leases in the same period):
 * a stall shorter than that moves no table; one that lets the beat lapse has let its leases lapse too.
 */
export const BEAT_TTL_PERIODS = 3;

/** The Rpc address that reaches whichever process is `peer` ("host:port") now. */
export const peerAddress = (peer: string) => `peer:${peer}`;
/** The peer an Rpc address names, or null for a process id. */
export const peerOf = (address: string) => (address.startsWith("peer:") ? address.slice(5) : null);

/** Which process the front routes a table's clients to, as far as this process can tell. */
export interface Routing {
  /** This process's own entry of CLUSTER_PEERS. */
  readonly self: string;
  /** The peer the front sends a table's requests to now (the first up on the hash ring). */
  routedTo(code: string): string | null;
  /** How long `peer` has been seen up without a break; 0 while it is down. */
  upFor(peer: string): number;
  /** A peer found gone (nobody listens at its address): down until it is seen again. */
  markGone(peer: string): void;
}

/**
 * The processes of a cluster as the front (nginx, `hash $arg_table consistent`) sees them: every one
 * of CLUSTER_PEERS on the same hash ring, and which are up. A process is up while it listens at its
 * peer address on Redis (each Rpc subscribes there) — the same signal the cluster already takes as a
 * process's death — and, once it has been heard beating, while it beats: each process refreshes a key
 * of its own every period, which expires after `BEAT_TTL_PERIODS` periods. A frozen process (stopped,
 * or stalled for seconds) still listens, its connections open, but no longer beats: once its beat has
 * been missing at two checks in a row it counts as down, so its tables are adopted once their leases
 * run out. Checked every period in one round trip. When the check itself fails (Redis away) nothing
 * changes: an outage of Redis is not the death of a process.
 */
export class Peers implements Routing {
  private readonly ring: ConsistentHash;
  private readonly upSince = new Map<string, number>();
  /** The peers heard beating at least once (a process of an earlier release does not beat). */
  private readonly beating = new Set<string>();
  /** The peers whose beat was missing at the last check. */
  private readonly missed = new Set<string>();
  /** Whether this process beats: once it serves (`beat`), not while it starts up. */
  private beats = false;
  private timer: unknown = null;
  private closed = false;

  constructor(
    private readonly options: {
      self: string;
      all: readonly string[];
      redis: Redis;
      /** The channel an Rpc address listens on. */
      channelOf: (address: string) => string;
      /** The key a peer's beat is kept under. */
      beatKeyOf: (peer: string) => string;
      clock: Clock;
      periodMs: number;
    },
  ) {
    if (!options.all.includes(options.self))
      throw new Error(`CLUSTER_PEER ${options.self} is not one of CLUSTER_PEERS (${options.all.join(",")})`);
    this.ring = new ConsistentHash(options.all);
    // until the first check, every peer counts as up: the front tries each of them too
    for (const peer of options.all) this.upSince.set(peer, options.clock.now());
  }

  get self(): string {
    return this.options.self;
  }

  /** Checks which peers are up now, then every period. */
  async start(): Promise<void> {
    await this.refresh();
    const loop = () => {
      this.timer = this.options.clock.setTimer(() => {
        void this.refresh().finally(() => {
          if (!this.closed) loop();
        });
      }, this.options.periodMs);
    };
    loop();
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) this.options.clock.clearTimer(this.timer);
  }

  routedTo(code: string): string | null {
    const up = new Set([...this.upSince.keys(), this.options.self]);
    return this.ring.pick(code, up);
  }

  /**
   * This process serves now: it beats from its next check on. Not before, since a process starting up
   * can be busy for seconds, and one heard beating that goes silent counts as down.
   */
  beat(): void {
    this.beats = true;
  }

  upFor(peer: string): number {
    if (peer === this.options.self) return Number.POSITIVE_INFINITY;
    const since = this.upSince.get(peer);
    return since === undefined ? 0 : this.options.clock.now() - since;
  }

  markGone(peer: string): void {
    if (peer !== this.options.self) this.upSince.delete(peer);
  }

  /**
   * Whether a peer heard beating before has missed its beat at this check and the one before: once is
   * not enough, since after a restart of Redis every beat is gone until its process's next check.
   */
  private silent(peer: string, beat: boolean): boolean {
    if (beat) {
      this.beating.add(peer);
      this.missed.delete(peer);
      return false;
    }
    if (!this.beating.has(peer)) return false;
    if (this.missed.has(peer)) return true;
    this.missed.add(peer);
    return false;
  }

  private async refresh(): Promise<void> {
    const { all: peers, redis, channelOf, beatKeyOf, periodMs, self } = this.options;
    let counts: unknown[];
    let beats: Array<string | null>;
    try {
      const pipeline = redis.pipeline();
      if (this.beats) pipeline.set(beatKeyOf(self), "1", "PX", periodMs * BEAT_TTL_PERIODS);
      const replies = await pipeline
        .call("PUBSUB", "NUMSUB", ...peers.map((p) => channelOf(peerAddress(p))))
        .mget(...peers.map(beatKeyOf))
        .exec();
      const failed = !replies || replies.some(([error]) => error !== null);
      if (failed) return;
      counts = replies.at(-2)?.[1] as unknown[];
      beats = replies.at(-1)?.[1] as Array<string | null>;
    } catch {
      return;
    }
    const now = this.options.clock.now();
    peers.forEach((peer, i) => {
      const listening = Number(counts[2 * i + 1] ?? 0) > 0;
      if (!listening) {
        // gone: the process started in its place is judged by its listener alone until it beats
        this.beating.delete(peer);
        this.missed.delete(peer);
      }
      if (!listening || this.silent(peer, beats[i] !== null)) this.markGone(peer);
      else if (!this.upSince.has(peer)) this.upSince.set(peer, now);
    });
  }
}
