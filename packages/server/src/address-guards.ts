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
  private readonly open = new Map<string, number>();
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
    const count = this.open.get(address) ?? 0;
    if (this.options.maxConnections > 0 && count >= this.options.maxConnections) return false;
    this.open.set(address, count + 1);
    return true;
  }

  release(address: string): void {
    const count = (this.open.get(address) ?? 1) - 1;
    if (count <= 0) this.open.delete(address);
    else this.open.set(address, count);
  }

  /** Whether `address` has used up its failed hellos for now. */
  helloBlocked(address: string): boolean {
    return this.options.failedHellosPerMinute > 0 && !this.failures.available(address);
  }

  helloFailed(address: string): void {
    if (this.options.failedHellosPerMinute > 0) this.failures.take(address);
  }
}
