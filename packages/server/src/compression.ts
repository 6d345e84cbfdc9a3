/**
 * Compressed HTTP answers. The web client's files are compressed once at build time (the server sends
 * the `.br`/`.gz` beside each file, see http.ts); JSON answers of the API above `JSON_MIN_BYTES` are
 * compressed here, and constant ones (the standard deck's manifest) once and kept.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export type Encoding = "br" | "gzip";

/**
 * Below this a JSON answer is sent as it is: it fits in a packet or two either way, and compressing it
 * would cost more time than it saves on the wire (measured: a 175-byte table list gains 20 bytes).
 */
export const JSON_MIN_BYTES = 1024;

/**
 * The encoding to answer with for this `Accept-Encoding`: brotli if accepted, else gzip, else none.
 * `q=0` refuses an encoding; `*` accepts any not named.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(",") : header).split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(token, q === undefined ? 1 : Number(q));
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get("*") ?? 0;
  const best = (["br", "gzip"] as const)
    .filter((encoding) => weightOf(encoding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
  return best[0] ?? null;
}

/** `best`: once for a body kept and sent many times; `fast`: per answer. */
export function compress(body: Buffer, encoding: Encoding, effort: "best" | "fast"): Buffer {
  if (encoding === "gzip") return gzipSync(body, { level: effort === "best" ? 9 : 6 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === "best" ? constants.BROTLI_MAX_QUALITY : 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Adds `Accept-Encoding` to the reply's `Vary`, keeping what is there. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader("vary");
  const listed = typeof vary === "string" ? vary : "";
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(listed))
    reply.header("vary", listed ? `${listed}, Accept-Encoding` : "Accept-Encoding");
}

/** A JSON body that never changes while the server runs, compressed at most once per encoding. */
export class ConstantJson {
  readonly raw: Buffer;
  private readonly variants = new Map<Encoding, Buffer>();

  constructor(value: unknown) {
    this.raw = Buffer.from(JSON.stringify(value));
  }

  variant(encoding: Encoding): Buffer {
    let body = this.variants.get(encoding);
    if (!body) {
      body = compress(this.raw, encoding, "best");
      this.variants.set(encoding, body);
    }
    return body;
  }

  /** Sends the body in the best encoding the request accepts. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type("application/json; charset=utf-8");
    varyOnEncoding(reply);
    const encoding =
      this.raw.length >= JSON_MIN_BYTES ? negotiateEncoding(request.headers["accept-encoding"]) : null;
    if (!encoding) return reply.send(this.raw);
    reply.header("content-encoding", encoding);
    return reply.send(this.variant(encoding));
  }
}

/**
 * Compresses the API's JSON answers of at least `JSON_MIN_BYTES` for clients that accept it; answers
 * already encoded (a `ConstantJson`, static files) are left alone.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.url.startsWith("/api/") || request.method === "HEAD") return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader("content-encoding")) return payload;
    const type = String(reply.getHeader("content-type") ?? "");
    if (!type.startsWith("application/json")) return payload;
    const body = typeof payload === "string" ? Buffer.from(payload) : payload;
    if (body.length < JSON_MIN_BYTES) return payload;
    varyOnEncoding(reply);
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    return compress(body, encoding, "fast");
  });
}
