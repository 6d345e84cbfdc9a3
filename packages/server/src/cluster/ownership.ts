import type { Logger } from "pino";
import type { Clock } from "../clock";
import { type Metrics, noMetrics } from "../metrics/metrics";
import type { ClusterStore, Lease } from "../store/cluster-store";
import { peerAddress, peerOf, type Routing } from "./peers";

/** Where a table's authority is: this process, or another one. */
export type Owner = { local: true } | { local: false; owner: string };

/** Which process owns which table. Embedded: always this one. */
export interface Ownership {
  readonly self: string;
  resolve(code: string): Promise<Owner>;
  /** True while this process holds the table's lease (a request for it can be served here). */
  holds(code: string): boolean;
  /** Forgets where a table was owned (its owner did not answer or said it is not the owner). */
  forget(code: string): void;
  /** Takes the lease from a process known to be gone. */
  takeOver(code: string, from: string): Promise<void>;
  close(): Promise<void>;
}

export const soleOwnership: Ownership = {
  self: "embedded",
  resolve: async () => ({ local: true }),
  holds: () => true,
  forget: () => {},
  takeOver: async () => {},
  close: async () => {},
};

export interface LeaseOptions {
  store: ClusterStore;
  self: string;
  clock: Clock;
  log: Logger;
  /** How long a lease lasts without renewal. */
  ttlMs: number;
  /** Renewal and adoption period. */
  periodMs: number;
  /** Whether this process still needs a table it owns (it is cached); others are released. */
  inUse(code: string): boolean;
  /** Drops this process's copy of a table (it lost the lease, or holds it under a new epoch). */
  evict(code: string): void;
  /** Loads a table this process adopted, so its timers and bots carry on. */
  adopt(code: string): Promise<void>;
  /** Told of hand-overs and adoptions; default `noMetrics`. */
  metrics?: Metrics;
  /**
   * Where the front routes each table (CLUSTER_PEERS): the process a table is routed to owns it while
   * it is up, and the others give it back. Without it, any process may hold any table.
   */
  routing?: Routing;
  /** Runs `fn` once the table's queued operations are done, before any later one (the table's queue). */
  drain?(code: string, fn: () => Promise<void>): Promise<void>;
  /** After this process gave a table back to `peer`: tell it, and send the table's clients there. */
  handedBack?(code: string, peer: string): void;
}

/** A table goes back to the process it is routed to once that one has been up this long (> nginx's fail_timeout). */
export const HAND_BACK_AFTER_MS = 3000;
/** Hand-backs per period at most, so that a process coming back gets its tables over a few seconds. */
const HAND_BACKS_PER_TICK = 25;

/**
 * Table leases in the database (`table_owners`): a process serves a table only while it holds the
 * lease, renews its leases every period, releases those it no longer needs, and adopts the tables of
 * dead processes once their leases expire. Every write of a table is fenced by the lease's epoch
 * (`ClusterStore.guard`), so a process that lost a lease without noticing cannot write.
 */
export class LeaseOwnership implements Ownership {
  readonly self: string;
  private readonly owned = new Map<string, { epoch: number; expiresAt: number; since: number }>();
  private readonly remote = new Map<string, { owner: string; until: number }>();
  private readonly resolving = new Map<string, Promise<Owner>>();
  /**
   * The releases of leases this process let go that are under way, and how many times it let leases go:
   * until a release is done, a read of the lease still names this process as its valid holder.
   */
  private readonly releasing = new Map<string, Promise<void>>();
  private lettings = 0;
  private timer: unknown = null;
  private closed = false;
  private adopting = false;
  private readonly metrics: Metrics;
  /**
   * Since when the lease renewals have been succeeding; null while they fail (the database is away).
   * Leases that expired during an outage expired for everyone: their owners get a lease's time to
   * renew them before this process takes any.
   */
  private storeUpSince = Number.NEGATIVE_INFINITY;
  private storeDown = false;

  constructor(private readonly options: LeaseOptions) {
    this.self = options.self;
    this.metrics = options.metrics ?? noMetrics;
    options.store.fenceOf = (code) => {
      const held = this.owned.get(code);
      return held ? { owner: this.self, epoch: held.epoch } : null;
    };
  }

  start(): void {
    const loop = () => {
      this.timer = this.options.clock.setTimer(() => {
        void this.tick().finally(() => {
          if (!this.closed) loop();
        });
      }, this.options.periodMs);
    };
    loop();
  }

  holds(code: string): boolean {
    const held = this.owned.get(code);
    return held !== undefined && held.expiresAt > this.options.clock.now();
  }

  forget(code: string): void {
    this.remote.delete(code);
  }

  resolve(code: string): Promise<Owner> {
    const now = this.options.clock.now();
    const held = this.owned.get(code);
    // A lease about to expire is still served here: every write is fenced by its epoch, so one made
    // after another process took the table over is refused, not applied twice.
    if (held && held.expiresAt > now) return Promise.resolve({ local: true });
    const cached = this.remote.get(code);
    if (cached && cached.until > now) return Promise.resolve({ local: false, owner: cached.owner });
    let pending = this.resolving.get(code);
    if (!pending) {
      pending = this.lookUp(code, now).finally(() => this.resolving.delete(code));
      this.resolving.set(code, pending);
    }
    return pending;
  }

  /**
   * Takes a free lease — unless the table is routed to another process that is up: then its holder,
   * or, while it is free, the routed process (by its peer address), which takes it when asked.
   */
  private async lookUp(code: string, asked: number): Promise<Owner> {
    for (let now = asked; ; now = this.options.clock.now()) {
      const lettings = this.lettings;
      const found = await this.readOwner(code, now);
      // A lease this process let go meanwhile (given back, released) may have been read as it was before
      // its release: taken up again from that read, this process would serve its old copy of the table
      // while the next owner plays on. The release is waited for, and the lease read again.
      const release = this.releasing.get(code);
      if (!release && lettings === this.lettings) return found();
      await release;
    }
  }

  /** What the database says of a table's lease, to be applied (`apply`) once known to be current. */
  private async readOwner(code: string, now: number): Promise<() => Owner> {
    const { store, routing, ttlMs } = this.options;
    // just after an outage a lease counts as held until it has been expired for a lease's time more
    const grace = this.recovering(now) ? ttlMs : 0;
    const routed = routing?.routedTo(code) ?? null;
    if (routing && routed !== null && routed !== routing.self) {
      const lease = await store.current(code);
      if (lease && lease.expiresAt >= now - grace) return () => this.apply(code, lease);
      const owner = peerAddress(routed);
      return () => {
        this.remote.set(code, { owner, until: now + 500 });
        return { local: false, owner };
      };
    }
    const lease = await store.acquire(code, this.self, now - grace, ttlMs + grace);
    return () => this.apply(code, lease);
  }

  /**
   * Stops serving tables this process holds and lets their leases go: their copies are dropped now, the
   * leases expire once the release is done (`lookUp` waits for it).
   */
  private letGo(codes: string[]): Promise<void> {
    if (codes.length === 0) return Promise.resolve();
    this.lettings++;
    for (const code of codes) {
      this.owned.delete(code);
      this.options.evict(code);
    }
    const release = this.options.store.release(this.self, codes);
    const settled = release.catch(() => undefined);
    for (const code of codes) this.releasing.set(code, settled);
    void settled.then(() => {
      for (const code of codes) if (this.releasing.get(code) === settled) this.releasing.delete(code);
    });
    return release;
  }

  async takeOver(code: string, from: string): Promise<void> {
    const peer = peerOf(from);
    if (peer !== null) {
      // nobody listens at that peer's address: it is down; the table's next routed process takes it
      this.options.routing?.markGone(peer);
      this.remote.delete(code);
      return;
    }
    const now = this.options.clock.now();
    const lease = await this.options.store.takeOver(code, this.self, from, now, this.options.ttlMs);
    this.remote.delete(code);
    if (this.apply(code, lease).local && lease?.owner === this.self) this.metrics.handOver("taken_over");
  }

  /** Whether the database came back from an outage less than a lease's time ago (or is still away). */
  private recovering(now: number): boolean {
    return this.storeDown || now - this.storeUpSince < this.options.ttlMs;
  }

  /** Records what the database said about a table's lease. */
  private apply(code: string, lease: Lease | null): Owner {
    const now = this.options.clock.now();
    if (lease === null) return { local: true }; // no such table: the local service says so
    if (lease.owner === this.self) {
      const before = this.owned.get(code);
      if (before && before.epoch !== lease.epoch) this.options.evict(code);
      if (!before || before.epoch !== lease.epoch)
        this.options.log.info({ table: code, epoch: lease.epoch }, "table owned");
      this.owned.set(code, { epoch: lease.epoch, expiresAt: lease.expiresAt, since: before?.since ?? now });
      this.remote.delete(code);
      return { local: true };
    }
    if (this.owned.delete(code)) {
      this.metrics.handOver("lost");
      this.options.evict(code);
    }
    this.remote.set(code, { owner: lease.owner, until: Math.min(now + 2000, lease.expiresAt) });
    return { local: false, owner: lease.owner };
  }

  /** Renews the leases still in use, releases the others, adopts orphaned tables. */
  private async tick(): Promise<void> {
    const { store, clock, ttlMs, log } = this.options;
    try {
      const now = clock.now();
      const keep: string[] = [];
      const drop: string[] = [];
      for (const [code, held] of this.owned)
        (this.options.inUse(code) || now - held.since < 10_000 ? keep : drop).push(code);
      await this.letGo(drop);
      const renewed = new Map((await store.renew(this.self, keep, now, ttlMs)).map((l) => [l.code, l]));
      for (const code of keep) {
        const lease = renewed.get(code);
        const held = this.owned.get(code);
        if (!held) continue;
        if (!lease || lease.epoch !== held.epoch) {
          log.warn({ table: code }, "lost a table's lease");
          this.metrics.handOver("lost");
          this.owned.delete(code);
          this.options.evict(code);
        } else held.expiresAt = lease.expiresAt;
      }
      if (this.storeDown) {
        this.storeDown = false;
        this.storeUpSince = now;
      }
    } catch (error) {
      this.storeDown = true;
      log.error({ err: error }, "lease renewal failed");
    }
    // Adopting takes a while (each table is loaded and replayed): it must not delay the renewals.
    if (!this.adopting && !this.recovering(clock.now())) {
      this.adopting = true;
      void this.adoptOrphans()
        .then(() => this.handBackDue())
        .finally(() => {
          this.adopting = false;
        });
    }
  }

  /**
   * Adopts tables whose owner is gone. A lease of this process that expired because its renewal came
   * late (a busy event loop) is not adopted again under a new epoch: the next renewal extends it, if no
   * other process took the table meanwhile.
   */
  private async adoptOrphans(): Promise<void> {
    const { store, clock, ttlMs, log } = this.options;
    try {
      for (const code of await store.orphaned(clock.now(), 50)) {
        if (this.closed) return;
        if (this.owned.has(code) || !this.routedHere(code)) continue;
        const started = performance.now();
        const owner = this.apply(code, await store.acquire(code, this.self, clock.now(), ttlMs));
        if (!owner.local) continue;
        await this.options.adopt(code);
        this.metrics.handOver("adopted");
        this.metrics.adopted(performance.now() - started);
      }
    } catch (error) {
      log.error({ err: error }, "adopting tables failed");
    }
  }

  private async handBackDue(): Promise<void> {
    for (const { code, peer } of this.toHandBack()) {
      if (this.closed) return;
      await this.handBack(code, peer).catch((error) =>
        this.options.log.error({ err: error, table: code }, "handing a table back failed"),
      );
    }
  }

  /** Whether the front routes the table here (always, without routing). */
  private routedHere(code: string): boolean {
    const routing = this.options.routing;
    if (!routing) return true;
    const routed = routing.routedTo(code);
    return routed === null || routed === routing.self;
  }

  /** The tables this process holds that are routed to another process, up for long enough to take them. */
  private toHandBack(): Array<{ code: string; peer: string }> {
    const routing = this.options.routing;
    if (!routing || !this.options.drain) return [];
    const due: Array<{ code: string; peer: string }> = [];
    for (const code of this.owned.keys()) {
      const peer = routing.routedTo(code);
      if (peer !== null && peer !== routing.self && routing.upFor(peer) >= HAND_BACK_AFTER_MS)
        due.push({ code, peer });
      if (due.length >= HAND_BACKS_PER_TICK) break;
    }
    return due;
  }

  /**
   * Gives a table back to the process it is routed to, gracefully: once the table's queued operations
   * are done (each accepted action is stored before it is told), this process stops serving it (a
   * request arriving later is refused as a conflict and retried at the new owner), drops its copy
   * (its timers stop) and lets the lease expire now; then the routed process is told to take it.
   */
  private async handBack(code: string, peer: string): Promise<void> {
    const { drain, log } = this.options;
    if (!drain || !this.owned.has(code)) return;
    await drain(code, () => this.letGo([code]));
    this.metrics.handOver("handed_back");
    log.info({ table: code, to: peer }, "table handed back to the process it is routed to");
    this.options.handedBack?.(code, peer);
  }

  /** Stops renewing and hands every table back at once, so other processes adopt them now. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) this.options.clock.clearTimer(this.timer);
    const codes = [...this.owned.keys()];
    this.owned.clear();
    await this.options.store.release(this.self, codes).catch(() => undefined);
  }
}
