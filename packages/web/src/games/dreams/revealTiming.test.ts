import { describe, expect, it } from "vitest";
import { REVEAL_FADE_MS, revealSchedule } from "./revealTiming";

describe("reveal schedule", () => {
  it("lets nobody leave before the last scoring row has finished fading in", () => {
    for (let players = 3; players <= 6; players++) {
      const schedule = revealSchedule(players, false);
      expect(schedule.rows).toHaveLength(players);
      for (const start of [...schedule.lines, ...schedule.rows])
        expect(schedule.done).toBeGreaterThanOrEqual(start + REVEAL_FADE_MS);
      // Rows come one after another, after the dream and the mortal.
      expect(schedule.rows[0]).toBeGreaterThan(schedule.lines[1]);
      expect([...schedule.rows].sort((a, b) => a - b)).toEqual(schedule.rows);
    }
    expect(revealSchedule(6, false).done).toBe(3500);
  });

  it("shows everything at once with reduced motion", () => {
    expect(revealSchedule(4, true)).toEqual({ lines: [0, 0], rows: [0, 0, 0, 0], done: 0 });
  });
});
