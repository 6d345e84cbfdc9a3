import { describe, expect, it } from "vitest";
import { chartPoints } from "./RatingChart";

describe("rating chart", () => {
  it("draws the highest value at the top and the lowest at the bottom, left to right", () => {
    expect(chartPoints([1000, 1100, 1050], 100, 50)).toBe("8.0,42.0 50.0,8.0 92.0,25.0");
  });
  it("draws one point, or equal values, across the middle", () => {
    expect(chartPoints([1000], 100, 50)).toBe("50.0,25.0");
    expect(chartPoints([900, 900], 100, 50)).toBe("8.0,25.0 92.0,25.0");
    expect(chartPoints([])).toBe("");
  });
});
