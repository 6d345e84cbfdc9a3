import { describe, expect, it } from "vitest";
import { ranking } from "./ranking";

describe("final ranking", () => {
  it("orders seats by score, best first", () => {
    expect(ranking([9, 17, 12])).toEqual([
      { seat: 1, score: 17, place: 1 },
      { seat: 2, score: 12, place: 2 },
      { seat: 0, score: 9, place: 3 },
    ]);
  });

  it("gives equal scores the same place and skips the places they take", () => {
    expect(ranking([16, 10, 16, 10, 4]).map((p) => [p.seat, p.place])).toEqual([
      [0, 1],
      [2, 1],
      [1, 3],
      [3, 3],
      [4, 5],
    ]);
  });
});
