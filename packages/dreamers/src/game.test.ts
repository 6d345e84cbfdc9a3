import { allViewers, hostileInput, playOut, readInputs } from "@firmament/game-kit/testing";
import { describe, expect, it } from "vitest";
import { dreamers, progress } from "./game";
import { mulberry32, randomLegalAction, testSeed } from "./testing";

const REFUSED = { applied: false, parsed: false, checked: expect.stringMatching(/^action\//) };

describe("the dreamers contract object", () => {
  const created = dreamers.setup({}, testSeed(mulberry32(3)));
  if (!created.ok) throw new Error(created.error.code);
  const state = created.value;

  it("names itself and its two seats", () => {
    expect(dreamers.kind).toBe("dreamers");
    expect(dreamers.seats).toEqual({ min: 2, max: 2 });
    expect(dreamers.rulesVersion).toBe(1);
    const refused = dreamers.setup({}, "not hex");
    expect(refused.ok ? "ok" : refused.error.code).toBe("setup/bad_seed");
  });

  it("never throws, whatever it is given", () => {
    const hostile = hostileInput();
    const inputs = [hostile, null, 7, { type: "pass", seat: 0, extra: true }];
    expect(readInputs(dreamers, state, inputs)).toEqual(inputs.map(() => REFUSED));
    // The setup has no fields to read, so even a hostile object is an empty setup; a non-object is refused.
    expect(dreamers.setup(hostile as never, testSeed(mulberry32(1))).ok).toBe(true);
    const notObject = dreamers.setup(7 as never, testSeed(mulberry32(1)));
    expect(notObject.ok ? "ok" : notObject.error.code).toBe("setup/malformed");
  });

  it("reports progress from the state as every view does, and the outcome at the end", () => {
    const random = mulberry32(8);
    const current = playOut(dreamers, state, (before) => {
      const action = randomLegalAction(before, random);
      if (action) {
        expect(dreamers.outcome(before)).toBeNull();
        for (const viewer of allViewers(2)) {
          const { round, phase, awaiting } = dreamers.view(before, viewer);
          expect({ round, phase, awaiting }).toEqual(progress(before));
        }
      }
      return action;
    });
    expect(dreamers.outcome(current)).toEqual({ winners: current.winners, scores: current.scores });
    expect(dreamers.progress(current).awaiting).toEqual([]);
  });
});
