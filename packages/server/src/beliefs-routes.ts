import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { MatchBeliefsService } from "./beliefs";
import type { ProtocolError } from "./protocol";
import { tableCodeSchema } from "./protocol";
import { parseWith } from "./validate";

const wholeFromOne = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, "must be a whole number from 1")
  .transform(Number);
const matchParam = z.object({ match: wholeFromOne });
const beliefsQuery = z.object({ round: wholeFromOne.optional() }).strict();

const refuse = (reply: FastifyReply, status: number, error: ProtocolError) =>
  reply.code(status).send({ error });

/**
 * `GET /api/tables/:code/matches/:match/beliefs[?round=N]`: the strongest bot's beliefs at each revealed
 * round of a match (docs/protocol.md, "Bot beliefs"). Revealed rounds are public to everyone who knows
 * the table's code; a round in play is never explained.
 */
export function registerBeliefsRoutes(app: FastifyInstance, beliefs: MatchBeliefsService): void {
  app.get("/api/tables/:code/matches/:match/beliefs", async (request, reply) => {
    const params = request.params as { code?: unknown; match?: unknown };
    const code = parseWith(tableCodeSchema, params.code);
    if (!code.ok)
      return refuse(reply, 404, { code: "table/unknown", message: "There is no table with that code." });
    const match = parseWith(matchParam, { match: params.match });
    if (!match.ok) return refuse(reply, 400, match.error);
    const query = parseWith(beliefsQuery, request.query ?? {});
    if (!query.ok) return refuse(reply, 400, query.error);
    const outcome = await beliefs.of(code.value, match.value.match, query.value.round ?? null);
    if (!outcome.ok) return refuse(reply, outcome.status ?? 400, outcome.error);
    // A revealed round's beliefs never change; a match's list grows until the match has ended.
    reply.header("cache-control", outcome.value.final ? "public, max-age=3600" : "no-cache");
    return reply.send(outcome.value);
  });
}
