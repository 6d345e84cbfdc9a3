import { describe, expect, it } from "vitest";
import { fixedSleeps, functionLengths, isGamePlace, namesAGame } from "./structure";

describe("npm run structure", () => {
  it("measures declarations, arrows, methods and callbacks from first to last line", () => {
    const text = [
      "export function a() {", // 1
      "  return 1;",
      "}",
      "const b = (x: number) =>", // 4
      "  x + 1;",
      "class C {",
      "  m() {", // 7
      "    describe('x', () => {", // 8
      "    });",
      "  }",
      "}",
    ].join("\n");
    expect(functionLengths("a.ts", text).map((f) => `${f.name}:${f.line}:${f.lines}`)).toEqual([
      "a:1:3",
      "b:4:2",
      "m:7:4",
      `(callback of describe "x"):8:2`,
    ]);
  });

  it("counts sleeps where they are written, and a sleep helper where it is called", () => {
    const text = [
      "await page.waitForTimeout(150);",
      "await new Promise((r) => setTimeout(r, 200));",
      "const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));",
      "await sleep(100);",
      "while (!ok()) await sleep(50);",
      "const timer = setTimeout(() => child.kill(), 5000);",
      "await new Promise((r) => setTimeout(() => r(), 10));",
      "await expect.poll(() => ready()).toBe(true);",
    ].join("\n");
    expect(fixedSleeps("x.test.ts", text).map((s) => s.line)).toEqual([1, 2, 4, 5, 7]);
  });

  it("finds a game named in a platform file's code, not in its comments", () => {
    expect(namesAGame("a.ts", 'import { view } from "@firmament/dreams";', ["dreams", "dreamers"])).toBe(
      "@firmament/dreams",
    );
    expect(namesAGame("a.ts", "type T = DreamersView;", ["dreams", "dreamers"])).toBe("DreamersView");
    expect(
      namesAGame("a.ts", "// Dreams and Dreamers\nconst dreamDeck = 1;", ["dreams", "dreamers"]),
    ).toBeNull();
    expect(isGamePlace("packages/web/src/games/dreams/Board.tsx")).toBe(true);
    expect(isGamePlace("packages/web/src/games/fold.ts")).toBe(false);
    expect(isGamePlace("packages/server/src/games/dreams.ts")).toBe(true);
  });
});
