import {
  type DreamersAction,
  type DreamersState,
  dreamers,
  mulberry32,
  randomLegalAction,
  testSeed,
} from "@firmament/dreamers";

/** One step of a scripted Dreamers match: the action and the round it is sent in (as a client says). */
export interface ScriptedAction {
  action: DreamersAction;
  round: number;
}

/**
 * A Dreamers match, from its seed, in which one seat passes and, later in the same round, may pass
 * again: the same `pass` message is accepted twice. `steps` ends with that second pass; `firstPass` is
 * the index of the first. Found by playing seeds from a fixed generator with fixed choices (always pass,
 * never accuse), so it is the same match every run.
 */
export function matchWhereAPassComesAgain(): { seed: string; steps: ScriptedAction[]; firstPass: number } {
  const seeds = mulberry32(20261127);
  for (let attempt = 0; attempt < 100; attempt++) {
    const seed = testSeed(seeds);
    const found = passedTwice(seed);
    if (found) return { seed, ...found };
  }
  throw new Error("no seed of the first 100 has a seat pass twice in a round");
}

function passedTwice(seed: string): { steps: ScriptedAction[]; firstPass: number } | null {
  const created = dreamers.setup({}, seed);
  if (!created.ok) throw new Error(created.error.code);
  let state: DreamersState = created.value;
  const steps: ScriptedAction[] = [];
  // below one half: pass rather than modify; above one quarter: end the turn rather than accuse
  const choices = () => 0.3;
  for (let action = randomLegalAction(state, choices); action; action = randomLegalAction(state, choices)) {
    const step = { action, round: state.round.number };
    const firstPass = steps.findIndex((s) => isSamePass(s, step));
    steps.push(step);
    if (firstPass >= 0) return { steps, firstPass };
    const applied = dreamers.apply(state, action);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
  }
  return null;
}

function isSamePass(earlier: ScriptedAction, later: ScriptedAction): boolean {
  return (
    earlier.action.type === "pass" &&
    later.action.type === "pass" &&
    earlier.action.seat === later.action.seat &&
    earlier.round === later.round
  );
}
