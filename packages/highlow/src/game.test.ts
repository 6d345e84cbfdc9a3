import { describe, expect, it } from "vitest";
import { highlow, progress } from "./game";
import { mulberry32, randomLegalAction, testSeed } from "./testing";
import type { HighLowState } from "./types";

describe("the highlow contract object", () => {
  const created = highlow.setup({}, testSeed(mulberry32(3)));
  if (!created.ok) throw new Error(created.error.code);
  const state = created.value;

  it("names itself and its two seats", () => {
    expect(highlow.kind).toBe("highlow");
    expect(highlow.seats).toEqual({ min: 2, max: 2 });
    expect(highlow.rulesVersion).toBe(1);
    const refused = highlow.setup({}, "not hex");
    expect(refused.ok ? "ok" : refused.error.code).toBe("setup/bad_seed");
  });

  it("never throws, whatever it is given", () => {
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error("prototype");
        },
        ownKeys() {
          throw new Error("keys");
        },
        get() {
          throw new Error("get");
        },
      },
    );
    for (const input of [hostile, null, 7, { type: "guess", seat: 0, number: 3, extra: true }]) {
      expect(highlow.apply(state, input).ok).toBe(false);
      expect(highlow.parseAction(input).ok).toBe(false);
      expect(highlow.checkAction(highlow.view(state, 0), input)?.code).toMatch(/^action\//);
    }
    const notObject = highlow.setup(7 as never, testSeed(mulberry32(1)));
    expect(notObject.ok ? "ok" : notObject.error.code).toBe("setup/malformed");
  });

  it("reports progress from the state as every view does, and the outcome at the end", () => {
    const random = mulberry32(8);
    let current: HighLowState = state;
    for (
      let action = randomLegalAction(current, random);
      action;
      action = randomLegalAction(current, random)
    ) {
      expect(highlow.outcome(current)).toBeNull();
      for (const viewer of [0, 1, "spectator"] as const) {
        const { round, phase, awaiting } = highlow.view(current, viewer);
        expect({ round, phase, awaiting }).toEqual(progress(current));
      }
      const next = highlow.apply(current, action);
      if (!next.ok) throw new Error(next.error.code);
      current = next.value.state;
    }
    expect(highlow.outcome(current)).toEqual({ winners: current.winners, scores: current.scores });
    expect(highlow.progress(current)).toEqual({ round: 1, phase: "over", awaiting: [] });
  });
});
