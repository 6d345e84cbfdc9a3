/** What a viewer sees: the counterfactual leak check and the fold check. */
import type { Seat, Viewer } from "../contract";
import type { Result } from "../result";
import { playOut } from "./play";

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
