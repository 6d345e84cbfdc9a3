import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import proxyAddr from "@fastify/proxy-addr";

/**
 * Which reverse proxies are trusted to say who the client is (X-Forwarded-For): none, the nearest `n`
 * hops, or the proxies at these addresses/CIDRs. The client is then the rightmost address in the chain
 * not added by a trusted proxy — never the leftmost, which the client writes itself.
 */
export type TrustProxy = false | number | string[];

/** `TRUST_PROXY`: unset/`0`/`false` → none; `true` or a number n → the nearest n hops; else a comma list of addresses. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? "";
  if (v === "" || v === "0" || v === "false") return false;
  if (v === "true") return 1;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export type TrustFn = (address: string, hop: number) => boolean;

/** The rule as a function, for fastify's `trustProxy` and for `clientAddress` (so both agree). */
export function trustFunction(trust: TrustProxy): TrustFn | false {
  if (trust === false || trust === 0) return false;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  if (trust.length === 0) return false;
  return proxyAddr.compile(trust);
}

/** The client's address under `trust` (the socket's peer when no proxy is trusted). */
export function clientAddress(
  request: Pick<IncomingMessage, "headers" | "socket">,
  trust: TrustFn | false,
): string {
  if (!trust) return request.socket.remoteAddress ?? "unknown";
  const all = proxyAddr.all(request as IncomingMessage, trust);
  return all[all.length - 1] ?? request.socket.remoteAddress ?? "unknown";
}

/**
 * The key per-address limits count under: the IPv4 address, or an IPv6 address's /64 (one subscriber
 * usually gets a whole /64, so keying on the full address would let them take 2^64 identities).
 */
export function addressKey(address: string): string {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return mapped[1] as string;
  if (isIP(address) !== 6) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  const right = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}
