import { describe, expect, it } from "vitest";
import { durationText } from "./duration";

const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`;

describe("a span of time as a person reads it", () => {
  it("is days and hours from a day on, hours and minutes from an hour, then minutes, then seconds", () => {
    expect(durationText(3 * 86_400_000 + 5 * 3_600_000 + 59_000, t)).toBe('time.days {"d":3,"h":5}');
    expect(durationText(86_400_000 - 1, t)).toBe('time.hours {"h":23,"m":59}');
    expect(durationText(3_600_000, t)).toBe('time.hours {"h":1,"m":0}');
    expect(durationText(61_000, t)).toBe('time.minutes {"m":2}');
    expect(durationText(59_001, t)).toBe('time.seconds {"s":60}');
    expect(durationText(-5, t)).toBe('time.seconds {"s":0}');
  });
});
