import { describe, expect, it } from "vitest";
import type { YourGame } from "./protocol";
import { byUrgency } from "./your-games";

const game = (code: string, yourMove: boolean, deadline: number | null): YourGame => ({
  code,
  game: "dreamers",
  pace: { kind: "turnBased", moveHours: 24 },
  status: "playing",
  seat: 0,
  seats: [],
  round: 1,
  scores: [0, 0],
  yourMove,
  deadline,
});

describe("your games' order", () => {
  it("puts your move first, each group by time left, games without a deadline last", () => {
    const games = [
      game("AAAAA1", false, 10),
      game("AAAAA2", true, null),
      game("AAAAA3", true, 500),
      game("AAAAA4", false, null),
      game("AAAAA5", true, 20),
      game("AAAAA6", false, 5),
    ];
    expect(games.sort(byUrgency).map((g) => g.code)).toEqual([
      "AAAAA5",
      "AAAAA3",
      "AAAAA2",
      "AAAAA6",
      "AAAAA1",
      "AAAAA4",
    ]);
  });
});
