import { type CreateTableBody, tableSettingsShape } from "@firmament/protocol/schemas";
import { z } from "zod";
import { dreamersGame } from "./dreamers";
import { dreamsGame } from "./dreams";
import { highlowGame } from "./highlow";
import type { ServerGame } from "./types";

export { FIRST_GAME_KIND } from "./first-kind";
export type { MatchResources, SeatBot, ServerGame } from "./types";

/**
 * Every game the server knows: the one registry; nothing outside `games/` names a game. A new game is its
 * rules package (`GameRules`: `kind`, `seats`, `parseAction`, `timers`…) and an adapter here
 * (`ServerGame`: table options, vocabulary codes, bots, records, beliefs, card faces), listed below. A
 * game marked `fixture` is hosted only by a server started with it.
 */
const GAMES: readonly ServerGame[] = [dreamsGame, dreamersGame, highlowGame];

const BY_KIND = new Map(GAMES.map((game) => [game.kind, game]));

/** The game of that kind, or null if this server does not know it (its existing tables still play). */
export function gameOf(kind: string): ServerGame | null {
  return BY_KIND.get(kind) ?? null;
}

/** Every hosted game, in the registry's order: the players' games and the fixture games named. */
export function hostedGames(fixtures: readonly string[] = []): readonly ServerGame[] {
  return GAMES.filter((game) => !game.fixture || fixtures.includes(game.kind));
}

/** One game's POST /api/tables body: the shared settings and the game's own options, strictly. */
function tableBodyOf(game: ServerGame) {
  const { seats, ...rest } = game.tableOptions;
  return z.strictObject({ game: z.literal(game.kind), seats, ...tableSettingsShape, ...rest });
}

/** POST /api/tables for these games: a table of one of them, keyed by `game`, with that game's options. */
export function createTableBodyOf(games: readonly ServerGame[]): z.ZodType<CreateTableBody> {
  return z.discriminatedUnion(
    "game",
    games.map(tableBodyOf) as unknown as [
      ReturnType<typeof tableBodyOf>,
      ...ReturnType<typeof tableBodyOf>[],
    ],
  ) as unknown as z.ZodType<CreateTableBody>;
}

/** POST /api/tables of a server hosting no fixture game. */
export const createTableBody = createTableBodyOf(hostedGames());
