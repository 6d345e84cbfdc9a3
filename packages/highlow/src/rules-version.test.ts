import { fingerprint } from "@firmament/game-kit/testing";
import { describe, expect, it } from "vitest";
import { randomGame } from "../test/helpers";
import { RULES_VERSION } from "./types";

/** A hash of every state of one whole random game from a fixed seed. */
function fingerprintOf(seed: number): string {
  return fingerprint(randomGame(seed).states);
}

describe("the rules version", () => {
  // If this fails, the same seed and actions now give another game: bump RULES_VERSION (types.ts) and
  // record the new fingerprints here (or only the fingerprints, if randomLegalAction's choices changed).
  it("names exactly the games a seed plays", () => {
    expect({ version: RULES_VERSION, games: [1, 2, 3, 4].map(fingerprintOf) }).toEqual({
      version: 1,
      games: ["dda9fa3140f7dcec", "682f1269229a59b6", "6cb0c96bbe53c2cf", "36f98e409540716e"],
    });
  });
});
