import { dreamersRecorder } from "@firmament/dreamers";
import { dreamsRecorder } from "@firmament/engine";
import type { GameRecorder } from "@firmament/game-kit";
import type { GameKind } from "@firmament/protocol";

/** How each game writes and checks its records (docs/records.md). */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds every game's recorder
const RECORDERS: Record<GameKind, GameRecorder<any, any>> = {
  dreams: dreamsRecorder,
  dreamers: dreamersRecorder,
};

// biome-ignore lint/suspicious/noExplicitAny: see above
export function recorderOf(kind: GameKind): GameRecorder<any, any> {
  return RECORDERS[kind];
}

/** The `Deck` tag of a match: the standard deck's edition, a custom deck's id, or the game's own decks. */
export function deckTag(kind: GameKind, deck: { kind: string; id: string; version: string } | null): string {
  if (kind === "dreamers") return "dreamers-standard";
  if (!deck) return "unknown";
  return deck.kind === "standard" ? `standard@${deck.version}` : `custom:${deck.id}`;
}
