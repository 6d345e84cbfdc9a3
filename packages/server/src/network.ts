import { type NetworkInterfaceInfo, networkInterfaces } from "node:os";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { NetworkResponse } from "./protocol";

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/** This machine's IPv4 addresses that other devices on its networks can reach (no loopback, no link-local). */
export function lanAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  const found = new Set<string>();
  for (const infos of Object.values(interfaces))
    for (const info of infos ?? [])
      if (info.family === "IPv4" && !info.internal && !info.address.startsWith("169.254."))
        found.add(info.address);
  return [...found];
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackAddress(ip: string): boolean {
  return ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");
}

/** The hostname part of a Host header ("localhost:8080" → "localhost", "[::1]:80" → "[::1]"). */
function hostnameOf(host: string | undefined): string {
  if (!host) return "";
  return host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : (host.split(":")[0] ?? "");
}

/**
 * Only a browser on this very machine, talking to it as localhost, learns the network addresses: that is
 * the host who opened http://localhost:8080 and needs a link their friends' phones can open. Anyone else
 * (and any server with a public URL) gets an empty list.
 */
export function mayLearnNetwork(
  request: Pick<FastifyRequest, "ip" | "headers">,
  publicUrl?: string,
): boolean {
  return (
    publicUrl === undefined &&
    !PROXY_HEADERS.some((name) => request.headers[name] !== undefined) &&
    isLoopbackAddress(request.ip) &&
    LOOPBACK_HOST.test(hostnameOf(request.headers.host))
  );
}

/**
 * A request that went through a proxy reaches us from loopback with whatever Host the proxy chose
 * (nginx sends the upstream's, e.g. 127.0.0.1:8080), so any sign of a proxy means "not the host's own
 * browser". A browser on this machine never sends these.
 */
const PROXY_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-real-ip",
  "via",
];

export interface NetworkRouteOptions {
  publicUrl?: string;
  /** The addresses to offer; this machine's by default. */
  addresses?: () => string[];
}

/** GET /api/network — origins on this machine's networks, for invite links that work on other devices. */
export function registerNetworkRoute(app: FastifyInstance, options: NetworkRouteOptions = {}): void {
  const addresses = options.addresses ?? (() => lanAddresses());
  app.get("/api/network", async (request, reply): Promise<NetworkResponse> => {
    reply.header("cache-control", "no-store");
    if (!mayLearnNetwork(request, options.publicUrl)) return { origins: [] };
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 80;
    const scheme = request.protocol === "https" ? "https" : "http";
    return { origins: addresses().map((ip) => `${scheme}://${ip}${port === 80 ? "" : `:${port}`}`) };
  });
}
