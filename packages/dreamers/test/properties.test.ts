import { applyToFrozen, playOut } from "@firmament/game-kit/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply, replay } from "../src/apply";
import { DREAM_CARDS, NIGHTMARE_CARDS, nightmareCard } from "../src/decks";
import { evolveAll } from "../src/evolve";
import { checkAction, legalActions } from "../src/legal";
import { mulberry32, randomLegalAction } from "../src/testing";
import {
  DECLARATIONS,
  type DreamersAction,
  type DreamersEvent,
  type DreamersState,
  MAX_TURNS,
  type Seat,
} from "../src/types";
import { view } from "../src/view";
import { newGame } from "./helpers";

const GAMES = Number(process.env.DREAMERS_PROPERTY_GAMES ?? 2000);
const AGREEMENT_GAMES = Math.max(20, Math.floor(GAMES / 20));

const DREAM_INDEX = new Map(DREAM_CARDS.map((c, i) => [c.id, i]));
const NIGHTMARE_INDEX = new Map(NIGHTMARE_CARDS.map((c, i) => [c.id, i]));

/** Whether `ids` hold every card of the deck (by `index`) exactly once. */
function exactlyOnce(index: Map<string, number>, piles: ReadonlyArray<readonly (string | null)[]>): boolean {
  const seen = new Uint8Array(index.size);
  let count = 0;
  for (const pile of piles)
    for (const id of pile) {
      if (id === null) continue;
      const at = index.get(id);
      if (at === undefined || seen[at]) return false;
      seen[at] = 1;
      count++;
    }
  return count === index.size;
}

/** Where every card is: hands, decks, discards and the table hold each card exactly once. */
function conservationProblems(state: DreamersState): string[] {
  const round = state.round;
  if (round.number === 0) return [];
  const dreams = [
    round.hands[0],
    round.hands[1],
    round.dreamDeck,
    round.dreamDiscard,
    round.plays,
    round.modifier ? [round.modifier.card] : [],
  ];
  const nightmares = [round.nightmareDeck, round.nightmareDiscard, [round.nightmare]];
  const problems: string[] = [];
  if (!exactlyOnce(DREAM_INDEX, dreams)) problems.push(`dream cards: ${JSON.stringify(dreams)}`);
  if (!exactlyOnce(NIGHTMARE_INDEX, nightmares))
    problems.push(`nightmare cards: ${JSON.stringify(nightmares)}`);
  return problems;
}

/** The scoring rules, written again independently of src/scoring.ts. */
function expectedPoints(state: DreamersState): [number, number] {
  const result = state.round.result;
  if (!result) throw new Error("no result");
  const [a, b] = result.secret.identities;
  const points: [number, number] = [0, 0];
  if (result.end === "accusation") {
    const accuser = result.accuser as Seat;
    points[accuser] = result.secret.identities[1 - accuser] === "master" ? 2 : -1;
  } else if (result.end === "gates") {
    if (a === "dreamer" && b === "dreamer") return [2, 2];
    points[a === "dreamer" ? 0 : 1] = 3;
  } else if (a === "master" || b === "master") points[a === "master" ? 0 : 1] = 2;
  return points;
}

interface Played {
  initial: DreamersState;
  final: DreamersState;
  actions: DreamersAction[];
  events: DreamersEvent[];
}

/** A whole random legal game, checking every per-step invariant on the way. */
function playChecked(seed: number, onStep?: (before: DreamersState, after: DreamersState) => void): Played {
  const initial = newGame(seed);
  const random = mulberry32(seed ^ 0x9e3779b9);
  const actions: DreamersAction[] = [];
  const events: DreamersEvent[] = [];
  let state = initial;
  expect(conservationProblems(state)).toEqual([]);
  for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
    const before = state;
    const result = apply(state, action);
    if (!result.ok) throw new Error(`legal action refused: ${result.error.code} ${JSON.stringify(action)}`);
    state = result.value.state;
    actions.push(action);
    events.push(...result.value.events);
    checkStep(before, state, result.value.events);
    onStep?.(before, state);
  }
  return { initial, final: state, actions, events };
}

/** The most turns any checked round reached. */
let longestRound = 0;

function checkStep(before: DreamersState, state: DreamersState, events: DreamersEvent[]): void {
  const problems = conservationProblems(state);
  if (problems.length) throw new Error(problems.join("; "));
  const round = state.round;
  if (round.turn > MAX_TURNS || round.history.length > MAX_TURNS) throw new Error(`turn ${round.turn}`);
  longestRound = Math.max(longestRound, round.turn);
  if (state.phase !== "over" && view(state, "spectator").awaiting.length === 0)
    throw new Error(`nobody awaited in ${state.phase}`);
  let lastSum: number | null = null;
  for (const event of events) {
    if (event.type === "cards_turned" || event.type === "modifier_played") lastSum = event.sum;
    if (event.type === "turn_started" && event.reshuffled !== null)
      throw new Error("the Nightmare deck ran out within a round");
    if (event.type === "gate_opened") {
      const nightmare = nightmareCard(before.round.nightmare ?? "")?.value;
      if (lastSum !== nightmare) throw new Error(`a gate opened on ${lastSum} against ${nightmare}`);
    }
    if (event.type === "turn_ended") {
      const record = event.record;
      if (record.gateOpened !== (record.sum === record.nightmare.value))
        throw new Error("a turn's gate does not match its sum");
      const [first, second] = record.plays;
      const expected = record.modifier
        ? record.modifier.target === "first"
          ? modify(first.value, record.modifier.modifier) + second.value
          : first.value + modify(second.value, record.modifier.modifier)
        : first.value + second.value;
      if (expected !== record.sum) throw new Error(`sum ${record.sum}, expected ${expected}`);
      if (record.modifier && !record.gateOpened) throw new Error("a modifier that missed");
    }
    if (event.type === "round_ended") {
      const gained: [number, number] = [
        state.scores[0] - before.scores[0],
        state.scores[1] - before.scores[1],
      ];
      expect(gained).toEqual(expectedPoints(state));
      expect(event.result.gates).toBe(round.history.filter((t) => t.gateOpened).length);
      expect(event.result.end === "gates").toBe(event.result.gates === 3);
      expect([...event.result.secret.identities, event.result.secret.unused].sort()).toEqual([
        "dreamer",
        "dreamer",
        "master",
      ]);
    }
  }
}

function modify(value: number, modifier: string): number {
  return modifier === "x2" ? value * 2 : value + Number(modifier);
}

describe(`random legal games (${GAMES})`, () => {
  it("conserve every card, open gates only on exact sums, last at most 8 turns a round, score right, and replay exactly", () => {
    let rounds = 0;
    const ends = new Set<string>();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { initial, final, actions, events } = playChecked(seed);
        expect(final.phase).toBe("over");
        const tied = final.results[4]?.scores[0] === final.results[4]?.scores[1];
        expect(final.results).toHaveLength(tied ? 6 : 5);
        const best = Math.max(...final.scores);
        expect(final.winners).toEqual(final.scores.flatMap((s, seat) => (s === best ? [seat] : [])));
        for (const result of final.results) {
          rounds++;
          ends.add(result.end);
        }
        const replayed = replay(initial, actions);
        expect(replayed.ok && replayed.value).toEqual(final);
        expect(evolveAll(initial, events)).toEqual(final);
        expect(JSON.parse(JSON.stringify(final))).toEqual(final);
      }),
      { numRuns: GAMES, seed: 20260501 },
    );
    expect(ends).toEqual(new Set(["gates", "accusation", "exhausted"]));
    expect(rounds).toBeGreaterThanOrEqual(GAMES * 5);
    // Every step checked the bound of 8 turns; random games reach it, so it is tight.
    expect(longestRound).toBe(MAX_TURNS);
  });

  it(`agree with checkAction and legalActions on every candidate action (${AGREEMENT_GAMES} games)`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const mismatches: string[] = [];
        playChecked(seed, (state) => mismatches.push(...agreementProblems(state)));
        expect(mismatches).toEqual([]);
      }),
      { numRuns: AGREEMENT_GAMES, seed: 77 },
    );
  });
});

/** Every action either seat could try now. */
function candidates(state: DreamersState): DreamersAction[] {
  const out: DreamersAction[] = [];
  for (const seat of [0, 1]) {
    const cards = [...(state.round.hands[seat] ?? []), "dream-1a", "dream-10b"];
    out.push(
      { type: "pass", seat },
      { type: "accuse", seat },
      { type: "end_turn", seat },
      { type: "ready", seat },
    );
    out.push(
      { type: "choose_identity", seat, identity: "dreamer" },
      { type: "choose_identity", seat, identity: "master" },
    );
    for (const card of cards) {
      out.push({ type: "play_dream", seat, card });
      for (const declaration of DECLARATIONS) out.push({ type: "play_dream", seat, card, declaration });
      out.push(
        { type: "modify", seat, card, target: "first" },
        { type: "modify", seat, card, target: "second" },
      );
    }
  }
  return out;
}

/** checkAction on a seat's view answers exactly as apply on the state; legalActions lists exactly the accepted. */
function agreementProblems(state: DreamersState): string[] {
  const problems: string[] = [];
  const accepted = new Set<string>();
  for (const action of candidates(state)) {
    const applied = apply(state, action);
    const checked = checkAction(view(state, action.seat), action);
    const fromApply = applied.ok ? null : applied.error.code;
    if (fromApply !== (checked?.code ?? null))
      problems.push(`${JSON.stringify(action)}: apply ${fromApply}, checkAction ${checked?.code}`);
    if (applied.ok) accepted.add(JSON.stringify(action));
  }
  const listed = new Set<string>();
  for (const seat of [0, 1])
    for (const legal of legalActions(view(state, seat)))
      for (const action of expand(legal)) listed.add(JSON.stringify(action));
  for (const action of accepted) if (!listed.has(action)) problems.push(`accepted but not listed: ${action}`);
  for (const action of listed) if (!accepted.has(action)) problems.push(`listed but refused: ${action}`);
  return problems;
}

function expand(legal: ReturnType<typeof legalActions>[number]): DreamersAction[] {
  const seat = legal.seat;
  switch (legal.type) {
    case "choose_identity":
      return legal.identities.map((identity) => ({ type: legal.type, seat, identity }));
    case "play_dream":
      return legal.cards.flatMap((card) =>
        legal.declare
          ? DECLARATIONS.map((declaration) => ({ type: legal.type, seat, card, declaration }))
          : [{ type: legal.type, seat, card }],
      );
    case "modify":
      return legal.options.map(({ card, target }) => ({ type: legal.type, seat, card, target }));
    default:
      return [{ type: legal.type, seat }];
  }
}

describe("illegal and malformed actions", () => {
  const junk = fc.oneof(
    fc.anything(),
    fc.record(
      {
        type: fc.constantFrom(
          "choose_identity",
          "play_dream",
          "modify",
          "pass",
          "accuse",
          "end_turn",
          "ready",
          "fly",
        ),
        seat: fc.oneof(fc.integer({ min: -1, max: 2 }), fc.double(), fc.string()),
        card: fc.oneof(fc.constantFrom(...DREAM_CARDS.map((c) => c.id)), fc.string(), fc.integer()),
        declaration: fc.oneof(fc.constantFrom(...DECLARATIONS), fc.string()),
        target: fc.oneof(fc.constantFrom("first", "second"), fc.string()),
        identity: fc.constantFrom("dreamer", "master", "god"),
        extra: fc.anything(),
      },
      { requiredKeys: ["type", "seat"] },
    ),
  );

  it("never throw, and a refused action leaves the state untouched", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 200 }),
        fc.array(junk, { minLength: 1, maxLength: 20 }),
        (seed, steps, attempts) => {
          const random = mulberry32(seed);
          const choose = (state: DreamersState) => randomLegalAction(state, random);
          const state = playOut({ apply }, newGame(seed), choose, undefined, steps);
          for (const { result, untouched } of applyToFrozen({ apply }, state, attempts)) {
            if (!result.ok) {
              expect(result.error.code).toMatch(/^[a-z]+\/[a-z_]+$/);
              expect(result.error.message.length).toBeGreaterThan(0);
            } else expect(conservationProblems(result.value.state)).toEqual([]);
            expect(untouched).toBe(true);
          }
        },
      ),
      { numRuns: 1500, seed: 11 },
    );
  });
});
