import { allViewers, hostileInput, playOut, readInputs } from "@firmament/game-kit/testing";
import { describe, expect, it } from "vitest";
import { highlow, progress } from "./game";
import { mulberry32, randomLegalAction, testSeed } from "./testing";

const REFUSED = { applied: false, parsed: false, checked: expect.stringMatching(/^action\//) };

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
    const hostile = hostileInput();
    const inputs = [hostile, null, 7, { type: "guess", seat: 0, number: 3, extra: true }];
    expect(readInputs(highlow, state, inputs)).toEqual(inputs.map(() => REFUSED));
    const notObject = highlow.setup(7 as never, testSeed(mulberry32(1)));
    expect(notObject.ok ? "ok" : notObject.error.code).toBe("setup/malformed");
  });

  it("reports progress from the state as every view does, and the outcome at the end", () => {
    const random = mulberry32(8);
    const current = playOut(highlow, state, (before) => {
      const action = randomLegalAction(before, random);
      if (action) {
        expect(highlow.outcome(before)).toBeNull();
        for (const viewer of allViewers(2)) {
          const { round, phase, awaiting } = highlow.view(before, viewer);
          expect({ round, phase, awaiting }).toEqual(progress(before));
        }
      }
      return action;
    });
    expect(highlow.outcome(current)).toEqual({ winners: current.winners, scores: current.scores });
    expect(highlow.progress(current)).toEqual({ round: 1, phase: "over", awaiting: [] });
  });
});
