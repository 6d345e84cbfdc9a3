import { describe, expect, it } from "vitest";
import { readDreamsGuesses, readDreamsSecret } from "./DreamsReplay";

describe("Dreams replay overlays", () => {
  it("read the revealed vision and mortal, nothing from a malformed secret", () => {
    expect(readDreamsSecret(`dreams|3|2|0|${"f".repeat(32)}`)).toEqual({ vision: 2, mortal: 0 });
    expect(readDreamsSecret("dreams|3|5|0|x")).toBeNull();
    expect(readDreamsSecret(null)).toBeNull();
  });

  it("read each seat's guess, not the hidden guesses of a round still going on", () => {
    const guesses = readDreamsGuesses([
      "star 0 clear 0.5 0.5",
      "guess 0 colour red",
      "guess 1 image 3",
      "guess 2",
    ]);
    expect([...guesses]).toEqual([
      [0, { colour: "red" }],
      [1, { image: 3 }],
    ]);
  });
});
