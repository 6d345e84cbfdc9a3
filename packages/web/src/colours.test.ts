import { COLOURS } from "@firmament/engine";
import { describe, expect, it } from "vitest";
import { BACKGROUNDS, contrast, PLAYER_STYLES } from "./colours";

describe("player colours", () => {
  it("gives every engine colour its own symbol", () => {
    const symbols = COLOURS.map((c) => PLAYER_STYLES[c].symbol);
    expect(new Set(symbols).size).toBe(COLOURS.length);
  });

  it("keeps every hue at WCAG AA text contrast on every background", () => {
    for (const colour of COLOURS)
      for (const bg of BACKGROUNDS)
        expect(contrast(PLAYER_STYLES[colour].hue, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it("computes known contrast ratios", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
});
