import {
  checkAction,
  createGame,
  type DreamersAction,
  type DreamersState,
  dreamers,
  type Identity,
  mulberry32,
  randomLegalAction,
  type Seat,
  SKULL_CARD,
  testSeed,
  view,
} from "@firmament/dreamers";
import { describe, expect, it } from "vitest";
import { playDreamersGame } from "./arena";
import { createDreamersBaseline, DREAMERS_BASELINES } from "./baselines";
import { createDreamersBot, DREAMERS_BOT_LEVELS, DREAMERS_LEVELS, type DreamersBot } from "./bot";
import { otherIsMaster } from "./dreamer";
import { masterSuspicion } from "./master";
import { type Situation, situationOf } from "./situation";
import { sketchState } from "./sketch";

function newGame(seed: number): DreamersState {
  const created = createGame({}, testSeed(mulberry32(seed)));
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

function step(state: DreamersState, action: DreamersAction): DreamersState {
  const applied = dreamers.apply(state, action);
  if (!applied.ok) throw new Error(`${applied.error.code}: ${JSON.stringify(action)}`);
  return applied.value.state;
}

/** Whose decision it is, and what that seat sees. */
function awaited(state: DreamersState): Seat | undefined {
  return dreamers.progress(state).awaiting[0];
}

/** How many of `n` bots of a level (seeds differ) decide as `expected` on this view. */
function agreeing(
  level: (typeof DREAMERS_BOT_LEVELS)[number],
  seen: ReturnType<typeof view>,
  expected: (decision: DreamersAction | null) => boolean,
  n = 40,
): number {
  let count = 0;
  for (let i = 0; i < n; i++)
    if (expected(createDreamersBot({ level, seed: `agree-${i}` }).decide(seen))) count++;
  return count;
}

const allBots = (seed: string): Array<[string, DreamersBot]> => [
  ...DREAMERS_BOT_LEVELS.map((level): [string, DreamersBot] => [level, createDreamersBot({ level, seed })]),
  ...DREAMERS_BASELINES.map((kind): [string, DreamersBot] => [kind, createDreamersBaseline(kind, seed)]),
];

describe("createDreamersBot", () => {
  it("refuses unknown levels and missing seeds", () => {
    expect(() => createDreamersBot({ level: "grandmaster" as "oracle", seed: "s" })).toThrow(/level/);
    expect(() => createDreamersBot({ level: "oracle", seed: 3 as unknown as string })).toThrow(/seed/);
  });

  it("returns null when its seat is not awaited, for a spectator and after the game", () => {
    const state = newGame(1);
    const waiting = awaited(state) as Seat;
    const bot = createDreamersBot({ level: "oracle", seed: "s" });
    expect(bot.decide(view(state, 1 - waiting))).toBeNull();
    expect(bot.decide(view(state, "spectator"))).toBeNull();
    expect(bot.decide(view(state, waiting))).not.toBeNull();
  });
});

describe("legality", () => {
  it("every decision passes checkAction in states reached by random play (all levels and baselines)", () => {
    let checked = 0;
    for (let g = 0; g < 8; g++) {
      let state = newGame(100 + g);
      const random = mulberry32(g);
      const bots = allBots(`legal-${g}`);
      for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
        const seat = awaited(state) as Seat;
        const seen = view(state, seat);
        for (const [name, bot] of bots) {
          const decision = bot.decide(seen);
          expect(decision, `${name} in ${state.phase}`).not.toBeNull();
          expect(checkAction(seen, decision), `${name}: ${JSON.stringify(decision)}`).toBeNull();
          checked++;
        }
        state = step(state, action);
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it("whole games between bots finish with every decision legal (the arena checks each one)", () => {
    const pairings = [
      ["novice", "oracle"],
      ["adept", "oracle"],
      ["oracle", "oracle"],
      ["random", "adept"],
      ["blocker", "novice"],
    ] as const;
    for (const [g, [a, b]] of pairings.entries()) {
      const game = playDreamersGame([a, b], `legal-game-${g}`);
      expect(game.rounds.length).toBeGreaterThanOrEqual(5);
      expect(game.winners.length).toBeGreaterThan(0);
    }
  });
});

describe("determinism and what the bot may know", () => {
  it("repeats a whole game exactly with the same seeds, and varies with others", () => {
    const a = playDreamersGame(["novice", "oracle"], "same");
    const b = playDreamersGame(["novice", "oracle"], "same");
    const c = playDreamersGame(["novice", "oracle"], "other");
    expect(b.rounds).toEqual(a.rounds);
    expect(c.rounds).not.toEqual(a.rounds);
  });

  it("decides the same from views of states that differ in every hidden part", () => {
    let compared = 0;
    for (let g = 0; g < 6; g++) {
      let state = newGame(200 + g);
      const random = mulberry32(1000 + g);
      const bots = DREAMERS_BOT_LEVELS.map((level) => createDreamersBot({ level, seed: `hidden-${g}` }));
      for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
        const seat = awaited(state) as Seat;
        const twin = hiddenTwin(state, seat, random);
        if (twin) {
          const seen = view(state, seat);
          expect(JSON.stringify(view(twin, seat))).toBe(JSON.stringify(seen));
          for (const bot of bots) expect(bot.decide(view(twin, seat))).toEqual(bot.decide(seen));
          compared++;
        }
        state = step(state, action);
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});

/**
 * The same game with everything `seat` may not know changed: the other's hand and face-down card
 * swapped with deck cards, the deck's order, the other's identity (when `seat`'s own allows another),
 * the unused identity, the salt and the generator. Null when nothing can be swapped.
 */
function hiddenTwin(state: DreamersState, seat: Seat, random: () => number): DreamersState | null {
  const round = state.round;
  if (!round.identities || state.phase === "round_over" || state.phase === "over") return null;
  const other = 1 - seat;
  const deck = round.dreamDeck.slice();
  const otherHand = (round.hands[other] ?? []).slice();
  const plays: [string | null, string | null] = [round.plays[0], round.plays[1]];
  const otherIndex = round.first === other ? 0 : 1;
  const faceDown = plays[0] !== null && plays[1] === null;
  const swap = (card: string): string => {
    const i = Math.floor(random() * deck.length);
    const replacement = deck[i];
    if (replacement === undefined) return card;
    deck[i] = card;
    return replacement;
  };
  for (let i = 0; i < otherHand.length; i++) otherHand[i] = swap(otherHand[i] as string);
  if (faceDown && otherIndex === 0 && plays[0]) plays[0] = swap(plays[0]);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j] as string, deck[i] as string];
  }
  const identities: [(typeof round.identities)[0], (typeof round.identities)[1]] = [...round.identities];
  if (identities[seat] === "dreamer")
    identities[other] = identities[other] === "master" ? "dreamer" : "master";
  const hands: [string[], string[]] = [round.hands[0].slice(), round.hands[1].slice()];
  hands[other] = otherHand;
  return {
    ...state,
    rng: { key: "f".repeat(64), counter: state.rng.counter + 17 },
    round: {
      ...round,
      identities,
      unused: identities.includes("master") ? "dreamer" : "master",
      salt: "0".repeat(32),
      hands,
      dreamDeck: deck,
      plays,
    },
  };
}

describe("a Dreamer", () => {
  it("as second player plays the card that completes an honest declaration", () => {
    // N = 12, the first declared "close": its card is 9 or 10; 9 is left with two copies unseen, my 3 fits it.
    const state = sketchState({
      identities: ["dreamer", "dreamer"],
      history: [{ first: 1, nightmare: 15, declaration: "between", plays: ["dream-10a", "dream-5b"] }],
      current: { first: 0, nightmare: 12, declaration: "close", plays: ["dream-9a"] },
      phase: "second_play",
      hands: [
        ["dream-2a", "dream-4a", "dream-6a"],
        ["dream-3a", "dream-6b", "dream-8a"],
      ],
      deck: 8,
    });
    const plays3 = (d: DreamersAction | null) => d?.type === "play_dream" && d.card === "dream-3a";
    // The oracle always; the adept and the novice choose with some noise, mostly the same.
    expect(agreeing("oracle", view(state, 1), plays3)).toBe(40);
    expect(agreeing("adept", view(state, 1), plays3)).toBeGreaterThanOrEqual(34);
    expect(agreeing("novice", view(state, 1), plays3)).toBeGreaterThanOrEqual(30);
  });

  it("as first player plays the card whose complement can be out there, and declares it honestly", () => {
    // N = 16: 10 needs a 6 (both unseen); 4 and 1 need 12 and 15, which no card has.
    const state = sketchState({
      identities: ["dreamer", "master"],
      history: [],
      current: { first: 0, nightmare: 16 },
      phase: "first_play",
      hands: [
        ["dream-10a", "dream-4b", "dream-1a"],
        ["dream-2a", "dream-7a", "dream-8a"],
      ],
      deck: 14,
    });
    const plays10 = (d: DreamersAction | null) =>
      d?.type === "play_dream" && d.card === "dream-10a" && d.declaration === "between";
    expect(agreeing("oracle", view(state, 0), plays10)).toBe(40);
    expect(agreeing("adept", view(state, 0), plays10)).toBeGreaterThanOrEqual(34);
    expect(agreeing("novice", view(state, 0), plays10)).toBeGreaterThanOrEqual(28);
  });

  it("makes the sum with a modifier whenever one fits", () => {
    // N = 10, 4 + 5 = 9: the +1 card (dream-2a) on either card makes 10.
    const state = sketchState({
      identities: ["dreamer", "master"],
      history: [],
      current: { first: 0, nightmare: 10, declaration: "close", plays: ["dream-4a", "dream-5b"] },
      phase: "modify_first",
      hands: [
        ["dream-2a", "dream-9b"],
        ["dream-6a", "dream-7a"],
      ],
      deck: 14,
    });
    for (const level of DREAMERS_BOT_LEVELS) {
      const decision = createDreamersBot({ level, seed: "mod" }).decide(view(state, 0));
      expect(decision).toMatchObject({ type: "modify", seat: 0, card: "dream-2a" });
    }
  });

  it("(oracle) accuses a player who visibly blocked, at its last chance with the skull", () => {
    // Every time I declared honestly, the other answered with a card that could not fit; now the deck
    // is nearly empty and I close my last turn as first player with the skull in hand.
    const state = lastChanceToAccuse(["dreamer", "master"], ["dream-8a", "dream-9b", "dream-10b"]);
    expect(createDreamersBot({ level: "oracle", seed: "accuse" }).decide(view(state, 0))).toEqual({
      type: "accuse",
      seat: 0,
    });
    // A partner who played along (the same turns, answered with the fitting cards) is not accused.
    const partner = lastChanceToAccuse(["dreamer", "dreamer"], ["dream-2b", "dream-4b", "dream-3b"]);
    expect(createDreamersBot({ level: "oracle", seed: "accuse" }).decide(view(partner, 0))).toEqual({
      type: "end_turn",
      seat: 0,
    });
  });
});

/**
 * My last turn as first player with the skull in hand, after four turns in which I declared honestly:
 * `answers` are the other's cards on my three turns as first player (the last one the current turn).
 */
function lastChanceToAccuse(identities: [Identity, Identity], answers: [string, string, string]) {
  return sketchState({
    identities,
    history: [
      { first: 0, nightmare: 12, declaration: "close", plays: ["dream-10a", answers[0]] },
      { first: 1, nightmare: 9, declaration: "between", plays: ["dream-4a", "dream-3a"] },
      { first: 0, nightmare: 14, declaration: "between", plays: ["dream-9a", answers[1]] },
      { first: 1, nightmare: 13, declaration: "far", plays: ["dream-6a", "dream-1a"] },
    ],
    current: { first: 0, nightmare: 11, declaration: "close", plays: ["dream-8b", answers[2]] },
    phase: "closing",
    hands: [
      [SKULL_CARD, "dream-2a"],
      ["dream-7a", "dream-7b"],
    ],
    deck: 2,
  });
}

describe("a Master", () => {
  it("(oracle) knows how suspicious it looks: its mirror tracks the oracle Dreamer's own belief", () => {
    let compared = 0;
    let squares = 0;
    for (let g = 0; g < 4; g++) {
      let state = newGame(400 + g);
      const bots = [
        createDreamersBot({ level: "oracle", seed: `a${g}` }),
        createDreamersBot({ level: "oracle", seed: `b${g}` }),
      ];
      while (state.phase !== "over") {
        const identities = state.round.identities;
        if (state.phase === "closing" && identities?.includes("master")) {
          const master = identities.indexOf("master");
          const dreamerSide = situationOf(view(state, 1 - master)) as Situation;
          const masterSide = situationOf(view(state, master)) as Situation;
          const belief = otherIsMaster(dreamerSide, DREAMERS_LEVELS.oracle.dreamer);
          squares += (belief - masterSuspicion(masterSide, DREAMERS_LEVELS.oracle.master)) ** 2;
          compared++;
        }
        const seat = awaited(state) as Seat;
        state = step(state, bots[seat]?.decide(view(state, seat)) as DreamersAction);
      }
    }
    expect(compared).toBeGreaterThan(20);
    expect(Math.sqrt(squares / compared)).toBeLessThan(0.15);
  });

  it("never accuses, in whole games between every level", () => {
    for (const [g, [a, b]] of (
      [
        ["oracle", "novice"],
        ["adept", "oracle"],
        ["novice", "adept"],
      ] as const
    ).entries()) {
      let state = newGame(300 + g);
      const bots = [
        createDreamersBot({ level: a, seed: `m${g}` }),
        createDreamersBot({ level: b, seed: `n${g}` }),
      ];
      let masterClosings = 0;
      while (state.phase !== "over") {
        const seat = awaited(state) as Seat;
        const decision = bots[seat]?.decide(view(state, seat)) as DreamersAction;
        if (state.round.identities?.[seat] === "master" && state.phase === "closing") {
          masterClosings++;
          expect(decision.type).toBe("end_turn");
        }
        state = step(state, decision);
      }
      expect(masterClosings).toBeGreaterThan(0);
    }
  });

  it("blocks the last gate: with two open it keeps the card that completes an honest declaration", () => {
    // N = 16, "between": the Dreamer's card is a 10, so a 6 opens the third gate.
    const state = sketchState({
      identities: ["dreamer", "master"],
      history: [
        { first: 1, nightmare: 12, declaration: "close", plays: ["dream-9a", "dream-3a"] },
        { first: 0, nightmare: 10, declaration: "between", plays: ["dream-4a", "dream-6a"] },
      ],
      current: { first: 0, nightmare: 16, declaration: "between", plays: ["dream-10a"] },
      phase: "second_play",
      hands: [
        ["dream-1a", "dream-2a"],
        ["dream-6b", "dream-7a", "dream-8a"],
      ],
      deck: 6,
    });
    const keeps6 = (d: DreamersAction | null) => d?.type === "play_dream" && d.card !== "dream-6b";
    expect(agreeing("oracle", view(state, 1), keeps6)).toBe(40);
    expect(agreeing("adept", view(state, 1), keeps6)).toBeGreaterThanOrEqual(36);
    expect(keeps6(createDreamersBaseline("blocker", "last").decide(view(state, 1)))).toBe(true);
  });
});
