import { describe, expect, it } from "vitest";
import { turnLimitMs } from "../../components/turnClock";

describe("Dreams' turn timer as players see it", () => {
  it("knows each phase's turn length from the table's timer setting", () => {
    expect(turnLimitMs({ game: "dreams", timer: "fast" }, "placing")).toBe(25_000);
    expect(turnLimitMs({ game: "dreams", timer: "relaxed" }, "guessing")).toBe(120_000);
    expect(turnLimitMs({ game: "dreams", timer: "off" }, "placing")).toBeNull();
    expect(turnLimitMs({ game: "dreams", timer: "fast" }, "over")).toBeNull();
  });
});
