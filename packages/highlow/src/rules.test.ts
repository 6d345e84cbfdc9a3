import { describe, expect, it } from "vitest";
import { answerFor, awaiting, guesser, parseAction, rangeOf } from "./rules";
import type { Guess } from "./types";

const code = (input: unknown) => {
  const parsed = parseAction(input);
  return parsed.ok ? "ok" : parsed.error.code;
};

describe("parseAction", () => {
  it("reads choose and guess with a seat and a whole number from 1 to 50", () => {
    expect(parseAction({ type: "choose", seat: 1, number: 50 })).toEqual({
      ok: true,
      value: { type: "choose", seat: 1, number: 50 },
    });
    expect(parseAction({ type: "guess", seat: -0, number: 1 })).toEqual({
      ok: true,
      value: { type: "guess", seat: 0, number: 1 },
    });
  });

  it("refuses anything else with namespaced codes", () => {
    expect(code(null)).toBe("action/malformed");
    expect(code([])).toBe("action/malformed");
    expect(code({ seat: 0, number: 3 })).toBe("action/malformed");
    expect(code({ type: "fly", seat: 0, number: 3 })).toBe("action/unknown_type");
    expect(code({ type: "toString", seat: 0, number: 3 })).toBe("action/unknown_type");
    expect(code({ type: "guess", seat: 0, number: 3, answer: "hit" })).toBe("action/malformed");
    expect(code({ type: "guess", seat: "0", number: 3 })).toBe("action/malformed");
    expect(code({ type: "guess", seat: 0.5, number: 3 })).toBe("action/malformed");
    expect(code({ type: "guess", seat: 2, number: 3 })).toBe("action/unknown_seat");
    expect(code({ type: "guess", seat: -1, number: 3 })).toBe("action/unknown_seat");
    expect(code({ type: "guess", seat: 0 })).toBe("action/malformed");
    expect(code({ type: "guess", seat: 0, number: "3" })).toBe("action/malformed");
    expect(code({ type: "guess", seat: 0, number: 2.5 })).toBe("action/malformed");
    expect(code({ type: "guess", seat: 0, number: Number.NaN })).toBe("action/malformed");
    expect(code({ type: "choose", seat: 0, number: 0 })).toBe("number/out_of_range");
    expect(code({ type: "choose", seat: 0, number: 51 })).toBe("number/out_of_range");
    const hostile = new Proxy(
      { type: "guess" },
      {
        ownKeys() {
          throw new Error("keys");
        },
      },
    );
    expect(code(hostile)).toBe("action/malformed");
  });
});

describe("the turn rule", () => {
  const guesses: Guess[] = [
    { seat: 1, number: 25, answer: "higher" },
    { seat: 0, number: 25, answer: "lower" },
    { seat: 1, number: 40, answer: "lower" },
  ];

  it("waits for those yet to choose, then alternates guesses from the first guesser", () => {
    expect(awaiting({ phase: "choosing", chosen: [false, false], first: 1, guesses: [] })).toEqual([0, 1]);
    expect(awaiting({ phase: "choosing", chosen: [true, false], first: 1, guesses: [] })).toEqual([1]);
    expect(awaiting({ phase: "guessing", chosen: [true, true], first: 1, guesses: [] })).toEqual([1]);
    expect(guesser(1, guesses)).toBe(0);
    expect(guesser(0, guesses.slice(0, 2))).toBe(0);
    expect(awaiting({ phase: "over", chosen: [true, true], first: 1, guesses })).toEqual([]);
  });

  it("narrows each seat's range by the answers to its own guesses only", () => {
    expect(rangeOf(guesses, 1)).toEqual({ min: 26, max: 39 });
    expect(rangeOf(guesses, 0)).toEqual({ min: 1, max: 24 });
    expect(rangeOf([], 0)).toEqual({ min: 1, max: 50 });
  });

  it("answers where the hidden number lies from the guess", () => {
    expect(answerFor(30, 20)).toBe("higher");
    expect(answerFor(30, 40)).toBe("lower");
    expect(answerFor(30, 30)).toBe("hit");
  });
});
