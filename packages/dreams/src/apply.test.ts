import { describe, expect, it } from "vitest";
import { DECK, must, newGame, placeAllStars, playRound, readyAll } from "../test/helpers";
import { apply, replay } from "./apply";
import { verifyCommitment } from "./commitment";
import { evolveAll } from "./evolve";
import { createGame } from "./setup";
import { mulberry32, randomLegalAction, testSeed } from "./testing";
import type { Colour, DreamsEvent, DreamsState, Guess } from "./types";

const SEED = testSeed(mulberry32(42));

function errorCode(state: DreamsState, action: unknown): string | undefined {
  const result = apply(state, action);
  return result.ok ? undefined : result.error.code;
}

describe("createGame", () => {
  it("refuses bad configurations with a namespaced code", () => {
    const colours: Colour[] = ["red", "blue", "green"];
    const code = (config: unknown) => {
      const result = createGame(config as Parameters<typeof createGame>[0]);
      return result.ok ? undefined : result.error.code;
    };
    expect(code({ colours: ["red", "blue"], deck: DECK, seed: SEED })).toBe("setup/player_count");
    expect(code({ colours: [...colours, "yellow", "purple", "white", "red"], deck: DECK, seed: SEED })).toBe(
      "setup/player_count",
    );
    expect(code({ colours: ["red", "blue", "pink"], deck: DECK, seed: SEED })).toBe("setup/unknown_colour");
    expect(code({ colours: ["red", "blue", "red"], deck: DECK, seed: SEED })).toBe("setup/duplicate_colour");
    expect(code({ colours, deck: DECK.slice(0, 7), seed: SEED })).toBe("setup/deck_too_small");
    expect(code({ colours, deck: ["a", "a", ...DECK], seed: SEED })).toBe("setup/duplicate_card");
    expect(code({ colours, deck: [1, 2, 3], seed: SEED })).toBe("setup/bad_deck");
    expect(code({ colours, deck: DECK, seed: "1234" })).toBe("setup/bad_seed");
    expect(code(null)).toBe("setup/malformed");
  });

  it("deals round 1: 4 distinct cards, a 72-card pile from a larger deck, a dealer from the generator", () => {
    const state = newGame(5);
    expect(state.phase).toBe("placing");
    expect(state.round.number).toBe(1);
    expect(new Set(state.round.cards).size).toBe(4);
    expect(state.pile.length).toBe(72 - 4);
    expect(state.scores).toEqual([0, 0, 0, 0, 0]);
    const dealers = new Set(Array.from({ length: 60 }, (_, i) => newGame(5, i).round.dealer));
    expect(dealers).toEqual(new Set([0, 1, 2, 3, 4]));
  });

  it("draws the vision uniformly over 1–4 and the mortal uniformly over the seats", () => {
    const games = 4000;
    const visions = [0, 0, 0, 0];
    const mortals = [0, 0, 0, 0, 0];
    for (let i = 0; i < games; i++) {
      const round = newGame(5, 10_000 + i).round;
      visions[round.vision - 1] = (visions[round.vision - 1] as number) + 1;
      mortals[round.mortal] = (mortals[round.mortal] as number) + 1;
    }
    const chiSquare = (counts: number[]) => {
      const expected = games / counts.length;
      return counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    };
    // Critical values at p = 0.001 for 3 and 4 degrees of freedom; the seeds are fixed, so this never flakes.
    expect(chiSquare(visions)).toBeLessThan(16.27);
    expect(chiSquare(mortals)).toBeLessThan(18.47);
  });

  it("is deterministic in its seed", () => {
    expect(newGame(4, 11)).toEqual(newGame(4, 11));
    expect(newGame(4, 11)).not.toEqual(newGame(4, 12));
  });

  it("keeps the whole state as plain JSON", () => {
    const state = placeAllStars(newGame(6));
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe("placing stars", () => {
  it("starts with the dealer and goes round the table, one star a turn", () => {
    const state = newGame(4, 2);
    const dealer = state.round.dealer;
    expect(
      errorCode(state, { type: "place_star", seat: (dealer + 1) % 4, kind: "clear", x: 0.5, y: 0.5 }),
    ).toBe("action/not_your_turn");
    const a = must(state, { type: "place_star", seat: dealer, kind: "clear", x: 0.5, y: 0.5 });
    const b = must(a, { type: "place_star", seat: (dealer + 1) % 4, kind: "black", x: 0.2, y: 0.2 });
    expect(b.round.stars.map((s) => s.seat)).toEqual([dealer, (dealer + 1) % 4]);
  });

  it("lets each seat place each kind exactly once, then moves to guessing", () => {
    const state = newGame(3, 4);
    const dealer = state.round.dealer;
    const first = must(state, { type: "place_star", seat: dealer, kind: "gray", x: 0.1, y: 0.1 });
    const second = must(first, { type: "place_star", seat: (dealer + 1) % 3, kind: "gray", x: 0.3, y: 0.1 });
    const third = must(second, { type: "place_star", seat: (dealer + 2) % 3, kind: "gray", x: 0.5, y: 0.1 });
    expect(errorCode(third, { type: "place_star", seat: dealer, kind: "gray", x: 0.7, y: 0.7 })).toBe(
      "star/kind_used",
    );
    const done = placeAllStars(third);
    expect(done.phase).toBe("guessing");
    for (let seat = 0; seat < 3; seat++)
      expect(
        done.round.stars
          .filter((s) => s.seat === seat)
          .map((s) => s.kind)
          .sort(),
      ).toEqual(["black", "clear", "gray"]);
  });

  it("keeps stars inside the firmament, edges included", () => {
    const state = newGame(3, 4);
    const seat = state.round.dealer;
    for (const [x, y] of [
      [-0.001, 0.5],
      [1.001, 0.5],
      [0.5, -0.01],
      [0.5, 1.5],
    ])
      expect(errorCode(state, { type: "place_star", seat, kind: "clear", x, y })).toBe(
        "star/outside_firmament",
      );
    expect(errorCode(state, { type: "place_star", seat, kind: "clear", x: 0, y: 1 })).toBeUndefined();
  });

  it("refuses NaN and infinite coordinates", () => {
    const state = newGame(3, 4);
    const seat = state.round.dealer;
    for (const [x, y] of [
      [Number.NaN, 0.5],
      [0.5, Number.POSITIVE_INFINITY],
      [Number.NEGATIVE_INFINITY, 0],
    ])
      expect(errorCode(state, { type: "place_star", seat, kind: "clear", x, y })).toBe("star/not_finite");
  });

  it("keeps stars 0.04 card widths apart, with y scaled by the 1.5 aspect", () => {
    const state = newGame(3, 4);
    const dealer = state.round.dealer;
    const next = (dealer + 1) % 3;
    const one = must(state, { type: "place_star", seat: dealer, kind: "clear", x: 0.5, y: 0.5 });
    const place = (x: number, y: number) =>
      errorCode(one, { type: "place_star", seat: next, kind: "clear", x, y });
    expect(place(0.5399, 0.5)).toBe("star/too_close");
    expect(place(0.541, 0.5)).toBeUndefined();
    // 0.04 / 1.5 ≈ 0.02667 vertically
    expect(place(0.5, 0.526)).toBe("star/too_close");
    expect(place(0.5, 0.5275)).toBeUndefined();
    expect(place(0.5, 0.5)).toBe("star/too_close");
  });

  it("refuses guesses and readiness while stars are being placed", () => {
    const state = newGame(3, 4);
    expect(errorCode(state, { type: "guess", seat: 0, guess: { image: 1 } })).toBe("action/wrong_phase");
    expect(errorCode(state, { type: "ready", seat: 0 })).toBe("action/wrong_phase");
  });
});

describe("guessing", () => {
  const state = placeAllStars(newGame(4, 6));
  const mortal = state.round.mortal;
  const god = (mortal + 1) % 4;

  it("refuses stars once guessing has begun", () => {
    expect(errorCode(state, { type: "place_star", seat: god, kind: "clear", x: 0.9, y: 0.9 })).toBe(
      "action/wrong_phase",
    );
  });

  it("makes gods name a colour in the game that is not their own, and the mortal an image 1–4", () => {
    expect(errorCode(state, { type: "guess", seat: god, guess: { colour: state.colours[god] } })).toBe(
      "guess/self",
    );
    expect(errorCode(state, { type: "guess", seat: god, guess: { colour: "white" } })).toBe(
      "guess/unknown_colour",
    );
    expect(errorCode(state, { type: "guess", seat: god, guess: { colour: "mauve" } })).toBe(
      "guess/unknown_colour",
    );
    expect(errorCode(state, { type: "guess", seat: god, guess: { image: 2 } })).toBe("guess/wrong_kind");
    expect(errorCode(state, { type: "guess", seat: mortal, guess: { colour: state.colours[god] } })).toBe(
      "guess/wrong_kind",
    );
    expect(errorCode(state, { type: "guess", seat: mortal, guess: { image: 5 } })).toBe(
      "guess/image_out_of_range",
    );
    expect(errorCode(state, { type: "guess", seat: mortal, guess: { image: 0 } })).toBe(
      "guess/image_out_of_range",
    );
    expect(errorCode(state, { type: "guess", seat: mortal, guess: { image: 1.5 } })).toBe(
      "guess/image_out_of_range",
    );
  });

  it("takes one guess per seat, final once made, in any order", () => {
    const once = must(state, { type: "guess", seat: mortal, guess: { image: 3 } });
    expect(errorCode(once, { type: "guess", seat: mortal, guess: { image: 2 } })).toBe("guess/already_made");
    expect(once.phase).toBe("guessing");
  });

  it("reveals everything when the last guess is in, with a commitment that checks out", () => {
    const revealed = playRound(newGame(4, 6), (seat, s) =>
      seat === s.round.mortal ? { image: 1 } : { colour: s.colours[s.round.mortal] as Colour },
    );
    const result = revealed.round.result;
    if (!result) throw new Error("no result after the last guess");
    expect(revealed.phase).toBe("reveal");
    expect(result.secret).toEqual({
      round: 1,
      vision: revealed.round.vision,
      mortal: revealed.round.mortal,
      salt: revealed.round.salt,
    });
    expect(revealed.round.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(verifyCommitment(revealed.round.commitment, result.secret)).toBe(true);
    expect(verifyCommitment(revealed.round.commitment, { ...result.secret, vision: 5 as 1 })).toBe(false);
  });
});

describe("between rounds", () => {
  it("waits for every seat to be ready, then rotates the dealer and deals fresh cards", () => {
    const revealed = playRound(newGame(5, 8), (seat, s) =>
      seat === s.round.mortal ? { image: 1 } : { colour: s.colours[(seat + 1) % 5] as Colour },
    );
    const oneReady = must(revealed, { type: "ready", seat: 2 });
    expect(errorCode(oneReady, { type: "ready", seat: 2 })).toBe("ready/already");
    expect(oneReady.phase).toBe("reveal");
    const next = readyAll(oneReady.round.ready.every(Boolean) ? oneReady : revealed);
    expect(next.round.number).toBe(2);
    expect(next.round.dealer).toBe((revealed.round.dealer + 1) % 5);
    expect(next.round.stars).toEqual([]);
    expect(next.discard).toEqual(revealed.round.cards);
    expect(next.round.cards.some((c) => revealed.round.cards.includes(c))).toBe(false);
  });

  it("shuffles the discards back when fewer than 4 cards remain, keeping the round's cards distinct", () => {
    let state = newGame(3, 10, DECK.slice(0, 9));
    const seen: string[][] = [];
    for (let round = 0; round < 6; round++) {
      seen.push([...state.round.cards]);
      expect(new Set(state.round.cards).size).toBe(4);
      state = readyAll(playRound(state, (seat, s) => guessNobody(seat, s)));
    }
    // 9 cards: round 3 needs the discards back.
    expect(seen.flat().length).toBe(24);
    expect(new Set(seen.flat()).size).toBe(9);
  });

  it("plays with the smallest custom deck, 8 cards: the whole deck is the pile, every round distinct", () => {
    const deck = DECK.slice(0, 8);
    let state = newGame(3, 11, deck);
    expect([...state.pile, ...state.round.cards].sort()).toEqual([...deck].sort());
    // 6 rounds deal 24 cards: the discards come back twice
    for (let round = 0; round < 6; round++) {
      expect(new Set(state.round.cards).size).toBe(4);
      for (const card of state.round.cards) expect(deck).toContain(card);
      expect(state.pile.length + state.discard.length + 4).toBe(8);
      state = readyAll(playRound(state, (seat, s) => guessNobody(seat, s)));
    }
  });
});

function guessNobody(seat: number, state: DreamsState): Guess {
  if (seat === state.round.mortal) return { image: 1 };
  const other = [0, 1, 2].find((s) => s !== seat && s !== state.round.mortal) as number;
  return { colour: state.colours[other] as Colour };
}

describe("any action after the end and malformed actions", () => {
  it("refuses every action once the game is over", () => {
    const state = newGame(3, 9);
    const over = { ...state, phase: "over" as const, winners: [0] };
    expect(errorCode(over, { type: "ready", seat: 0 })).toBe("action/game_over");
    expect(
      errorCode(over, { type: "place_star", seat: state.round.dealer, kind: "clear", x: 0.5, y: 0.5 }),
    ).toBe("action/game_over");
  });

  it.each([
    [null, "action/malformed"],
    [42, "action/malformed"],
    ["place_star", "action/malformed"],
    [[], "action/malformed"],
    [{}, "action/malformed"],
    [{ type: 7, seat: 0 }, "action/malformed"],
    [{ type: "place_star" }, "action/unknown_seat"],
    [{ type: "place_star", seat: "0", kind: "clear", x: 0.5, y: 0.5 }, "action/unknown_seat"],
    [{ type: "place_star", seat: 0.5, kind: "clear", x: 0.5, y: 0.5 }, "action/unknown_seat"],
    [{ type: "place_star", seat: 9, kind: "clear", x: 0.5, y: 0.5 }, "action/unknown_seat"],
    [{ type: "place_star", seat: -1, kind: "clear", x: 0.5, y: 0.5 }, "action/unknown_seat"],
    [{ type: "place_star", seat: 0, kind: "golden", x: 0.5, y: 0.5 }, "star/unknown_kind"],
    [{ type: "place_star", seat: 0, kind: "clear", x: "0.5", y: 0.5 }, "action/malformed"],
    [{ type: "place_star", seat: 0, kind: "clear" }, "action/malformed"],
    [{ type: "guess", seat: 0 }, "action/malformed"],
    [{ type: "guess", seat: 0, guess: { colour: "red", image: 1 } }, "action/malformed"],
    [{ type: "guess", seat: 0, guess: {} }, "action/malformed"],
    [{ type: "fly", seat: 0 }, "action/unknown_type"],
  ])("refuses %j with %s", (action, code) => {
    const state = newGame(3, 4);
    const before = JSON.stringify(state);
    expect(errorCode(state, action)).toBe(code);
    expect(JSON.stringify(state)).toBe(before);
  });
});

describe("replay", () => {
  it("reproduces the state from the actions, and from the events", () => {
    const initial = newGame(4, 21);
    const actions: unknown[] = [];
    const events: DreamsEvent[] = [];
    const random = mulberry32(5);
    let state = initial;
    for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
      const result = apply(state, action);
      if (!result.ok) throw new Error(result.error.code);
      actions.push(action);
      events.push(...result.value.events);
      state = result.value.state;
    }
    expect(state.phase).toBe("over");
    const replayed = replay(initial, actions);
    expect(replayed.ok && replayed.value).toEqual(state);
    expect(evolveAll(initial, events)).toEqual(state);
  });

  it("stops at the first refused action and says which", () => {
    const result = replay(newGame(3), [{ type: "ready", seat: 0 }]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe("action/wrong_phase");
  });
});
