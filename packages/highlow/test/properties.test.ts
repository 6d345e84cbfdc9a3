import { allViewers, applyToFrozen, foldsThatDiffer, playOut } from "@firmament/game-kit/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply, evolve, replay } from "../src/apply";
import { highlow } from "../src/game";
import { checkAction, legalActions } from "../src/legal";
import { mulberry32, randomLegalAction } from "../src/testing";
import { HIGHEST, type HighLowAction, type HighLowState, LOWEST } from "../src/types";
import { view } from "../src/view";
import { newGame, randomGame } from "./helpers";

const GAMES = Number(process.env.HIGHLOW_PROPERTY_GAMES ?? 1000);
const AGREEMENT_GAMES = Math.max(20, Math.floor(GAMES / 20));

/** What must hold of every finished random game, written again independently of the rules. */
function finishedProblems(states: HighLowState[]): string[] {
  const final = states.at(-1) as HighLowState;
  const problems: string[] = [];
  const [zero, one] = final.numbers as [number, number];
  const last = final.guesses.at(-1);
  if (final.phase !== "over" || !last) return ["the game did not end with a guess"];
  if (last.answer !== "hit" || final.winners?.join() !== String(last.seat))
    problems.push("the winner is not the hitter");
  if (final.scores[last.seat] !== 1 || final.scores[1 - last.seat] !== 0)
    problems.push("scores are not 1 and 0");
  final.guesses.forEach((guess, i) => {
    const hidden = guess.seat === 0 ? one : zero;
    const answer = guess.number === hidden ? "hit" : hidden > guess.number ? "higher" : "lower";
    if (answer !== guess.answer) problems.push(`guess ${i} answered ${guess.answer}, not ${answer}`);
    if (guess.seat !== (i % 2 === 0 ? final.first : 1 - final.first)) problems.push(`guess ${i} out of turn`);
    const earlier = final.guesses.slice(0, i).filter((g) => g.seat === guess.seat);
    if (earlier.some((g) => g.number === guess.number)) problems.push(`guess ${i} repeats a number`);
  });
  if (final.guesses.length > 2 * (HIGHEST - LOWEST + 1)) problems.push("too many guesses");
  for (const state of states.slice(0, -1))
    if (view(state, "spectator").awaiting.length === 0) problems.push(`nobody awaited in ${state.phase}`);
  return problems;
}

describe(`random legal games (${GAMES})`, () => {
  it("end with the hitter winning, answer truly, take turns, and replay exactly", () => {
    let longest = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { states, actions, events } = randomGame(seed);
        const [initial, final] = [states[0] as HighLowState, states.at(-1) as HighLowState];
        expect(finishedProblems(states)).toEqual([]);
        longest = Math.max(longest, final.guesses.length);
        const replayed = replay(initial, actions);
        expect(replayed.ok && replayed.value).toEqual(final);
        expect(events.flat().reduce(evolve, initial)).toEqual(final);
        expect(JSON.parse(JSON.stringify(final))).toEqual(final);
      }),
      { numRuns: GAMES, seed: 20261127 },
    );
    // Random guessers miss often, so games run long: the bound on guesses is exercised.
    expect(longest).toBeGreaterThan(10);
  });

  it("fold each viewer's events into its view before an action to give its view after it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { states, events } = randomGame(seed);
        events.forEach((happened, i) => {
          const differ = foldsThatDiffer(highlow, states[i], happened, states[i + 1], allViewers(2));
          expect(differ, `step ${i}: ${JSON.stringify(happened)}`).toEqual([]);
        });
      }),
      { numRuns: GAMES, seed: 5 },
    );
  });

  it(`agree with checkAction and legalActions on every candidate action (${AGREEMENT_GAMES} games)`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const problems = randomGame(seed).states.flatMap(agreementProblems);
        expect(problems).toEqual([]);
      }),
      { numRuns: AGREEMENT_GAMES, seed: 77 },
    );
  });
});

/** checkAction on a seat's view answers exactly as apply on the state; legalActions lists exactly the accepted. */
function agreementProblems(state: HighLowState): string[] {
  const problems: string[] = [];
  const accepted = new Set<string>();
  for (const seat of [0, 1])
    for (const type of ["choose", "guess"] as const)
      for (let number = LOWEST - 1; number <= HIGHEST + 1; number++) {
        const action: HighLowAction = { type, seat, number };
        const applied = apply(state, action);
        const fromApply = applied.ok ? null : applied.error.code;
        const checked = checkAction(view(state, seat), action)?.code ?? null;
        if (fromApply !== checked)
          problems.push(`${JSON.stringify(action)}: apply ${fromApply}, check ${checked}`);
        if (applied.ok) accepted.add(JSON.stringify(action));
      }
  const listed = new Set<string>();
  for (const seat of [0, 1])
    for (const legal of legalActions(view(state, seat)))
      for (let number = legal.min; number <= legal.max; number++)
        listed.add(JSON.stringify({ type: legal.type, seat: legal.seat, number }));
  for (const action of accepted) if (!listed.has(action)) problems.push(`accepted, not listed: ${action}`);
  for (const action of listed) if (!accepted.has(action)) problems.push(`listed, refused: ${action}`);
  return problems;
}

describe("illegal and malformed actions", () => {
  const junk = fc.oneof(
    fc.anything(),
    fc.record(
      {
        type: fc.constantFrom("choose", "guess", "ready"),
        seat: fc.oneof(fc.integer({ min: -1, max: 2 }), fc.double(), fc.string()),
        number: fc.oneof(fc.integer({ min: -2, max: 53 }), fc.double(), fc.string()),
        extra: fc.anything(),
      },
      { requiredKeys: ["type", "seat"] },
    ),
  );

  it("never throw, and a refused action leaves the state untouched", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 30 }),
        fc.array(junk, { minLength: 1, maxLength: 20 }),
        (seed, steps, attempts) => {
          const random = mulberry32(seed);
          const choose = (state: HighLowState) => randomLegalAction(state, random);
          const state = playOut({ apply }, newGame(seed), choose, undefined, steps);
          for (const { input, result, untouched } of applyToFrozen({ apply }, state, attempts)) {
            if (!result.ok) expect(result.error.code).toMatch(/^[a-z]+\/[a-z_]+$/);
            else expect(listedFor(state, input as HighLowAction)).toBe(true);
            expect(untouched).toBe(true);
          }
        },
      ),
      { numRuns: 1000, seed: 11 },
    );
  });
});

/** Whether the seat's legal actions list this action. */
function listedFor(state: HighLowState, action: HighLowAction): boolean {
  return legalActions(view(state, action.seat)).some(
    (legal) => legal.type === action.type && legal.min <= action.number && action.number <= legal.max,
  );
}
