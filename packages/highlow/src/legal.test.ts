import { describe, expect, it } from "vitest";
import { chosen, gameWithFirst, must } from "../test/helpers";
import { checkAction, legalActions } from "./legal";
import { view } from "./view";

const codeOf = (error: { code: string } | null) => error?.code ?? null;

describe("legal actions from a view", () => {
  const initial = gameWithFirst(1);
  const playing = chosen(initial, [10, 20]);

  it("offer a choice to each seat yet to choose, and nothing to a spectator", () => {
    expect(legalActions(view(initial, 0))).toEqual([{ type: "choose", seat: 0, min: 1, max: 50 }]);
    expect(legalActions(view(initial, "spectator"))).toEqual([]);
    const once = must(initial, { type: "choose", seat: 0, number: 10 });
    expect(legalActions(view(once, 0))).toEqual([]);
    expect(legalActions(view(once, 1))).toEqual([{ type: "choose", seat: 1, min: 1, max: 50 }]);
  });

  it("offer the guesser the range its answers leave, the other seat nothing", () => {
    expect(legalActions(view(playing, 0))).toEqual([]);
    const next = must(must(playing, { type: "guess", seat: 1, number: 30 }), {
      type: "guess",
      seat: 0,
      number: 5,
    });
    expect(legalActions(view(next, 1))).toEqual([{ type: "guess", seat: 1, min: 1, max: 29 }]);
    const over = must(next, { type: "guess", seat: 1, number: 10 });
    expect(legalActions(view(over, 0))).toEqual([]);
  });

  it("check an action from the view as apply would, and refuse acting for another seat", () => {
    expect(checkAction(view(playing, 1), { type: "guess", seat: 1, number: 5 })).toBeNull();
    expect(codeOf(checkAction(view(playing, 0), { type: "guess", seat: 0, number: 5 }))).toBe(
      "action/not_your_turn",
    );
    expect(codeOf(checkAction(view(playing, 0), { type: "guess", seat: 1, number: 5 }))).toBe(
      "action/not_your_seat",
    );
    expect(codeOf(checkAction(view(playing, "spectator"), { type: "guess", seat: 1, number: 5 }))).toBe(
      "action/not_your_seat",
    );
    expect(codeOf(checkAction(view(playing, 1), { type: "guess", seat: 1 }))).toBe("action/malformed");
    const over = must(playing, { type: "guess", seat: 1, number: 10 });
    expect(codeOf(checkAction(view(over, 0), { type: "guess", seat: 0, number: 20 }))).toBe(
      "action/game_over",
    );
  });
});
