/**
 * Test helpers every game's suites share: a seeded source of numbers for tests (never for a game's
 * secrets), random play through the contract, and the counterfactual leak check.
 */
import { sha256Hex } from "./commitment";
import type { Seat, Viewer } from "./contract";
import type { GameRecord, RecordRound } from "./record";
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

/** An object every read of which throws: input that no function of the contract may throw on. */
export function hostileInput(): object {
  const refuse = (what: string) => () => {
    throw new Error(what);
  };
  return new Proxy({}, { getPrototypeOf: refuse("prototype"), ownKeys: refuse("keys"), get: refuse("get") });
}

/** How the contract's input-reading functions took one input: whether apply and parseAction accepted it, checkAction's code. */
export interface InputReading {
  applied: boolean;
  parsed: boolean;
  checked: string | null;
}

/** Each input given to `apply` (at `state`), `parseAction` and `checkAction` (at seat 0's view). */
export function readInputs<State, View>(
  rules: {
    apply(state: State, input: unknown): Result<unknown>;
    parseAction(input: unknown): Result<unknown>;
    view(state: State, viewer: Viewer): View;
    checkAction(view: View, input: unknown): { code: string } | null;
  },
  state: State,
  inputs: readonly unknown[],
): InputReading[] {
  return inputs.map((input) => ({
    applied: rules.apply(state, input).ok,
    parsed: rules.parseAction(input).ok,
    checked: rules.checkAction(rules.view(state, 0), input)?.code ?? null,
  }));
}

/** A copy of a game with hidden parts changed, and the viewers who may not know them. */
export interface Twin<State> {
  /** What was changed, for the failure message. */
  what: string;
  state: State;
  blind: Viewer[];
}

/**
 * The view and legal-action half of the leak check: each way a viewer blind to `twin`'s change tells it
 * apart from `state`, as messages. `phase` names where; `compared` gathers the phases whose legal actions
 * were compared (a spectator has none).
 */
export function blindLeaks<State, View>(
  rules: { view(state: State, viewer: Viewer): View; legalActions(view: View): unknown },
  state: State,
  twin: Twin<State>,
  phase: string,
  compared: Set<string>,
  json: (value: unknown) => string = JSON.stringify,
): string[] {
  const problems = viewsThatDiffer(rules.view, state, twin.state, twin.blind).map(
    (viewer) => `${phase}: view of ${viewer} depends on ${twin.what}`,
  );
  for (const viewer of twin.blind) {
    if (viewer === "spectator") continue;
    compared.add(phase);
    const legal = (of: State) => json(rules.legalActions(rules.view(of, viewer)));
    if (legal(state) !== legal(twin.state))
      problems.push(`${phase}: legal actions of ${viewer} depend on ${twin.what}`);
  }
  return problems;
}

/** The value of a result that must have succeeded; throws with the refusal's code otherwise. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** One action of a game played out, with the events it caused. */
export interface PlayedStep<Event> {
  action: unknown;
  events: Event[];
}

/** `playOut`, keeping each action with its events: the steps and the last state. */
export function playSteps<State, Event>(
  rules: { apply(state: State, input: unknown): Result<{ state: State; events: Event[] }> },
  initial: State,
  choose: (state: State) => unknown | null,
  maxSteps = 100_000,
): { steps: PlayedStep<Event>[]; state: State } {
  const steps: PlayedStep<Event>[] = [];
  let chosen: unknown = null;
  const pickAndKeep = (state: State) => {
    chosen = choose(state);
    return chosen;
  };
  const keep = (_: State, events: Event[], step: number) => {
    if (step > 0) steps.push({ action: chosen, events });
  };
  return { steps, state: playOut(rules, initial, pickAndKeep, keep, maxSteps) };
}

/** Every state of a game played out by `playOut`, the first included. */
export function playedStates<State>(
  rules: { apply(state: State, input: unknown): Result<{ state: State; events: unknown[] }> },
  initial: State,
  choose: (state: State) => unknown | null,
): State[] {
  const states: State[] = [];
  playOut(rules, initial, choose, (state) => states.push(state));
  return states;
}

/** A short hash of states' JSON, in order: what a rules-version test pins for a seed. */
export function fingerprint(states: readonly unknown[]): string {
  return sha256Hex(states.map((state) => JSON.stringify(state)).join("")).slice(0, 16);
}

/** Freezes a value and everything in it, so that code changing it throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Each input applied to a deep-frozen copy of `state`: its result, and whether the copy was left as it was. */
export function applyToFrozen<State, Applied>(
  rules: { apply(state: State, input: unknown): Result<Applied> },
  state: State,
  inputs: readonly unknown[],
): Array<{ input: unknown; result: Result<Applied>; untouched: boolean }> {
  const frozen = deepFreeze(structuredClone(state));
  const before = JSON.stringify(frozen);
  return inputs.map((input) => {
    const result = rules.apply(frozen, input);
    return { input, result, untouched: JSON.stringify(frozen) === before };
  });
}

/**
 * A test game's record: table ABCDEF on a fixed date unless `header` says otherwise, finished with the
 * last state's scores and winners once it has winners.
 */
export function testRecord(
  header: Pick<GameRecord, "game" | "match" | "seats" | "tags"> & Partial<Pick<GameRecord, "rules" | "date">>,
  rounds: RecordRound[],
  last: { scores: readonly number[]; winners: readonly Seat[] | null },
): GameRecord {
  return {
    rules: 1,
    table: "ABCDEF",
    date: "2026-11-26T10:00:00.000Z",
    ...header,
    finished: last.winners !== null,
    rounds,
    result: last.winners ? { scores: last.scores.slice(), winners: last.winners.slice() } : null,
  };
}

/** Plays a game out and gathers what `check` finds at each state, given the action chosen there (null at the end). */
export function problemsAlong<State, Action>(
  rules: { apply(state: State, input: unknown): Result<{ state: State; events: unknown[] }> },
  initial: State,
  choose: (state: State) => Action | null,
  check: (state: State, next: Action | null) => string[],
): string[] {
  const problems: string[] = [];
  playOut(rules, initial, (state) => {
    const next = choose(state);
    problems.push(...check(state, next));
    return next;
  });
  return problems;
}

interface FoldingRules<State, Event, View, ViewEvent> {
  apply(state: State, input: unknown): Result<{ state: State; events: Event[] }>;
  view(state: State, viewer: Viewer): View;
  viewEvent(event: Event, viewer: Viewer): ViewEvent;
  fold(view: View, event: ViewEvent): View;
}

/**
 * The fold check (`foldsThatDiffer`) after every action of a game played out by `choose`, for the
 * viewers `viewersAt` names at each step: what went wrong, as messages, and how many actions were checked.
 */
export function foldsAlong<State, Event, View, ViewEvent>(
  rules: FoldingRules<State, Event, View, ViewEvent>,
  initial: State,
  choose: (state: State) => unknown | null,
  viewersAt: () => readonly Viewer[],
): { problems: string[]; checked: number } {
  const problems: string[] = [];
  let checked = 0;
  let before = initial;
  playOut(rules, initial, choose, (state, events, step) => {
    if (step > 0) {
      const wrong = foldsThatDiffer(rules, before, events, state, viewersAt());
      if (wrong.length > 0) problems.push(`step ${step}: ${events.map(typeOf)} folds wrong for ${wrong}`);
      checked++;
    }
    before = state;
  });
  return { problems, checked };
}

const typeOf = (event: unknown) => (event as { type?: unknown }).type;

/** Whether folding the events of `action` into `viewer`'s view leaves that view as it was: fold is pure. */
export function foldKeepsView<State, Event, View, ViewEvent>(
  rules: FoldingRules<State, Event, View, ViewEvent>,
  state: State,
  action: unknown,
  viewer: Viewer,
): boolean {
  const view = rules.view(state, viewer);
  const before = JSON.stringify(view);
  const applied = rules.apply(state, action);
  if (!applied.ok) throw new Error(applied.error.message);
  for (const event of applied.value.events) rules.fold(view, rules.viewEvent(event, viewer));
  return JSON.stringify(view) === before;
}
