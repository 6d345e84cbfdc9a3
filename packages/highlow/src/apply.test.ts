import { describe, expect, it } from "vitest";
import { chosen, errorCode, gameWithFirst, must, mustWithEvents, newGame } from "../test/helpers";
import { apply, replay } from "./apply";
import { commit } from "./commitment";
import { createGame } from "./setup";

describe("setup", () => {
  it("draws the first guesser and the salt from the seed, and waits for both numbers", () => {
    const state = newGame(5);
    expect(state).toMatchObject({ phase: "choosing", numbers: [null, null], commitment: null, guesses: [] });
    expect(state.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(newGame(5)).toEqual(state);
    const firsts = new Set(Array.from({ length: 20 }, (_, seed) => newGame(seed).first));
    expect(firsts).toEqual(new Set([0, 1]));
  });

  it("refuses a bad seed or setup", () => {
    const bad = createGame({}, "ABC");
    expect(bad.ok ? "ok" : bad.error.code).toBe("setup/bad_seed");
    const malformed = createGame([] as never, "0".repeat(64));
    expect(malformed.ok ? "ok" : malformed.error.code).toBe("setup/malformed");
  });
});

describe("choosing", () => {
  it("keeps each number hidden in the state until both are chosen, then commits to both", () => {
    const state = newGame(3);
    const [once, first] = mustWithEvents(state, { type: "choose", seat: 1, number: 12 });
    expect(first).toEqual([{ type: "number_chosen", seat: 1, number: 12 }]);
    expect(once).toMatchObject({ phase: "choosing", numbers: [null, 12], commitment: null });
    const [both, events] = mustWithEvents(once, { type: "choose", seat: 0, number: 40 });
    const commitment = commit({ numbers: [40, 12], salt: state.salt });
    expect(events).toEqual([
      { type: "number_chosen", seat: 0, number: 40 },
      { type: "numbers_committed", commitment },
    ]);
    expect(both).toMatchObject({ phase: "guessing", numbers: [40, 12], commitment });
  });

  it("refuses a second choice and a guess before both have chosen", () => {
    const once = must(newGame(3), { type: "choose", seat: 0, number: 12 });
    expect(errorCode(once, { type: "choose", seat: 0, number: 13 })).toBe("choose/already");
    expect(errorCode(once, { type: "guess", seat: 1, number: 13 })).toBe("action/wrong_phase");
  });
});

describe("guessing", () => {
  const start = chosen(gameWithFirst(1), [30, 8]);

  it("answers in public where the other's number lies, the seats taking turns", () => {
    const [next, events] = mustWithEvents(start, { type: "guess", seat: 1, number: 20 });
    expect(events).toEqual([{ type: "guessed", seat: 1, number: 20, answer: "higher" }]);
    const [after, lower] = mustWithEvents(next, { type: "guess", seat: 0, number: 20 });
    expect(lower).toEqual([{ type: "guessed", seat: 0, number: 20, answer: "lower" }]);
    expect(after.guesses).toHaveLength(2);
    expect(after.phase).toBe("guessing");
  });

  it("ends the game at the first hit, revealing both numbers and the salt", () => {
    const [over, events] = mustWithEvents(start, { type: "guess", seat: 1, number: 30 });
    expect(events).toEqual([
      { type: "guessed", seat: 1, number: 30, answer: "hit" },
      { type: "game_ended", winners: [1], scores: [0, 1], secret: { numbers: [30, 8], salt: start.salt } },
    ]);
    expect(over).toMatchObject({ phase: "over", winners: [1], scores: [0, 1] });
    expect(errorCode(over, { type: "guess", seat: 0, number: 8 })).toBe("action/game_over");
    expect(errorCode(over, "junk")).toBe("action/game_over");
  });

  it("refuses a guess out of turn, a choice, and a guess its answers already rule out", () => {
    expect(errorCode(start, { type: "guess", seat: 0, number: 20 })).toBe("action/not_your_turn");
    expect(errorCode(start, { type: "choose", seat: 0, number: 20 })).toBe("action/wrong_phase");
    const higher = must(start, { type: "guess", seat: 1, number: 20 });
    const mine = must(higher, { type: "guess", seat: 0, number: 45 });
    expect(errorCode(mine, { type: "guess", seat: 1, number: 20 })).toBe("guess/ruled_out");
    expect(errorCode(mine, { type: "guess", seat: 1, number: 3 })).toBe("guess/ruled_out");
    expect(errorCode(mine, { type: "guess", seat: 1, number: 21 })).toBeUndefined();
    expect(errorCode(mine, { type: "guess", seat: 1, number: 51 })).toBe("number/out_of_range");
  });

  it("leaves a refused state untouched and replays exactly", () => {
    const before = JSON.stringify(start);
    expect(apply(start, { type: "guess", seat: 0, number: 20 }).ok).toBe(false);
    expect(JSON.stringify(start)).toBe(before);
    const actions = [
      { type: "choose", seat: 0, number: 30 },
      { type: "choose", seat: 1, number: 8 },
      { type: "guess", seat: 1, number: 30 },
    ];
    const initial = gameWithFirst(1);
    expect(replay(initial, actions)).toEqual({ ok: true, value: must(start, actions[2] as never) });
    const refused = replay(initial, [actions[1], actions[1]]);
    expect(refused.ok ? "ok" : refused.error.code).toBe("choose/already");
  });
});
