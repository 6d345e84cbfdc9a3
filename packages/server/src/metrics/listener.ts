import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface MetricsListenerOptions {
  port: number;
  /** Default 127.0.0.1: only this machine (a Prometheus beside it, or an SSH tunnel) can scrape. */
  host?: string;
  /** If set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
}

export interface MetricsSource {
  readonly contentType: string;
  text(): Promise<string>;
}

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a port of its own, apart from the public one: an operator's view of the process
 * (tables, sockets, latency, errors) is not for players. Anything else gets 404.
 */
export async function listenForScrapes(
  source: MetricsSource,
  options: MetricsListenerOptions,
): Promise<MetricsListener> {
  const expected = options.token ? digest(`Bearer ${options.token}`) : null;
  const server = createServer((request, response) => void answer(source, expected, request, response));
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(
  source: MetricsSource,
  expected: Buffer | null,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const path = (request.url ?? "").split("?")[0];
  if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD"))
    return plain(response, 404, "Not found: the metrics are at GET /metrics.\n");
  const given = request.headers.authorization;
  if (expected && (given === undefined || !timingSafeEqual(digest(given), expected))) {
    response.setHeader("www-authenticate", 'Bearer realm="metrics"');
    return plain(response, 401, "A bearer token is needed (METRICS_TOKEN).\n");
  }
  try {
    const text = await source.text();
    response.writeHead(200, { "content-type": source.contentType, "cache-control": "no-store" });
    response.end(request.method === "HEAD" ? undefined : text);
  } catch {
    plain(response, 500, "The metrics could not be collected.\n");
  }
}

function plain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  response.end(text);
}

/** Compared by their SHA-256, so the comparison takes the same time whatever the lengths. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
