import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { COLOURS } from "@firmament/protocol";
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

describe("page palette (styles.css custom properties)", () => {
  const css = readFileSync(fileURLToPath(new URL("./styles.css", import.meta.url)), "utf8");
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
  const vars = Object.fromEntries(
    [...root.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1], m[2]]),
  );

  it("keeps text, muted text, links and errors at WCAG AA on every surface", () => {
    for (const fg of ["text", "muted", "accent", "danger"])
      for (const bg of ["bg", "panel", "panel-2"]) {
        expect(vars[fg], fg).toMatch(/^#/);
        expect(vars[bg], bg).toMatch(/^#/);
        expect(contrast(vars[fg] as string, vars[bg] as string), `${fg} on ${bg}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    expect(contrast(vars["accent-ink"] as string, vars.accent as string)).toBeGreaterThanOrEqual(4.5);
  });

  it("draws player hues on the same backgrounds the page uses", () => {
    expect(BACKGROUNDS).toContain(vars.bg);
    expect(BACKGROUNDS).toContain(vars.panel);
  });
});
