import { replayTrajectory } from "@firmament/game-kit";
import type { ServerGame } from "./types";

/** A stored match's log replayed through its game's rules. */
export interface ReplayedLog {
  /** `states[0]` is the match as set up from its setup and seed; `states[i]` the match after action `i`. */
  states: unknown[];
  /** `events[i]`: what action `i` did. */
  events: unknown[][];
}

/** Where a log stopped replaying: at the setup, or at the action of that index, with the game's error. */
export interface ReplayFailure {
  at: "setup" | number;
  code: string;
}

/**
 * Replays a match's actions from its setup and seed (the games' own `replayTrajectory`). The one replay
 * of the server: a table being loaded, a match's record and replay, and the bots' beliefs of its rounds
 * all start here.
 */
export function replayLog(
  game: ServerGame,
  setup: unknown,
  seed: string,
  actions: readonly unknown[],
): { ok: true; value: ReplayedLog } | { ok: false; error: ReplayFailure } {
  const created = game.rules.setup(setup, seed);
  if (!created.ok) return { ok: false, error: { at: "setup", code: created.error.code } };
  const run = replayTrajectory<unknown, unknown>(game.rules, created.value, actions);
  if (!run.ok) return { ok: false, error: { at: run.at, code: run.error.code } };
  return { ok: true, value: { states: run.states, events: run.events } };
}

/**
 * Replays a stored match that must replay (it was accepted action by action): a log that does not is
 * a broken store, thrown as an error naming `what` (say "Table ABC123").
 */
export function replayStored(
  game: ServerGame,
  match: { setup: unknown; seed: string },
  actions: ReadonlyArray<{ action: unknown }>,
  what: string,
): ReplayedLog {
  const replayed = replayLog(
    game,
    match.setup,
    match.seed,
    actions.map((row) => row.action),
  );
  if (replayed.ok) return replayed.value;
  const { at, code } = replayed.error;
  throw new Error(
    at === "setup"
      ? `${what}: the stored match cannot be set up (${code})`
      : `${what}: stored action ${at} cannot be replayed (${code})`,
  );
}
