/**
 * The realtime channel speaks WebSocket only. socket.io's HTTP long-polling fallback is not served:
 * it would need sticky sessions as soon as the server runs in several processes, and it is a second
 * HTTP surface answering in its own format without the security headers. Every browser the web client
 * is built for has WebSockets, so the engine is bound to the HTTP server's `upgrade` event alone, and
 * plain HTTP requests to `/socket.io/` get a clear refusal (see `refusePolling`).
 */
import type { Server as HttpServer, IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { Server as Engine, type ServerOptions as EngineOptions } from "engine.io";
import type { FastifyInstance } from "fastify";
import type { Server } from "socket.io";
import { rawErrorResponse } from "./http-errors";
import type { ProtocolError } from "./protocol";

export const SOCKET_PATH = "/socket.io";

const isSocketPath = (url: string | undefined) =>
  url !== undefined &&
  (url === SOCKET_PATH || url.startsWith(`${SOCKET_PATH}/`) || url.startsWith(`${SOCKET_PATH}?`));

const WEBSOCKET_ONLY: ProtocolError = {
  code: "http/websocket_only",
  message: 'The realtime channel speaks WebSocket only: connect with transports: ["websocket"].',
};

/**
 * Binds `io` to an engine that upgrades WebSocket requests on `server` and nothing else. Upgrades to
 * other paths, and WebSocket handshakes the engine refuses, are answered with the documented error body
 * and `headers`.
 */
export function attachWebSocketEngine(
  io: Server,
  server: HttpServer,
  options: Pick<EngineOptions, "maxHttpBufferSize" | "pingInterval" | "pingTimeout">,
  headers: Readonly<Record<string, string>>,
): Engine {
  const engine = new Engine({ ...options, transports: ["websocket"] });
  io.bind(engine);
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isSocketPath(request.url)) return engine.handleUpgrade(request, socket, head);
    socket.on("error", () => undefined);
    socket.end(
      rawErrorResponse(
        404,
        { code: "http/not_found", message: "Nothing here upgrades to WebSocket." },
        headers,
      ),
    );
  });
  // The engine is about to refuse a handshake with a bare text/html 400: answer first, in our format,
  // and end the socket so that its own answer is not written after ours.
  engine.on("connection_error", (failure: { req: IncomingMessage; message?: string }) => {
    const socket = failure.req.socket;
    if (!socket.writable) return;
    socket.end(
      rawErrorResponse(
        400,
        {
          code: "input/malformed",
          message: `The WebSocket handshake was refused: ${failure.message ?? "bad request"}.`,
        },
        headers,
      ),
    );
  });
  return engine;
}

/**
 * Plain HTTP requests to the realtime path (socket.io's polling transport) get a clear refusal, before
 * their body is read.
 */
export function refusePolling(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    if (isSocketPath(request.url)) return reply.code(400).send({ error: WEBSOCKET_ONLY });
  });
}
