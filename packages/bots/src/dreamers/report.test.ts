import { describe, expect, it } from "vitest";
import { type DreamersGameRecord, PairingStats } from "./arena";
import { winsTable } from "./report";

const game = (winners: Array<0 | 1>): DreamersGameRecord => ({
  rounds: [],
  winners,
  times: [[], []],
  cpuTimes: [[], []],
  playTimes: [[], []],
});

describe("the Dreamers arena's games won", () => {
  it("counts a game per pairing side, whichever seat A sat in, and a tie half to each", () => {
    const stats = new PairingStats("oracle", "random");
    stats.addGame(game([0]), 0); // A in seat 0 won
    stats.addGame(game([0]), 1); // A in seat 1: B won
    stats.addGame(game([1]), 1); // A won
    stats.addGame(game([0, 1]), 0); // tied
    const row = winsTable([stats]).split("\n")[2];
    expect(row).toMatch(/^\| oracle vs random \| 4 \| 62\.5% ±\d+\.\d \| 37\.5% ±\d+\.\d \|$/);
  });
});
