import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Addresses on the server's own network or otherwise not the public internet: a push endpoint that
 * resolves to any of them is refused, so a subscription cannot make the server call inside its network.
 */
const internal = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // this network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  internal.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64 of any IPv4 address
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // old site-local
  ["ff00::", 8], // multicast
] as const)
  internal.addSubnet(net, prefix, "ipv6");

/** Whether `address` (IPv4 or IPv6 text) is one the server must never call for a subscription. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // an IPv4-mapped IPv6 address (::ffff:7f00:1) is checked against the IPv4 ranges by BlockList itself
  return internal.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Resolves `host` (or takes it as an address) and says whether any of its addresses is internal. */
export async function resolvesInternally(
  host: string,
  resolve: (host: string) => Promise<string[]> = resolveAll,
): Promise<boolean> {
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  if (isIP(bare) !== 0) return isInternalAddress(bare);
  const addresses = await resolve(bare).catch(() => []);
  return addresses.length === 0 || addresses.some(isInternalAddress);
}

async function resolveAll(host: string): Promise<string[]> {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}
