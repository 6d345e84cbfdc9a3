import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import { ConsistentHash } from "./chash";

export interface Backend {
  host: string;
  port: number;
}

export interface BalancerOptions {
  port: number;
  host?: string;
  backends: Backend[];
  /** How often each backend is probed with a TCP connect. */
  probeMs?: number;
  /**
   * How long a backend has to connect and answer a WebSocket upgrade before the client's connection is
   * closed, so that the client tries again at once rather than after its own timeout (socket.io's is 20 s).
   */
  upgradeAnswerMs?: number;
  /** Told of each upgrade a backend left unanswered (for logs and tests). */
  onUnanswered?: (backend: Backend, url: string) => void;
}

const UPGRADE_ANSWER_MS = 2000;

const TABLE_IN_PATH = /^\/(?:t|api\/tables)\/([A-Za-z0-9]{6})(?:[/?]|$)/;

/** The table a request is about: `?table=CODE` (the realtime connection) or `/t/CODE`, `/api/tables/CODE/…`. */
export function tableOf(url: string): string | null {
  const query = url.indexOf("?");
  if (query >= 0) {
    const table = new URLSearchParams(url.slice(query + 1)).get("table");
    if (table && /^[A-Za-z0-9]{6}$/.test(table)) return table.toUpperCase();
  }
  return TABLE_IN_PATH.exec(url)?.[1]?.toUpperCase() ?? null;
}

/** A running balancer. */
export interface RunningBalancer {
  server: Server;
  /** The backends the last probes found up. */
  alive(): Backend[];
  close(): Promise<void>;
}

/**
 * The fallback front of `npm run start:cluster` when nginx is not installed (development only: the
 * front of a deployment is nginx with deploy/nginx/firmament.conf). A small HTTP and WebSocket
 * balancer in front of the processes of a cluster on one machine. Requests about a table go to the
 * backend nginx would pick (the same consistent hash over the backends that are up), so a table's
 * connections meet its owner and a dead backend only moves its own tables; others go round-robin. Correctness never depends on where a request lands: any process routes it to
 * the table's owner. Backends are probed by TCP connect and skipped while down.
 */
export function startBalancer(options: BalancerOptions): Promise<RunningBalancer> {
  const backends = new BackendSet(options.backends);
  const prober = setInterval(() => backends.probe(), options.probeMs ?? 500);
  const server = createServer((req, res) => proxyRequest(backends, req, res));
  const tunnels = new Set<Socket>();
  server.on("upgrade", (req: IncomingMessage, client: Socket, head: Buffer) => {
    tunnels.add(client);
    client.once("close", () => tunnels.delete(client));
    tunnelUpgrade(backends, options, req, client, head);
  });
  const close = () =>
    new Promise<void>((done) => {
      clearInterval(prober);
      server.close(() => done());
      server.closeAllConnections();
      for (const t of tunnels) t.destroy();
    });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () =>
      resolve({ server, alive: () => backends.alive(), close }),
    );
  });
}

/** A backend as CLUSTER_PEERS and nginx's `server` lines name it. */
const nameOf = (b: Backend) => `${b.host}:${b.port}`;

/** The backends, which of them are up, and which one a request goes to. */
class BackendSet {
  private readonly up: Map<Backend, boolean>;
  private next = 0;

  private readonly ring: ConsistentHash;

  constructor(private readonly all: Backend[]) {
    this.up = new Map(all.map((b) => [b, true]));
    this.ring = new ConsistentHash(all.map(nameOf));
  }

  alive(): Backend[] {
    return this.all.filter((b) => this.up.get(b));
  }

  markDown(backend: Backend): void {
    this.up.set(backend, false);
  }

  /** The table's backend as nginx would pick it (`ConsistentHash`), or the next one round-robin; null when none is up. */
  pick(url: string): Backend | null {
    const candidates = this.alive();
    if (candidates.length === 0) return null;
    const table = tableOf(url);
    if (table === null) return candidates[this.next++ % candidates.length] ?? null;
    const name = this.ring.pick(table, new Set(candidates.map(nameOf)));
    return candidates.find((b) => nameOf(b) === name) ?? candidates[0] ?? null;
  }

  /** Connects to every backend once; those that answer are up, the others down. */
  probe(): void {
    for (const b of this.all) {
      const s = connect(b.port, b.host);
      s.setTimeout(1000);
      s.once("connect", () => {
        this.up.set(b, true);
        s.destroy();
      });
      s.once("error", () => this.up.set(b, false));
      s.once("timeout", () => {
        this.up.set(b, false);
        s.destroy();
      });
    }
  }
}

function forwardedFor(req: IncomingMessage): string {
  const prior = req.headers["x-forwarded-for"];
  const address = req.socket.remoteAddress ?? "";
  return prior ? `${prior}, ${address}` : address;
}

function unavailable(res: ServerResponse, status: number, message: string): void {
  if (!res.headersSent) res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: { code: "server/unavailable", message } }));
}

/** Passes a plain HTTP request to a backend and its answer back. */
function proxyRequest(backends: BackendSet, req: IncomingMessage, res: ServerResponse): void {
  const backend = backends.pick(req.url ?? "/");
  if (!backend) {
    unavailable(res, 503, "No server is up; try again.");
    return;
  }
  const upstream = request(
    {
      host: backend.host,
      port: backend.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, "x-forwarded-for": forwardedFor(req) },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "ECONNREFUSED") backends.markDown(backend);
    unavailable(res, 502, "The server went away; try again.");
  });
  req.pipe(upstream);
}

/** Joins a WebSocket upgrade to a backend's socket, byte for byte, once the backend has connected. */
function tunnelUpgrade(
  backends: BackendSet,
  options: BalancerOptions,
  req: IncomingMessage,
  client: Socket,
  head: Buffer,
): void {
  const backend = backends.pick(req.url ?? "/");
  if (!backend) return void client.destroy();
  const unanswered = setTimeout(() => {
    options.onUnanswered?.(backend, req.url ?? "/");
    upstream.destroy();
    client.destroy();
  }, options.upgradeAnswerMs ?? UPGRADE_ANSWER_MS);
  const upstream = connect(backend.port, backend.host, () => {
    const headers = { ...req.headers, "x-forwarded-for": forwardedFor(req) };
    let text = `${req.method} ${req.url} HTTP/1.1\r\n`;
    for (const [name, value] of Object.entries(headers))
      for (const v of Array.isArray(value) ? value : [value])
        if (v !== undefined) text += `${name}: ${v}\r\n`;
    upstream.write(`${text}\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
    upstream.once("data", () => clearTimeout(unanswered));
  });
  upstream.setNoDelay(true);
  client.setNoDelay(true);
  upstream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "ECONNREFUSED") backends.markDown(backend);
    client.destroy();
  });
  upstream.on("close", () => {
    clearTimeout(unanswered);
    client.destroy();
  });
  client.on("error", () => upstream.destroy());
  client.on("close", () => upstream.destroy());
}
