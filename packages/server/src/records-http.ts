import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { Outcome } from "./outcome";
import { tableCodeSchema } from "./protocol";
import type { TableApi } from "./service";
import { parseWith } from "./validate";

/** A finished match never changes; its record and replay may be kept a day and then revalidated. */
export const FINISHED_CACHE = "public, max-age=86400";

type Params = { code?: unknown; match?: unknown };

/** Finished matches' records and replays kept built: at most this many, … */
const CACHED_MATCHES = 64;
/** … and this many characters together (a long five-player match's replay is a few hundred KB). */
const CACHED_CHARS = 16 * 1024 * 1024;
/** A kept entry is rebuilt after this long: an earlier match's names follow the table's seats. */
const CACHED_MS = 10 * 60_000;

interface Built {
  /** Compressed per request by the JSON compression hook (brotli's best level takes over a second here). */
  body: string;
  etag: string;
}

/** Kept until `CACHED_MS` after it was built (reading it does not extend that), the least used dropped first. */
class FinishedCache {
  private readonly entries = new LRUCache<string, Built>({
    max: CACHED_MATCHES,
    maxSize: CACHED_CHARS,
    maxEntrySize: CACHED_CHARS / 4,
    sizeCalculation: (built) => Math.max(1, built.body.length),
    ttl: CACHED_MS,
  });
  get(key: string): Built | null {
    return this.entries.get(key) ?? null;
  }
  set(key: string, body: string): Built {
    const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    const entry = { body, etag };
    this.entries.set(key, entry);
    return entry;
  }
}

/**
 * The table's game history, each match's text record and its replay frames (docs/records.md and
 * docs/protocol.md). A finished match is cached publicly with an ETag; a match still going on is
 * `no-store`, and shows only what a spectator may see now.
 */
export function registerRecordRoutes(app: FastifyInstance, service: TableApi): void {
  app.get("/api/tables/:code/matches", async (request, reply) => {
    const code = codeOf(request.params as Params);
    if (code === null) return unknownTable(reply);
    const history = await service.matchHistory(code);
    if (!history.ok) return refuse(reply, history);
    reply.header("cache-control", "no-store");
    return { code, matches: history.value };
  });

  const cache = new FinishedCache();

  app.get("/api/tables/:code/matches/:match/record", async (request, reply) => {
    const target = targetOf(request, reply);
    if (!target) return reply;
    reply.header("content-disposition", `inline; filename="firmament-${target.code}-${target.match}.txt"`);
    const key = `record/${target.code}/${target.match}`;
    const kept = cache.get(key);
    if (kept) return sendBuilt(request, reply, kept, "text/plain; charset=utf-8");
    const record = await service.matchRecord(target.code, target.match);
    if (!record.ok) return refuse(reply, record);
    if (!record.value.finished) return sendLive(reply, record.value.text, "text/plain; charset=utf-8");
    return sendBuilt(request, reply, cache.set(key, record.value.text), "text/plain; charset=utf-8");
  });

  app.get("/api/tables/:code/matches/:match/replay", async (request, reply) => {
    const target = targetOf(request, reply);
    if (!target) return reply;
    const key = `replay/${target.code}/${target.match}`;
    const kept = cache.get(key);
    if (kept) return sendBuilt(request, reply, kept, "application/json; charset=utf-8");
    const replay = await service.matchReplay(target.code, target.match);
    if (!replay.ok) return refuse(reply, replay);
    const body = JSON.stringify(replay.value);
    if (!replay.value.finished) return sendLive(reply, body, "application/json; charset=utf-8");
    return sendBuilt(request, reply, cache.set(key, body), "application/json; charset=utf-8");
  });
}

function codeOf(params: Params): string | null {
  const code = parseWith(tableCodeSchema, params.code);
  return code.ok ? code.value : null;
}

function targetOf(request: FastifyRequest, reply: FastifyReply): { code: string; match: number } | null {
  const params = request.params as Params;
  const code = codeOf(params);
  if (code === null) {
    unknownTable(reply);
    return null;
  }
  const text = typeof params.match === "string" ? params.match : "";
  if (!/^[1-9][0-9]{0,8}$/.test(text)) {
    reply.code(400).send({
      error: { code: "match/bad_number", message: "A match number is a whole number from 1." },
    });
    return null;
  }
  return { code, match: Number(text) };
}

const unknownTable = (reply: FastifyReply) =>
  reply.code(404).send({ error: { code: "table/unknown", message: "There is no table with that code." } });

const refuse = (reply: FastifyReply, outcome: Extract<Outcome<unknown>, { ok: false }>) =>
  reply.code(outcome.status ?? 400).send({ error: outcome.error });

/** A match still being played: never kept by anyone, since it changes with every move. */
function sendLive(reply: FastifyReply, body: string, type: string) {
  reply.header("cache-control", "no-store");
  reply.header("content-type", type);
  return reply.send(body);
}

/** A finished match's record or replay: public for a day, then revalidated by its ETag. */
function sendBuilt(request: FastifyRequest, reply: FastifyReply, built: Built, type: string) {
  reply.header("cache-control", FINISHED_CACHE);
  reply.header("etag", built.etag);
  if (request.headers["if-none-match"] === built.etag) return reply.code(304).send();
  reply.header("content-type", type);
  return reply.send(built.body);
}
