import { describe, expect, it } from "vitest";
import { centredText, textPath } from "./font";
import { effectText } from "./marks";

describe("numbers drawn from Nunito's outlines", () => {
  it("draws every figure and sign the faces print, as closed paths", () => {
    for (const ch of [..."0123456789", "+", "\u2212", "\u00d7"]) {
      const t = textPath(ch, 0, 100, 70);
      expect(t.d.length, ch).toBeGreaterThan(20);
      expect(t.d.startsWith("M"), ch).toBe(true);
      expect(t.d.endsWith("Z"), ch).toBe(true);
      expect(t.width, ch).toBeGreaterThan(20);
    }
    expect(() => textPath("\u2603", 0, 0, 10)).toThrow(/no glyph/);
  });

  it("scales figures to the asked cap height and centres their ink", () => {
    const t = centredText("16", 200, 300, 150);
    const ys = [...t.d.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0])).filter((_, i) => i % 2 === 1);
    expect(Math.min(...ys)).toBeCloseTo(225, -1);
    expect(Math.max(...ys)).toBeCloseTo(375, -1);
    expect((t.inkLeft + t.inkRight) / 2).toBeCloseTo(200, 5);
  });

  it("writes modifiers with real minus and times signs", () => {
    expect(effectText("-2")).toBe("\u22122");
    expect(effectText("x2")).toBe("\u00d72");
    expect(effectText("+3")).toBe("+3");
  });
});
