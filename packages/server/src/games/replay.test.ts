import { describe, expect, it } from "vitest";
import { dreamersGame as game } from "./dreamers";
import { dreamersFallbackBot } from "./dreamers-bot";
import { replayLog, replayStored } from "./replay";

const SEED = "7".repeat(64);

/** A whole Dreamers match played by two fallback bots: its actions, and each state and events as played. */
function playedMatch() {
  const bots = [dreamersFallbackBot("a"), dreamersFallbackBot("b")];
  const created = game.rules.setup({}, SEED);
  if (!created.ok) throw new Error(created.error.code);
  let state: unknown = created.value;
  const actions: unknown[] = [];
  const states: unknown[] = [state];
  const events: unknown[][] = [];
  while (game.rules.outcome(state) === null && actions.length < 2000) {
    const seat = game.rules.progress(state).awaiting[0];
    if (seat === undefined) throw new Error("nobody to act in a match not over");
    const action = bots[seat]?.decide(game.rules.view(state, seat));
    const applied = game.rules.apply(state, action);
    if (!applied.ok) throw new Error(applied.error.code);
    actions.push(action);
    state = applied.value.state;
    states.push(state);
    events.push(applied.value.events);
  }
  return { actions, states, events };
}

describe("replayLog", () => {
  const played = playedMatch();

  it("gives every state and every action's events as they were when the match was played", () => {
    expect(game.rules.outcome(played.states.at(-1))).not.toBeNull();
    const replayed = replayLog(game, {}, SEED, played.actions);
    expect(replayed).toEqual({ ok: true, value: { states: played.states, events: played.events } });
  });

  it("says at which action a log stops replaying, with the game's error", () => {
    const broken = [...played.actions];
    broken[3] = broken[2]; // the same move twice
    const replayed = replayLog(game, {}, SEED, broken);
    expect(replayed.ok).toBe(false);
    if (replayed.ok) return;
    expect(replayed.error.at).toBe(3);
    expect(replayed.error.code).toMatch(/^[a-z_]+\/[a-z_]+$/);
  });

  it("says when the setup itself is refused", () => {
    expect(replayLog(game, null, SEED, played.actions)).toEqual({
      ok: false,
      error: { at: "setup", code: "setup/malformed" },
    });
  });

  it("throws for a stored match that does not replay, naming it, the action and the game's error", () => {
    const stored = played.actions.map((action) => ({ action }));
    expect(replayStored(game, { setup: {}, seed: SEED }, stored, "Table T").states).toEqual(played.states);
    const broken = [...stored];
    broken[3] = broken[2] as { action: unknown };
    expect(() => replayStored(game, { setup: {}, seed: SEED }, broken, "Table T")).toThrow(
      /^Table T: stored action 3 cannot be replayed \([a-z_]+\/[a-z_]+\)$/,
    );
    expect(() => replayStored(game, { setup: null, seed: SEED }, stored, "Table T")).toThrow(
      "Table T: the stored match cannot be set up (setup/malformed)",
    );
  });
});
