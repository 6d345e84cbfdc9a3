import { describe, expect, it } from "vitest";
import { dreamers, progress } from "./game";
import { mulberry32, randomLegalAction, testSeed } from "./testing";
import type { DreamersState } from "./types";

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
    for (const input of [hostile, null, 7, { type: "pass", seat: 0, extra: true }]) {
      const applied = dreamers.apply(state, input);
      expect(applied.ok).toBe(false);
      expect(dreamers.parseAction(input).ok).toBe(false);
      expect(dreamers.checkAction(dreamers.view(state, 0), input)?.code).toMatch(/^action\//);
    }
    // The setup has no fields to read, so even a hostile object is an empty setup; a non-object is refused.
    expect(dreamers.setup(hostile as never, testSeed(mulberry32(1))).ok).toBe(true);
    const notObject = dreamers.setup(7 as never, testSeed(mulberry32(1)));
    expect(notObject.ok ? "ok" : notObject.error.code).toBe("setup/malformed");
  });

  it("reports progress from the state as every view does, and the outcome at the end", () => {
    const random = mulberry32(8);
    let current: DreamersState = state;
    for (
      let action = randomLegalAction(current, random);
      action;
      action = randomLegalAction(current, random)
    ) {
      expect(dreamers.outcome(current)).toBeNull();
      for (const viewer of [0, 1, "spectator"] as const) {
        const { round, phase, awaiting } = dreamers.view(current, viewer);
        expect({ round, phase, awaiting }).toEqual(progress(current));
      }
      const next = dreamers.apply(current, action);
      if (!next.ok) throw new Error(next.error.code);
      current = next.value.state;
    }
    expect(dreamers.outcome(current)).toEqual({ winners: current.winners, scores: current.scores });
    expect(dreamers.progress(current).awaiting).toEqual([]);
  });
});
