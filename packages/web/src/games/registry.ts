import { use } from "react";
import { dreamers } from "./dreamers/game";
import { dreams } from "./dreams/game";
import { highlow } from "./highlow/game";
import type { AnyGameRecord, GamePlay, GameRecord } from "./record";
import type { GameKind } from "./types";

/** Every game the client knows, in the order the landing offers them: one line per game. */
const ALL_GAMES: readonly AnyGameRecord[] = [dreams, dreamers, highlow];

/** The games offered to players (landing, how-to-play, credits): every game but the test fixtures. */
export const GAMES: readonly AnyGameRecord[] = ALL_GAMES.filter((game) => !game.fixture);

/** The test fixture games, offered by the create form only when the server lists them. */
export const FIXTURE_GAMES: readonly AnyGameRecord[] = ALL_GAMES.filter((game) => game.fixture);

/** The record of a game the server names (a table's or a replay's), if this client knows it. */
export function findGame(kind: string): AnyGameRecord | undefined {
  return ALL_GAMES.find((game) => game.kind === kind);
}

/** The record of a game. */
export function gameOf<K extends GameKind>(kind: K): { [P in K]: GameRecord<P> }[K] {
  const record = ALL_GAMES.find((game) => game.kind === kind);
  if (!record) throw new Error(`no game ${kind} in games/registry.ts`);
  return record as unknown as { [P in K]: GameRecord<P> }[K];
}

const plays = new Map<GameKind, Promise<GamePlay>>();
const loaded = new Map<GameKind, GamePlay>();

/** Loads a game's heavy part (once). */
export function loadPlay<K extends GameKind>(kind: K): Promise<GamePlay<K>> {
  let play = plays.get(kind);
  if (!play) {
    play = gameOf(kind)
      .play()
      .then((p) => {
        loaded.set(kind, p as unknown as GamePlay);
        return p as unknown as GamePlay;
      });
    plays.set(kind, play);
  }
  return play as unknown as Promise<GamePlay<K>>;
}

/** A game's heavy part if it has been loaded, else undefined (and its loading is started). */
export function loadedPlay<K extends GameKind>(kind: K): GamePlay<K> | undefined {
  const play = loaded.get(kind);
  if (!play) void loadPlay(kind).catch(() => undefined);
  return play as unknown as GamePlay<K> | undefined;
}

/** A game's heavy part, for a component: at once if it is loaded, else suspends until it is. */
export function usePlay<K extends GameKind>(kind: K): GamePlay<K> {
  return loadedPlay(kind) ?? use(loadPlay(kind));
}
