import type { GameKind } from "@firmament/protocol";
import { dreamersGame } from "./dreamers";
import { dreamsGame } from "./dreams";
import type { ServerGame } from "./types";

export type { MatchResources, SeatBot, ServerGame } from "./types";

/** Every game the server hosts, by kind. */
const GAMES: Record<GameKind, ServerGame | undefined> = {
  dreams: dreamsGame,
  dreamers: dreamersGame,
};

/** The game of that kind, or null if this server does not host it. */
export function gameOf(kind: string): ServerGame | null {
  return Object.hasOwn(GAMES, kind) ? (GAMES[kind as GameKind] ?? null) : null;
}
