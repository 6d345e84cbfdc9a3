import { dreamers as rules } from "@firmament/dreamers";
import { describe, expect, it } from "vitest";
import { dreamers } from "./game";

describe("the record's table, as the pages read it", () => {
  it("has the seats and turn timers of the game's rules", () => {
    expect({ min: dreamers.seats.min, max: dreamers.seats.max }).toEqual(rules.seats);
    expect(dreamers.timers).toEqual(rules.timers);
  });
});
