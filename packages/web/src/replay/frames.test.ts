import type { ReplayFrame } from "@firmament/protocol";
import { describe, expect, it } from "vitest";
import { roundStarts, stepFrom } from "./frames";

describe("replay frames", () => {
  it("find where each round starts", () => {
    const frames = [1, 1, 1, 2, 2, 3].map((round, version) => ({ round, version, view: {} }) as ReplayFrame);
    expect(roundStarts(frames)).toEqual([
      { round: 1, index: 0 },
      { round: 2, index: 3 },
      { round: 3, index: 5 },
    ]);
  });

  it("read the shared step from the address, nothing else", () => {
    expect(stepFrom("?step=12")).toBe(12);
    expect(stepFrom("?step=-1")).toBe(0);
    expect(stepFrom("?step=1e9")).toBe(0);
    expect(stepFrom("")).toBe(0);
  });
});
