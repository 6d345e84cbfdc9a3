import { dreams as rules } from "@firmament/dreams";
import { describe, expect, it } from "vitest";
import { dreams } from "./game";

describe("the record's table, as the pages read it", () => {
  it("has the seats and turn timers of the game's rules", () => {
    expect({ min: dreams.seats.min, max: dreams.seats.max }).toEqual(rules.seats);
    expect(dreams.timers).toEqual(rules.timers);
  });
});
