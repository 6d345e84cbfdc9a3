import { type CreateTableBody, tableSettingsShape } from "@firmament/protocol/schemas";
import { z } from "zod";
import { dreamersGame } from "./dreamers";
import { dreamsGame } from "./dreams";
import type { ServerGame } from "./types";

export { FIRST_GAME_KIND } from "./first-kind";
export type { MatchResources, SeatBot, ServerGame } from "./types";

/**
 * Every game the server hosts: the one registry; nothing outside `games/` names a game. A new game is its
 * rules package (`GameRules`: `kind`, `seats`, `parseAction`, `timers`…) and an adapter here
 * (`ServerGame`: table options, vocabulary codes, bots, records, beliefs, card faces), listed below.
 */
const GAMES: readonly ServerGame[] = [dreamsGame, dreamersGame];

const BY_KIND = new Map(GAMES.map((game) => [game.kind, game]));

/** The game of that kind, or null if this server does not host it. */
export function gameOf(kind: string): ServerGame | null {
  return BY_KIND.get(kind) ?? null;
}

/** Every hosted game, in the registry's order. */
export function hostedGames(): readonly ServerGame[] {
  return GAMES;
}

/** One game's POST /api/tables body: the shared settings and the game's own options, strictly. */
function tableBodyOf(game: ServerGame) {
  const { seats, ...rest } = game.tableOptions;
  return z.strictObject({ game: z.literal(game.kind), seats, ...tableSettingsShape, ...rest });
}

/** POST /api/tables: a table of one hosted game, keyed by `game`, with that game's options. */
export const createTableBody = z.discriminatedUnion(
  "game",
  GAMES.map(tableBodyOf) as unknown as [ReturnType<typeof tableBodyOf>, ...ReturnType<typeof tableBodyOf>[]],
) as unknown as z.ZodType<CreateTableBody>;
