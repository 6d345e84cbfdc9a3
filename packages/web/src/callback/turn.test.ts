import { describe, expect, it } from "vitest";
import { callState, isMyTurn } from "./turn";

describe("your turn, from the view's progress", () => {
  it("is my turn when the game awaits my seat; never a spectator's", () => {
    expect(isMyTurn({ viewer: 1, awaiting: [1] })).toBe(true);
    expect(isMyTurn({ viewer: 1, awaiting: [0, 2] })).toBe(false);
    expect(isMyTurn({ viewer: "spectator", awaiting: [0, 1, 2] })).toBe(false);
  });

  it("marks the tab only while hidden, rings once when the turn comes, and not at all when turned off", () => {
    expect(callState(false, true, true, true)).toEqual({ marked: true, ring: true });
    expect(callState(true, true, true, true)).toEqual({ marked: true, ring: false });
    expect(callState(false, true, false, true)).toEqual({ marked: false, ring: false });
    expect(callState(false, true, true, false)).toEqual({ marked: false, ring: false });
    expect(callState(true, false, true, true)).toEqual({ marked: false, ring: false });
  });
});
