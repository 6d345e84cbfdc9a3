/**
 * Counterfactual leak checks: the same game with hidden parts changed — a seat's number (to another the
 * public answers still allow) or the salt — must look byte-for-byte the same to whoever may not know
 * them, in views, in legal actions, and in the events and views of the next action.
 */
import { blindLeaks, type Twin as KitTwin, playOut, problemsAlong } from "@firmament/game-kit/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply } from "../src/apply";
import { legalActions } from "../src/legal";
import { other, rangeOf } from "../src/rules";
import { mulberry32, randomLegalAction } from "../src/testing";
import type { HighLowAction, HighLowEvent, HighLowState, Seat, Viewer } from "../src/types";
import { view, viewEvent } from "../src/view";
import { newGame } from "./helpers";

const GAMES = Number(process.env.HIGHLOW_LEAK_GAMES ?? 200);

type Twin = KitTwin<HighLowState>;

/** The seat's number changed to the farthest other one the other seat's answers still allow. */
function numberTwin(state: HighLowState, seat: Seat): HighLowState | null {
  const number = state.numbers[seat];
  if (number == null) return null;
  const { min, max } = rangeOf(state.guesses, other(seat));
  const changed = number - min > max - number ? min : max;
  if (changed === number) return null;
  const numbers: HighLowState["numbers"] = [state.numbers[0], state.numbers[1]];
  numbers[seat] = changed;
  return { ...state, numbers };
}

function twinsOf(state: HighLowState): Twin[] {
  if (state.phase === "over") return [];
  const twins: Twin[] = [
    { what: "the salt", state: { ...state, salt: "f".repeat(32) }, blind: [0, 1, "spectator"] },
  ];
  for (const seat of [0, 1] as Seat[]) {
    const twin = numberTwin(state, seat);
    if (twin) twins.push({ what: `seat ${seat}'s number`, state: twin, blind: [other(seat), "spectator"] });
  }
  return twins;
}

/**
 * JSON with every commitment left out: the commitment is a salted hash of both numbers, published so the
 * end can be checked; it differs between the worlds by design and tells nothing without the salt.
 */
const json = (value: unknown) => JSON.stringify(value, (key, v) => (key === "commitment" ? "#" : v));

const phasesCompared = new Set<string>();

/** Every way the twins of `state` tell apart what a blind viewer may not know. */
function leaks(state: HighLowState, next: HighLowAction | null): string[] {
  const problems: string[] = [];
  for (const twin of twinsOf(state)) {
    problems.push(...blindLeaks({ view, legalActions }, state, twin, state.phase, phasesCompared, json));
    if (next) problems.push(...nextLeaks(state, twin, next));
  }
  return problems;
}

/** The next action played in both worlds must look the same to the blind, unless it ends the game or its answer differs. */
function nextLeaks(state: HighLowState, twin: Twin, next: HighLowAction): string[] {
  const real = apply(state, next);
  const other = apply(twin.state, next);
  if (!real.ok || !other.ok)
    return [`${state.phase}: ${json(next)} accepted in one world only (${twin.what})`];
  const answers = (events: HighLowEvent[]) => json(events.filter((e) => e.type === "guessed"));
  const ends = real.value.events.some((e) => e.type === "game_ended");
  if (ends || answers(real.value.events) !== answers(other.value.events)) return [];
  const problems: string[] = [];
  for (const viewer of twin.blind) {
    const seen = (events: HighLowEvent[]) => json(events.map((e) => viewEvent(e, viewer)));
    if (seen(real.value.events) !== seen(other.value.events))
      problems.push(`${state.phase}: events of ${json(next)} seen by ${viewer} depend on ${twin.what}`);
    if (json(view(real.value.state, viewer)) !== json(view(other.value.state, viewer)))
      problems.push(`${state.phase}: view of ${viewer} after ${json(next)} depends on ${twin.what}`);
  }
  return problems;
}

/** Neither the salt nor a number its viewer may not know appears in a view before the end. */
function namedSecrets(state: HighLowState): string[] {
  if (state.phase === "over") return [];
  const problems: string[] = [];
  for (const viewer of [0, 1, "spectator"] as Viewer[]) {
    const seen = view(state, viewer);
    if (JSON.stringify(seen).includes(state.salt)) problems.push(`view of ${viewer} holds the salt`);
    if (seen.secret !== null) problems.push(`view of ${viewer} holds the secret`);
    const own = viewer === "spectator" ? null : state.numbers[viewer];
    if (seen.mine !== own) problems.push(`view of ${viewer} shows ${seen.mine} as its number`);
  }
  return problems;
}

describe(`leaks over ${GAMES} random games`, () => {
  it("no view, legal action or event depends on what its viewer may not know", () => {
    let nextCompared = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const random = mulberry32(seed);
        const choose = (state: HighLowState) => randomLegalAction(state, random);
        const check = (state: HighLowState, next: HighLowAction | null) => {
          if (next) nextCompared += twinsOf(state).length;
          return [...leaks(state, next), ...namedSecrets(state)];
        };
        expect(problemsAlong({ apply }, newGame(seed), choose, check)).toEqual([]);
      }),
      { numRuns: GAMES, seed: 4242 },
    );
    expect([...phasesCompared].sort()).toEqual(["choosing", "guessing"]);
    expect(nextCompared).toBeGreaterThan(GAMES * 5);
  });
});

describe("viewEvent", () => {
  it("shows every chosen number's event the same to the others, whatever the number", () => {
    let checked = 0;
    for (let seed = 0; seed < 40; seed++) {
      const random = mulberry32(seed);
      const choose = (state: HighLowState) => randomLegalAction(state, random);
      playOut({ apply }, newGame(seed), choose, (_, events) => {
        for (const event of events) {
          if (event.type !== "number_chosen") continue;
          const twin = { ...event, number: (event.number % 50) + 1 };
          for (const viewer of [other(event.seat), "spectator"] as Viewer[]) {
            expect(json(viewEvent(twin, viewer))).toBe(json(viewEvent(event, viewer)));
            checked++;
          }
        }
      });
    }
    expect(checked).toBe(40 * 2 * 2);
  });
});
