import { dreamers } from "@firmament/dreamers";
import { dreams } from "@firmament/dreams";
import { describe, expect, it } from "vitest";
import { GAME_TABLES, seatRangeOf, turnSecondsOf } from "./rules";

describe("each game's table as the pages read it", () => {
  it("has the seats and turn timers of the game's rules", () => {
    for (const rules of [dreams, dreamers]) {
      expect(GAME_TABLES[rules.kind].seats).toEqual(rules.seats);
      expect(GAME_TABLES[rules.kind].timers).toEqual(rules.timers);
    }
  });

  it("has no timer when timers are off, in a phase without one, or for a game it does not know", () => {
    expect(turnSecondsOf("dreams", "fast", "placing")).toBe(25);
    expect(turnSecondsOf("dreams", "off", "placing")).toBeUndefined();
    expect(turnSecondsOf("dreams", "fast", "over")).toBeUndefined();
    expect(turnSecondsOf("chess", "fast", "placing")).toBeUndefined();
    expect(seatRangeOf("toString")).toEqual({ min: 0, max: 0 });
  });
});
