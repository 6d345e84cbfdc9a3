import type { Socket as NetSocket } from "node:net";
import type { Logger } from "pino";
import type { Server, Socket } from "socket.io";
import type { z } from "zod";
import type { AddressGuards } from "./address-guards";
import { isViewRoom, rooms } from "./bus";
import type { Clock } from "./clock";
import { encodeAcks } from "./frames";
import { inbound, LIMITS, type ProtocolError } from "./protocol";
import type { Conn, TableApi } from "./service";
import { holdsBinary, parseWith, RateLimiter } from "./validate";
import { admitPush, orderPushesFor } from "./view-order";

type Reply = (response: unknown) => void;

/**
 * Corks the connection's TCP socket (WebSocket transport only) until the returned function is called,
 * or at the latest until the event loop's next turn, so writes made meanwhile leave in one syscall.
 */
function corkTcp(socket: Socket): () => void {
  const conn = socket.conn as unknown as { transport?: { name?: string; socket?: { _socket?: NetSocket } } };
  const tcp = conn.transport?.name === "websocket" ? conn.transport.socket?._socket : undefined;
  if (!tcp || typeof tcp.cork !== "function") return () => {};
  tcp.cork();
  let corked = true;
  const release = () => {
    if (!corked) return;
    corked = false;
    clearImmediate(safety);
    tcp.uncork();
  };
  const safety = setImmediate(release);
  return release;
}

/** `hello` errors that count against the address's budget of failed attempts. */
const FAILED_HELLO = new Set(["auth/bad_token", "auth/bad_host_token", "table/unknown"]);

/**
 * Wires socket.io connections to the table service: per-address connection cap, then per message a
 * size check, rate limit, zod, then the service.
 */
export function attachRealtime(
  io: Server,
  service: TableApi,
  log: Logger,
  guards: AddressGuards,
  clock: Clock,
  pages: PageVisibility = ignoredVisibility,
): void {
  io.use((socket, next) => {
    const address = guards.addressOf(socket.request);
    if (!guards.admit(address)) {
      const error = new Error("rate/too_many_connections") as Error & { data?: ProtocolError };
      error.data = {
        code: "rate/too_many_connections",
        message: "Too many open connections from your address; close some tabs and try again.",
      };
      return next(error);
    }
    socket.data.address = address;
    socket.conn.once("close", () => guards.release(address));
    next();
  });
  io.on("connection", (socket: Socket) => serveConnection(socket, { service, log, guards, clock, pages }));
}

/** Where a seated connection's page visibility goes (the calls when it is your move heed it). */
export interface PageVisibility {
  report(conn: string, code: string, seat: number, visible: boolean, now: number): void;
  drop(conn: string, now: number): void;
}

const ignoredVisibility: PageVisibility = { report() {}, drop() {} };

interface Serving {
  service: TableApi;
  log: Logger;
  guards: AddressGuards;
  clock: Clock;
  pages: PageVisibility;
}

type Inbound = keyof typeof inbound;

/** One socket as a `Conn`: its messages checked, then handled one at a time in arrival order. */
function serveConnection(socket: Socket, serving: Serving): void {
  const { service, log, clock } = serving;
  encodeAcks(socket);
  const conn: Conn = {
    id: socket.id,
    code: null,
    seat: null,
    host: false,
    fold: false,
    // A folding connection gets its views as events: it sits in the folding twin of a view room.
    join: (room) => void socket.join(conn.fold && isViewRoom(room) ? rooms.folding(room) : room),
    leave: (room) => {
      socket.leave(room);
      if (isViewRoom(room)) socket.leave(rooms.folding(room));
    },
    emit: (event, payload) => {
      if (admitPush(socket, event, payload)) socket.emit(event, payload);
    },
    reroute: (code) => {
      if (String(socket.handshake.query.table ?? "").toUpperCase() !== code) return false;
      socket.conn.close();
      return true;
    },
  };
  const limiter = new RateLimiter(LIMITS.rate.perSecond, LIMITS.rate.burst, () => clock.now());
  let chain: Promise<unknown> = Promise.resolve();

  socket.onAny((event: string, ...args: unknown[]) => {
    const last = args.at(-1);
    const reply: Reply | null = typeof last === "function" ? (last as Reply) : null;
    const refuse = (error: ProtocolError) => {
      if (reply) reply({ ok: false, error });
      else socket.emit("error", error);
    };
    const checked = checkMessage(event, reply ? args.slice(0, -1) : args, limiter);
    if (!checked.ok) return refuse(checked.error);
    // One message at a time per connection, in arrival order.
    chain = chain.then(async () => {
      try {
        await handle(socket, conn, serving, checked.value, (res) =>
          res.ok ? reply?.(res) : refuse(res.error as ProtocolError),
        );
      } catch (error) {
        log.error({ err: error, event: checked.value.name }, "socket handler failed");
        refuse({ code: "server/error", message: "Something went wrong on the server; nothing was changed." });
      }
    });
  });

  socket.on("disconnect", () => {
    serving.pages.drop(conn.id, clock.now());
    chain = chain
      .then(() => service.detach(conn))
      .catch((error) => log.error({ err: error }, "detach failed"));
  });
}

/** A message's checks before it reaches the service: rate, kind, shape, size, then its schema. */
function checkMessage(
  event: string,
  payloads: unknown[],
  limiter: RateLimiter,
): { ok: true; value: { name: Inbound; value: never } } | { ok: false; error: ProtocolError } {
  const refused = (code: string, message: string) => ({ ok: false as const, error: { code, message } });
  if (!limiter.take()) return refused("rate/limited", "Too many messages; slow down.");
  if (!Object.hasOwn(inbound, event)) return refused("input/unknown_event", "Unknown message type.");
  if (payloads.length !== 1) return refused("input/malformed", "Send exactly one payload object.");
  if (holdsBinary(payloads[0]))
    return refused("input/malformed", "Binary data is not accepted: every message is a JSON object.");
  let size: number;
  try {
    size = JSON.stringify(payloads[0])?.length ?? 0;
  } catch {
    return refused("input/malformed", "The message is not valid JSON data.");
  }
  if (size > LIMITS.messageBytes)
    return refused("input/too_large", `Messages are at most ${LIMITS.messageBytes} bytes.`);
  const name = event as Inbound;
  const parsed = parseWith(inbound[name] as z.ZodType<unknown>, payloads[0]);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return { ok: true, value: { name, value: parsed.value as never } };
}

/** A seated connection's page shows its table, or stopped showing it. */
function reportVisibility(
  conn: Conn,
  serving: Serving,
  visible: boolean,
): { ok: boolean; error?: ProtocolError } {
  if (conn.code === null || conn.seat === null)
    return {
      ok: false,
      error: { code: "table/not_attached", message: "Send hello with a seat's token first." },
    };
  serving.pages.report(conn.id, conn.code, conn.seat, visible, serving.clock.now());
  return { ok: true };
}

/** Hands a checked message to the service and answers it with `respond`. */
async function handle(
  socket: Socket,
  conn: Conn,
  serving: Serving,
  message: { name: Inbound; value: never },
  respond: (res: { ok: boolean; error?: ProtocolError }) => void,
): Promise<void> {
  const { service, guards } = serving;
  const { name, value } = message;
  switch (name) {
    case "hello": {
      const address = socket.data.address as string;
      if (guards.helloBlocked(address))
        return respond({
          ok: false,
          error: {
            code: "rate/too_many_failed_hellos",
            message: "Too many attempts with wrong tokens or unknown tables; wait a minute.",
          },
        });
      const hello = value as { code: string; fold?: boolean };
      orderPushesFor(socket, hello.code);
      // Set by a connection's first `hello` (or its first after leaving a table), whose rooms follow it.
      if (conn.code === null) conn.fold = hello.fold === true;
      const accountId = socket.data.accountId as string | null | undefined;
      const { ack, after } = await service.hello(
        conn,
        accountId ? Object.assign({}, value, { accountId }) : value,
      );
      if (!ack.ok && FAILED_HELLO.has(ack.error.code)) guards.helloFailed(address);
      respond(ack);
      after();
      return;
    }
    case "action": {
      // The acting client gets its new view and its ack in one TCP write instead of two.
      const release = corkTcp(socket);
      try {
        return respond(await service.action(conn, value));
      } finally {
        release();
      }
    }
    case "chat":
      return respond(await service.chat(conn, (value as { text: string }).text));
    case "add_bot":
      return respond(await service.addBot(conn, value));
    case "remove_bot":
      return respond(await service.removeBot(conn, value));
    case "start":
      return respond(await service.start(conn));
    case "play_again":
      return respond(await service.playAgain(conn));
    case "leave":
      serving.pages.drop(conn.id, serving.clock.now());
      return respond(await service.leave(conn));
    case "visibility":
      return respond(reportVisibility(conn, serving, (value as { visible: boolean }).visible));
    case "more_time":
      return respond(await service.moreTime(conn));
  }
}
