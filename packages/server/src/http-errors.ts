/**
 * HTTP errors raised below the routes — by Node's HTTP parser (a garbage request line, headers too
 * large, a request too slow) or by Fastify's router (a bad percent-escape, an over-long parameter) —
 * answered like every other error: the documented `{ error: { code, message } }` body, the security
 * headers, and nothing of the request echoed back.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ErrorBody, ProtocolError } from "./protocol";

type Headers = Readonly<Record<string, string>>;

/** A whole HTTP/1.1 response, for writing to a socket no Fastify reply exists for. */
export function rawErrorResponse(status: number, error: ProtocolError, headers: Headers): string {
  const body = JSON.stringify({ error } satisfies ErrorBody);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    "content-type: application/json; charset=utf-8",
    `content-length: ${Buffer.byteLength(body)}`,
    "connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** The 404 for a path no route serves: card paths say so, the rest is `http/not_found`. */
export function notFoundError(path: string): ProtocolError {
  return path === "/cards" || path.startsWith("/cards/")
    ? { code: "card/unknown", message: "No such card." }
    : { code: "http/not_found", message: "Not found." };
}

/** What a request Node's HTTP parser refused gets, by its error code. */
function clientError(code: string | undefined): { status: number; error: ProtocolError } {
  if (code === "HPE_HEADER_OVERFLOW")
    return {
      status: 431,
      error: { code: "input/too_large", message: "The request's headers are too large." },
    };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT")
    return { status: 408, error: { code: "http/timeout", message: "The request took too long to arrive." } };
  return { status: 400, error: { code: "input/malformed", message: "The request is not valid HTTP." } };
}

/** Fastify's `clientErrorHandler`: answers requests Node could not parse, then closes the connection. */
export function clientErrorHandler(headers: Headers) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection has nobody to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const { status, error: body } = clientError(error.code);
    if (socket.writable) socket.write(rawErrorResponse(status, body, headers));
    socket.destroy();
  };
}

/** Fastify's `frameworkErrors`: a URL its router cannot read. */
export function frameworkErrorHandler(headers: Headers) {
  return (error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(headers);
    const path = (request.raw.url ?? "").split("?")[0] ?? "";
    if (error.code === "FST_ERR_BAD_URL")
      void reply.code(400).send({
        error: { code: "input/malformed", message: "The URL is malformed (a bad percent-escape)." },
      });
    // A parameter longer than any code, token or card id can name nothing.
    else if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
      void reply.code(404).send({ error: notFoundError(path) });
    else
      void reply
        .code(500)
        .send({ error: { code: "server/error", message: "Something went wrong on the server." } });
  };
}
