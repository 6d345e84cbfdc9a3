import type { IncomingMessage } from "node:http";
import { addressKey, clientAddress, type TrustFn } from "./client-address";
import { KeyedRateLimiter } from "./validate";

export interface AddressGuardOptions {
  /** Open realtime connections per client address; 0 = no cap. */
  maxConnections: number;
  /** Failed `hello`s (wrong token, unknown table) per address and minute, in a bucket of that size; 0 = no cap. */
  failedHellosPerMinute: number;
  /** Which proxies' X-Forwarded-For to believe — the same rule fastify uses for `request.ip`. */
  trust: TrustFn | false;
}

/** Per-address limits on the realtime channel: open connections, and failed attempts to attach. */
export class AddressGuards {
  private readonly open = new OpenCounts();
  /** Failed hellos per address, in a bucket of a minute's worth (the oldest addresses forgotten first). */
  private readonly failures: KeyedRateLimiter;

  constructor(
    private readonly options: AddressGuardOptions,
    now: () => number = Date.now,
  ) {
    const perMinute = options.failedHellosPerMinute;
    this.failures = new KeyedRateLimiter(perMinute / 60, perMinute, undefined, now);
  }

  /** The key the limits count under: the client's address (IPv6: its /64), as the HTTP limits see it. */
  addressOf(request: Pick<IncomingMessage, "headers" | "socket">): string {
    return addressKey(clientAddress(request, this.options.trust));
  }

  /** Counts a new connection from `address`; false (and nothing counted) if it has too many open. */
  admit(address: string): boolean {
    const max = this.options.maxConnections;
    if (max > 0 && this.open.of(address) >= max) return false;
    this.open.add(address);
    return true;
  }

  release(address: string): void {
    this.open.remove(address);
  }

  /** Whether `address` has used up its failed hellos for now. */
  helloBlocked(address: string): boolean {
    return this.options.failedHellosPerMinute > 0 && !this.failures.available(address);
  }

  helloFailed(address: string): void {
    if (this.options.failedHellosPerMinute > 0) this.failures.take(address);
  }
}

/** How many of something (connections, uploads in progress) each client address has open. */
export class OpenCounts {
  private readonly counts = new Map<string, number>();

  of(address: string): number {
    return this.counts.get(address) ?? 0;
  }

  add(address: string): void {
    this.counts.set(address, this.of(address) + 1);
  }

  remove(address: string): void {
    const left = this.of(address) - 1;
    if (left > 0) this.counts.set(address, left);
    else this.counts.delete(address);
  }
}
