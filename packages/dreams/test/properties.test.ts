import { applyToFrozen, playOut } from "@firmament/game-kit/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply, replay } from "../src/apply";
import { evolveAll } from "../src/evolve";
import { mulberry32, randomLegalAction } from "../src/testing";
import type { DreamsEvent, DreamsState, Guess } from "../src/types";
import { view } from "../src/view";
import { newGame } from "./helpers";

const GAMES_PER_COUNT = Number(process.env.ENGINE_PROPERTY_GAMES ?? 1000);
const VIEW_GAMES_PER_COUNT = Math.max(10, Math.floor(GAMES_PER_COUNT / 20));

/** The scoring rule, written again independently of src/scoring.ts. */
function expectedPoints(state: DreamsState): number[] {
  const { mortal, vision, guesses } = state.round;
  const mortalColour = state.colours[mortal];
  const namedCount = (colour: string) =>
    guesses.filter((g) => g && "colour" in g && g.colour === colour).length;
  return state.colours.map((colour, seat) => {
    const guess = guesses[seat] as Guess;
    if (seat === mortal)
      return (namedCount(colour) === 0 ? 3 : 0) + ("image" in guess && guess.image === vision ? 2 : 0);
    return ("colour" in guess && guess.colour === mortalColour ? 2 : 0) + (namedCount(colour) === 0 ? 1 : 0);
  });
}

interface Played {
  initial: DreamsState;
  final: DreamsState;
  actions: unknown[];
  events: DreamsEvent[];
}

/** Plays a whole random legal game, checking the per-action and per-round invariants as it goes. */
function playChecked(players: number, seed: number, onState?: (state: DreamsState) => void): Played {
  const initial = newGame(players, seed);
  const random = mulberry32(seed ^ 0x9e3779b9);
  const actions: unknown[] = [];
  const events: DreamsEvent[] = [];
  let state = initial;
  for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
    const before = state;
    const result = apply(state, action);
    if (!result.ok) throw new Error(`legal action refused: ${result.error.code}`);
    state = result.value.state;
    actions.push(action);
    events.push(...result.value.events);
    onState?.(state);
    if (before.phase === "guessing" && state.phase !== "guessing") {
      // The round was revealed by this action.
      const mortals = state.colours.filter((_, seat) => view(state, seat).me?.role === "mortal");
      expect(mortals.length).toBe(1);
      for (let seat = 0; seat < players; seat++)
        expect(
          state.round.stars
            .filter((s) => s.seat === seat)
            .map((s) => s.kind)
            .sort(),
        ).toEqual(["black", "clear", "gray"]);
      const gained = state.scores.map((score, seat) => score - (before.scores[seat] as number));
      expect(gained).toEqual(expectedPoints(state));
      expect(state.phase).toBe(Math.max(...state.scores) >= 16 ? "over" : "reveal");
    }
    if (Math.max(...before.scores) >= 16) throw new Error("the game went on after someone reached 16");
  }
  const best = Math.max(...state.scores);
  expect(best).toBeGreaterThanOrEqual(16);
  expect(state.winners).toEqual(state.scores.flatMap((score, seat) => (score === best ? [seat] : [])));
  return { initial, final: state, actions, events };
}

describe.each([3, 4, 5, 6])("random legal games with %i players", (players) => {
  it(`hold every invariant over ${GAMES_PER_COUNT} games, and replay exactly`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { initial, final, actions, events } = playChecked(players, seed);
        const replayed = replay(initial, actions);
        expect(replayed.ok && replayed.value).toEqual(final);
        expect(evolveAll(initial, events)).toEqual(final);
        expect(JSON.parse(JSON.stringify(final))).toEqual(final);
      }),
      { numRuns: GAMES_PER_COUNT, seed: 20261126 + players },
    );
  });

  it(`never lets a view hold what its viewer may not know (${VIEW_GAMES_PER_COUNT} games)`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const leaks: string[] = [];
        playChecked(players, seed, (state) => leaks.push(...viewLeaks(state)));
        expect(leaks).toEqual([]);
      }),
      { numRuns: VIEW_GAMES_PER_COUNT, seed: 1126 + players },
    );
  });
});

/** The same state with one hidden fact changed. */
function withRound(state: DreamsState, change: Partial<DreamsState["round"]>): DreamsState {
  return { ...state, round: { ...state.round, ...change } };
}

/** Every way a view could leak, as readable problems; empty when all views keep their secrets. */
function viewLeaks(state: DreamsState): string[] {
  const problems: string[] = [];
  const players = state.colours.length;
  const round = state.round;
  const revealed = round.result !== null;
  const viewers = [...Array.from({ length: players }, (_, s) => s), "spectator" as const];
  const json = (s: DreamsState, viewer: number | "spectator") => JSON.stringify(view(s, viewer));
  const same = (changed: DreamsState, viewer: number | "spectator", what: string) => {
    if (json(changed, viewer) !== json(state, viewer)) problems.push(`view of ${viewer} depends on ${what}`);
  };

  // Nothing about the generator or the pile, by search of the serialised view.
  for (const viewer of viewers) {
    const text = json(state, viewer);
    if (text.includes(state.rng.key)) problems.push(`view of ${viewer} holds the generator key`);
    const cardsShown = new Set(text.match(/card-\d{3}/g));
    if (state.pile.some((card) => cardsShown.has(card))) problems.push(`view of ${viewer} names a pile card`);
    if (!revealed && text.includes(round.salt)) problems.push(`view of ${viewer} holds the salt`);
  }
  // Views do not change when the generator, the pile order or (before the reveal) the salt change.
  const otherDeal = {
    ...withRound(state, revealed ? {} : { salt: "f".repeat(32) }),
    rng: { key: "0".repeat(64), counter: 999 },
    pile: state.pile.slice().reverse(),
  };
  for (const viewer of viewers) same(otherDeal, viewer, "the generator, the pile or the salt");
  if (revealed) return problems;

  const otherVision = ((round.vision % 4) + 1) as 1 | 2 | 3 | 4;
  // One counterfactual per viewer and hidden fact, varied with the round and the number of stars.
  const shift = 1 + ((round.number + round.stars.length) % (players - 1));
  for (let seat = 0; seat < players; seat++) {
    const other = (seat + shift) % players;
    if (seat === round.mortal) same(withRound(state, { vision: otherVision }), seat, "the vision");
    else same(withRound(state, { mortal: other }), seat, "who the mortal is");
    const guess = round.guesses[other];
    if (!guess) continue;
    const guesses = round.guesses.slice();
    guesses[other] =
      "image" in guess
        ? { image: guess.image === 1 ? 2 : 1 }
        : {
            colour:
              state.colours.find((c) => c !== guess.colour && c !== state.colours[other]) ?? guess.colour,
          };
    same(withRound(state, { guesses }), seat, "another seat's guess");
  }
  same(withRound(state, { vision: otherVision }), "spectator", "the vision");
  for (let other = 0; other < players; other++)
    same(withRound(state, { mortal: other }), "spectator", "who the mortal is");
  return problems;
}

describe("illegal and malformed actions", () => {
  const junk = fc.oneof(
    fc.anything(),
    fc.record({
      type: fc.constantFrom("place_star", "guess", "ready", "fly"),
      seat: fc.oneof(fc.integer({ min: -2, max: 8 }), fc.double(), fc.string()),
      kind: fc.oneof(fc.constantFrom("clear", "gray", "black"), fc.string()),
      x: fc.oneof(fc.double(), fc.constant(Number.NaN), fc.string()),
      y: fc.oneof(fc.double(), fc.constant(Number.POSITIVE_INFINITY)),
      guess: fc.oneof(
        fc.record({ colour: fc.constantFrom("red", "blue", "green", "yellow", "purple", "white", "mauve") }),
        fc.record({ image: fc.oneof(fc.integer({ min: -1, max: 6 }), fc.double()) }),
        fc.anything(),
      ),
    }),
  );

  it("never throw, and a refused action leaves the state untouched", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 6 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 120 }),
        fc.array(junk, { minLength: 1, maxLength: 20 }),
        (players, seed, steps, attempts) => {
          const random = mulberry32(seed);
          const choose = (state: DreamsState) => randomLegalAction(state, random);
          const state = playOut({ apply }, newGame(players, seed), choose, undefined, steps);
          for (const { result, untouched } of applyToFrozen({ apply }, state, attempts)) {
            if (!result.ok) {
              expect(result.error.code).toMatch(/^[a-z]+\/[a-z_]+$/);
              expect(result.error.message.length).toBeGreaterThan(0);
            }
            expect(untouched).toBe(true);
          }
        },
      ),
      { numRuns: 2000, seed: 7 },
    );
  });
});
