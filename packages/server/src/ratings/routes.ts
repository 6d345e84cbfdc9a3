import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../clock";
import { hostedGames } from "../games";
import { sendError } from "../http";
import { allStringsWellFormed, LIMITS } from "../protocol";
import type { Store } from "../store/types";
import type { ProfileCache } from "./profile-cache";
import { leaderboardOf, profileOf } from "./profiles";

export interface PlayerRoutesOptions {
  store: Store;
  clock: Clock;
  /** Profiles as others see them, kept a while (`MatchResults.profiles`). */
  profiles: ProfileCache;
  /**
   * The account the request is signed in as, or null (a guest). The accounts' session cookie answers
   * this; until it does, every viewer is a guest.
   */
  viewerAccountOf?: (request: FastifyRequest) => Promise<string | null>;
  fixtureGames?: readonly string[];
}

/** GET /api/players/:name (a profile) and GET /api/leaderboards/:game. */
export function registerPlayerRoutes(app: FastifyInstance, options: PlayerRoutesOptions): void {
  const { store, clock } = options;
  const viewerOf = options.viewerAccountOf ?? (async () => null);
  app.get("/api/players/:name", async (request, reply) => {
    const name = (request.params as { name?: string }).name ?? "";
    if (name.length === 0 || name.length > LIMITS.nameMax * 2 || !allStringsWellFormed(name))
      return unknownPlayer(reply);
    const profile = await profileOf(store, options.profiles, name, await viewerOf(request));
    if (!profile.ok) return sendError(reply, profile.status ?? 400, profile.error);
    reply.header("cache-control", "no-cache");
    return reply.send(profile.value);
  });
  app.get("/api/leaderboards/:game", async (request, reply) => {
    const game = (request.params as { game?: string }).game ?? "";
    if (!hostedGames(options.fixtureGames).some((g) => g.kind === game))
      return sendError(reply, 404, { code: "game/unknown", message: "This server hosts no such game." });
    reply.header("cache-control", "public, max-age=60");
    return reply.send(await leaderboardOf(store, game, clock.now()));
  });
}

const unknownPlayer = (reply: FastifyReply) =>
  sendError(reply, 404, { code: "player/unknown", message: "There is no player with that name." });
