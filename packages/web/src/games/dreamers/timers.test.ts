import { describe, expect, it } from "vitest";
import { turnLimitMs } from "../../components/turnClock";

describe("Dreamers' turn timer as players see it", () => {
  it("knows each phase's turn length from the table's timer setting", () => {
    expect(turnLimitMs({ game: "dreamers", timer: "fast" }, "choosing")).toBe(20_000);
  });
});
