import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Outcome } from "./outcome";
import { tableCodeSchema } from "./protocol";
import type { TableService } from "./service";
import { parseWith } from "./validate";

/** A finished match never changes; its record and replay may be kept a day and then revalidated. */
export const FINISHED_CACHE = "public, max-age=86400";

type Params = { code?: unknown; match?: unknown };

/**
 * The table's game history, each match's text record and its replay frames (docs/records.md and
 * docs/protocol.md). A finished match is cached publicly with an ETag; a match still going on is
 * `no-store`, and shows only what a spectator may see now.
 */
export function registerRecordRoutes(app: FastifyInstance, service: TableService): void {
  app.get("/api/tables/:code/matches", async (request, reply) => {
    const code = codeOf(request.params as Params);
    if (code === null) return unknownTable(reply);
    const history = await service.matchHistory(code);
    if (!history.ok) return refuse(reply, history);
    reply.header("cache-control", "no-store");
    return { code, matches: history.value };
  });

  app.get("/api/tables/:code/matches/:match/record", async (request, reply) => {
    const target = targetOf(request, reply);
    if (!target) return reply;
    const record = await service.matchRecord(target.code, target.match);
    if (!record.ok) return refuse(reply, record);
    reply.header("content-type", "text/plain; charset=utf-8");
    reply.header("content-disposition", `inline; filename="firmament-${target.code}-${target.match}.txt"`);
    return cached(request, reply, record.value.finished, record.value.text);
  });

  app.get("/api/tables/:code/matches/:match/replay", async (request, reply) => {
    const target = targetOf(request, reply);
    if (!target) return reply;
    const replay = await service.matchReplay(target.code, target.match);
    if (!replay.ok) return refuse(reply, replay);
    reply.header("content-type", "application/json; charset=utf-8");
    return cached(request, reply, replay.value.finished, JSON.stringify(replay.value));
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

function cached(request: FastifyRequest, reply: FastifyReply, finished: boolean, body: string) {
  if (!finished) {
    reply.header("cache-control", "no-store");
    return reply.send(body);
  }
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  reply.header("cache-control", FINISHED_CACHE);
  reply.header("etag", etag);
  if (request.headers["if-none-match"] === etag) return reply.code(304).send();
  return reply.send(body);
}
