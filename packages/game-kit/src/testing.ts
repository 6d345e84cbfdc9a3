/**
 * Test helpers every game's suites share: a seeded source of numbers for tests (never for a game's
 * secrets), random play through the contract, and the counterfactual leak check.
 */
import type { Seat, Viewer } from "./contract";
import type { Result } from "./result";

/** A source of numbers in [0, 1). */
export type Random = () => number;

/** A seeded Random for tests and tools (mulberry32); never used for a game's secrets. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 64 hex digits from a Random: a valid game seed for tests. */
export function testSeed(random: Random): string {
  let out = "";
  for (let i = 0; i < 8; i++)
    out += Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, "0");
  return out;
}

export function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)] as T;
}

/**
 * Plays a game to its end (or `maxSteps`) with `choose` picking each action from the full state;
 * `visit` sees every state, the first included, with the events that led to it. Throws if the rules
 * refuse a chosen action, since a chooser must only choose legal ones. Returns the last state.
 */
export function playOut<State, Event>(
  rules: { apply(state: State, input: unknown): Result<{ state: State; events: Event[] }> },
  initial: State,
  choose: (state: State) => unknown | null,
  visit: (state: State, events: Event[], step: number) => void = () => undefined,
  maxSteps = 100_000,
): State {
  let state = initial;
  visit(state, [], 0);
  for (let step = 1; step <= maxSteps; step++) {
    const action = choose(state);
    if (action === null) return state;
    const applied = rules.apply(state, action);
    if (!applied.ok)
      throw new Error(`chosen action refused (${applied.error.code}): ${JSON.stringify(action)}`);
    state = applied.value.state;
    visit(state, applied.value.events, step);
  }
  return state;
}

/**
 * The counterfactual leak check: `twin` is the same game with hidden parts changed that `viewer` may
 * not know. Returns the viewers whose serialised view differs between the two (none, if nothing leaks).
 */
export function viewsThatDiffer<State>(
  view: (state: State, viewer: Viewer) => unknown,
  state: State,
  twin: State,
  viewers: readonly Viewer[],
): Viewer[] {
  return viewers.filter((v) => JSON.stringify(view(state, v)) !== JSON.stringify(view(twin, v)));
}

/** Every seat of an `n`-seat game and the spectator. */
export function allViewers(seats: number): Viewer[] {
  return [...Array.from({ length: seats }, (_, s): Seat => s), "spectator"];
}

/**
 * The fold check: folds each viewer's views of `events` (by `viewEvent`) into its view of `before` and
 * compares the result with its view of `after`. Returns the viewers for whom they differ (none, if
 * folding is right), compared as JSON values (key order and undefined fields do not count).
 */
export function foldsThatDiffer<State, Event, View, ViewEvent>(
  rules: {
    view(state: State, viewer: Viewer): View;
    viewEvent(event: Event, viewer: Viewer): ViewEvent;
    fold(view: View, event: ViewEvent): View;
  },
  before: State,
  events: readonly Event[],
  after: State,
  viewers: readonly Viewer[],
): Viewer[] {
  return viewers.filter((viewer) => {
    let folded = rules.view(before, viewer);
    for (const event of events) folded = rules.fold(folded, rules.viewEvent(event, viewer));
    return !sameJson(folded, rules.view(after, viewer));
  });
}

/** Whether two values serialise to the same JSON, whatever the order of their objects' keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameJson(item, other[i]));
  }
  const left = Object.entries(a).filter(([, v]) => v !== undefined);
  const right = b as Record<string, unknown>;
  const rightKeys = Object.keys(right).filter((k) => right[k] !== undefined);
  return left.length === rightKeys.length && left.every(([k, v]) => sameJson(v, right[k]));
}
