import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkRecordText } from "./record-check";

const sample = (game: string) =>
  readFileSync(fileURLToPath(new URL(`../../../docs/records/sample-${game}.txt`, import.meta.url)), "utf8");

describe("record:check", () => {
  it("finds the sample records in docs/records valid and prints every round", () => {
    for (const game of ["dreams", "dreamers"]) {
      const checked = checkRecordText(sample(game));
      expect(checked.code).toBe(0);
      expect(checked.lines.some((l) => /^Round 1: commitment verified/.test(l))).toBe(true);
      expect(checked.lines.at(-1)).toMatch(/^Valid: \d+ actions replayed/);
    }
  });

  it("refuses a record of an unknown game, or one that is not a record", () => {
    const other = checkRecordText(sample("dreams").replace('[Game "dreams"]', '[Game "chess"]'));
    expect([other.code, other.lines[0]]).toEqual([1, expect.stringContaining("record/wrong_game")]);
    expect(checkRecordText("hello").lines[0]).toContain("record/bad_tag");
  });
});
