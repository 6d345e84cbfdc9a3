import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DreamsAction } from "@firmament/dreams";
import { mulberry32, testSeed } from "@firmament/game-kit/testing";
import pino from "pino";
import { io, type Socket } from "socket.io-client";
import { type ServerOptions, startServer } from "../src/app";
import { fallbackBot } from "../src/games/dreams-bot";
import type {
  CreateTableBody,
  CreateTableResponse,
  JoinTableResponse,
  TableInfo,
  ViewPush,
} from "../src/protocol";
import { freshDatabase } from "./cluster-helpers";
import type { PushOf } from "./game-pushes";
import { until } from "./until";

export interface Frame {
  event: string;
  payload: unknown;
  /** The JSON text of the payload, as it would be searched. */
  json: string;
  /** Which of the client's connections it came on (1 for the first, counting reconnections). */
  connection?: number;
}

export interface TestServer {
  server: Awaited<ReturnType<typeof startServer>>;
  dataDir: string;
  /** The server's PostgreSQL database (`FIRMAMENT_TEST_STORE=postgres`), or null on SQLite. */
  postgres: { url: string; drop(): Promise<void> } | null;
  /** Closes the server and removes its data. */
  close(): Promise<void>;
}

/**
 * A server on a free port with a fresh store: SQLite in a temporary directory, or with
 * `FIRMAMENT_TEST_STORE=postgres` a fresh database on the machine's PostgreSQL (dropped on close).
 * `sameDataAs`: a restart — the new server uses the data of that (closed) server, whichever store.
 */
export async function startTestServer(
  options: Partial<ServerOptions> & { sameDataAs?: TestServer } = {},
): Promise<TestServer> {
  const { sameDataAs, ...serverOptions } = options;
  const dataDir =
    sameDataAs?.dataDir ?? serverOptions.dataDir ?? mkdtempSync(join(tmpdir(), "firmament-test-"));
  const postgres = sameDataAs
    ? sameDataAs.postgres
    : process.env.FIRMAMENT_TEST_STORE === "postgres" && !serverOptions.store && !serverOptions.databaseUrl
      ? await freshDatabase()
      : null;
  const server = await startServer({
    ...(postgres && { databaseUrl: postgres.url }),
    port: 0,
    host: "127.0.0.1",
    log: pino({ level: "silent" }),
    botDelayMs: 0,
    postsPerSecond: 0,
    webDist: join(dataDir, "no-web"),
    ...serverOptions,
    dataDir,
  });
  return {
    server,
    dataDir,
    postgres,
    async close() {
      await server.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test server dealing each new table from the next seed of `seed`'s sequence: the same games every run. */
export function startSeededServer(seed: number, options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const random = mulberry32(seed);
  return startTestServer({ seedSource: () => testSeed(random), ...options });
}

export async function http<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T; text: string }> {
  const response = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed as T, text };
}

export const defaultTable: CreateTableBody = {
  game: "dreams",
  seats: 4,
  visibility: "private",
  timer: "off",
  deck: "standard",
};

/** Creates a table: `defaultTable` (Dreams) with `body`'s fields over it. */
export async function createTable(base: string, body: Record<string, unknown> = {}) {
  const res = await http<CreateTableResponse>(base, "POST", "/api/tables", { ...defaultTable, ...body });
  if (res.status !== 201) throw new Error(`create failed: ${res.text}`);
  return res.body;
}

const COLOURS = ["red", "blue", "green", "yellow", "purple", "white"] as const;

export async function joinTable(base: string, code: string, index: number, hostToken?: string) {
  const res = await http<JoinTableResponse>(base, "POST", `/api/tables/${code}/join`, {
    name: `P${index}`,
    colour: COLOURS[index],
    ...(hostToken && { hostToken }),
  });
  if (res.status !== 201) throw new Error(`join failed: ${res.text}`);
  return res.body;
}

/** A real socket.io client that records every frame it receives and re-sends `hello` on every connect. */
export class TestClient {
  readonly socket: Socket;
  readonly frames: Frame[] = [];
  /** How many times this client has connected. */
  private connections = 0;
  /** The last view pushed (typed as Dreams', the game most tests play; cast for Dreamers). */
  view: PushOf<"dreams"> | null = null;
  table: TableInfo | null = null;
  hello: { code: string; token?: string; hostToken?: string } | null = null;
  /** Connections, disconnections, hellos and views with their times, to explain a slow reconnection. */
  readonly timeline: Array<{ at: number; what: string }> = [];
  private waiters: Array<() => void> = [];
  /** Called after each `hello` this client sends again on a new connection is answered. */
  private readonly rehellos: Array<() => void> = [];

  private readonly reconnecting: boolean;

  constructor(url: string, options: { reconnection?: boolean } = {}) {
    this.reconnecting = options.reconnection ?? false;
    this.socket = io(url, {
      transports: ["websocket"],
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      forceNew: true,
    });
    this.socket.onAny((event: string, payload: unknown) => {
      this.record(event, payload);
      if (event === "view") this.mark(`view v${(payload as ViewPush).version}`);
      if (event === "view") this.view = payload as PushOf<"dreams">;
      if (event === "table") this.table = payload as TableInfo;
      this.notify();
    });
    this.socket.on("connect", () => {
      this.connections++;
      this.mark(`connect ${this.socket.id}`);
      // a hello cut short by another disconnection is sent again on the next connect
      if (this.hello)
        this.emit<{ ok: boolean }>("hello", this.hello).then(
          (ack) => {
            this.mark(`hello ${ack.ok ? "ok" : JSON.stringify(ack)}`);
            for (const listener of this.rehellos) listener();
          },
          (error: unknown) => {
            this.mark(`hello unanswered: ${error}`);
            // as the web client does: a hello left unanswered is tried again on a new connection
            if (this.reconnecting && this.socket.connected) this.socket.disconnect().connect();
          },
        );
    });
    this.socket.on("disconnect", (reason) => this.mark(`disconnect (${reason})`));
    this.socket.on("connect_error", (error) => this.mark(`connect error (${error.message})`));
  }

  mark(what: string) {
    this.timeline.push({ at: Date.now(), what });
  }

  private record(event: string, payload: unknown) {
    this.frames.push({ event, payload, json: JSON.stringify(payload) ?? "", connection: this.connections });
  }

  private notify() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once("connect", () => resolve());
      this.socket.once("connect_error", reject);
    });
  }

  /** Emits with an ack and records the ack as a frame named `ack:<event>`. */
  async emit<T = { ok: boolean; error?: { code: string; message: string } }>(
    event: string,
    ...payload: unknown[]
  ): Promise<T> {
    const res = (await this.socket.timeout(10_000).emitWithAck(event, ...payload)) as T;
    this.record(`ack:${event}`, res);
    this.notify();
    return res;
  }

  async attach(code: string, token?: string, hostToken?: string) {
    this.hello = { code, ...(token && { token }), ...(hostToken && { hostToken }) };
    await this.connected();
    const ack = await this.emit<{ ok: boolean; seat: number | null; error?: { code: string } }>(
      "hello",
      this.hello,
    );
    if (!ack.ok) throw new Error(`hello failed: ${JSON.stringify(ack)}`);
    return ack;
  }

  /** Calls `listener` each time a `hello` sent again on a new connection is answered. */
  onRehello(listener: () => void) {
    this.rehellos.push(listener);
  }

  /**
   * Resolves once every push the server sent this client before it read this call's message has
   * arrived: one connection keeps its order, and the answer (a refusal of an unknown message, which
   * changes nothing) comes after them.
   */
  async flush(): Promise<void> {
    const answer = await this.emit("flush", {});
    if (answer.ok) throw new Error(`flush answered ${JSON.stringify(answer)}`);
    // the answer is not a frame of the test's
    const index = this.frames.findLastIndex((f) => f.event === "ack:flush");
    if (index >= 0) this.frames.splice(index, 1);
  }

  waitFor(predicate: () => boolean, timeoutMs = 20_000, what = "condition"): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
      const check = () => {
        if (predicate()) {
          clearTimeout(timer);
          resolve();
        } else this.waiters.push(check);
      };
      this.waiters.push(check);
    });
  }

  close() {
    this.hello = null;
    this.socket.close();
  }
}

/**
 * Plays a seat automatically from its own view (never the state): whenever a view arrives in which
 * this seat is awaited, a legal action from `makeBot` (Dreams' fallback bot unless given) is sent after
 * `delayMs`.
 */
export function autoplay(
  client: TestClient,
  seed: string,
  delayMs = 0,
  makeBot: (seed: string) => { decide(view: never): unknown } = fallbackBot,
) {
  const bot = makeBot(seed);
  let pending = false;
  let stopped = false;
  const acks: Array<{ version: number; game: number; action: DreamsAction }> = [];
  const act = async () => {
    pending = false;
    if (stopped || !client.socket.connected) return;
    const push = client.view as PushOf<"dreams"> | null;
    if (!push || push.view.me === null) return;
    if (!push.view.awaiting.includes(push.view.me.seat)) return;
    const action = bot.decide(push.view as never) as DreamsAction | null;
    if (!action) return;
    try {
      const res = await client.emit<{ ok: boolean; version?: number }>("action", {
        action,
        round: push.view.round,
        game: push.game,
      });
      if (res.ok && res.version !== undefined) acks.push({ version: res.version, game: push.game, action });
    } catch {
      // A lost ack (server killed) is fine: the next view tells where things stand.
    }
    schedule();
  };
  const schedule = () => {
    if (pending || stopped) return;
    pending = true;
    // Real time: the seat stands for a person thinking on another machine, not for the server's clock.
    setTimeout(() => void act(), delayMs);
  };
  client.socket.on("view", schedule);
  // back on a new connection: its hello is answered (an up-to-date view is not sent again)
  client.onRehello(schedule);
  schedule();
  return {
    acks,
    stop() {
      stopped = true;
    },
  };
}

/** Creates a table, seats `humans` clients (and `bots` bots), starts it; the first client is the host. */
export async function seatTable(
  base: string,
  humans: number,
  options: { bots?: number; table?: Record<string, unknown>; reconnection?: boolean } = {},
) {
  const bots = options.bots ?? 0;
  const created = await createTable(base, { seats: humans + bots, ...options.table });
  const clients: TestClient[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < humans; i++) {
    const joined = await joinTable(base, created.code, i, i === 0 ? created.hostToken : undefined);
    tokens.push(joined.token);
    const client = new TestClient(base, { reconnection: options.reconnection ?? false });
    await client.attach(created.code, joined.token, i === 0 ? created.hostToken : undefined);
    clients.push(client);
  }
  const host = clients[0] as TestClient;
  for (let b = 0; b < bots; b++) {
    const res = await host.emit("add_bot", { seat: humans + b });
    if (!res.ok) throw new Error(`add_bot failed: ${JSON.stringify(res)}`);
  }
  return { code: created.code, hostToken: created.hostToken, clients, tokens, host };
}

/** Waits until `condition` holds, checked again on each turn of the event loop, at most `timeoutMs`. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  await until(what, condition, timeoutMs, 0);
}
