/**
 * "Your games" over HTTP: `GET /api/account/games` (the signed-in account's tables, from any device)
 * and `POST /api/your-games` (a guest's, by the seat tokens this browser holds; a signed-in browser's
 * account tables are added). Each table is asked of its owner, as its page would be.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Clock } from "./clock";
import { LIMITS, type YourGame, type YourGamesResponse, yourGamesBody } from "./protocol";
import type { TableApi } from "./service";
import type { Store } from "./store/types";
import { parseWith } from "./validate";
import { byUrgency, type YourSeat } from "./your-games";

export interface YourGamesDeps {
  api: TableApi;
  store: Store;
  clock: Clock;
  accountOf: (request: FastifyRequest) => Promise<string | null>;
}

/** Your tables, your move first, each group by time left. */
export async function yourGames(
  deps: YourGamesDeps,
  accountId: string | null,
  seats: ReadonlyArray<{ code: string; token: string }>,
): Promise<YourGamesResponse> {
  const asks = new Map<string, YourSeat>();
  if (accountId)
    for (const s of await deps.store.seatsOf({ accountId }, false))
      if (!asks.has(s.code)) asks.set(s.code, { accountId, seat: s.seat });
  for (const s of seats) if (!asks.has(s.code)) asks.set(s.code, { token: s.token });
  const limit = LIMITS.turnBasedTablesPerPlayer + LIMITS.yourGamesSeats;
  const answers = await Promise.all(
    [...asks].slice(0, limit).map(([code, who]) => deps.api.yourGame(code, who)),
  );
  const games: YourGame[] = [];
  for (const a of answers) if (a.ok) games.push(a.value);
  return { games: games.sort(byUrgency), now: deps.clock.now() };
}

export function registerYourGamesRoutes(app: FastifyInstance, deps: YourGamesDeps): void {
  app.get("/api/account/games", async (request, reply) => {
    const accountId = await deps.accountOf(request);
    if (!accountId)
      return reply.code(401).send({ error: { code: "auth/signed_out", message: "You are not signed in." } });
    return reply.send(await yourGames(deps, accountId, []));
  });
  app.post("/api/your-games", async (request, reply) => {
    const body = parseWith(yourGamesBody, request.body);
    if (!body.ok) return reply.code(400).send({ error: body.error });
    return reply.send(await yourGames(deps, await deps.accountOf(request), body.value.seats));
  });
}
