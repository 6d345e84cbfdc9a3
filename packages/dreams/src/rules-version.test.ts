import { fingerprint, playedStates, unwrap } from "@firmament/game-kit/testing";
import { describe, expect, it } from "vitest";
import { apply } from "./apply";
import { createGame } from "./setup";
import { mulberry32, randomLegalAction, testSeed } from "./testing";
import { COLOURS, RULES_VERSION } from "./types";

/** Plays one whole game from a fixed seed with fixed random choices; a hash of every state on the way. */
function fingerprintOf(players: number): string {
  const deck = Array.from({ length: 96 }, (_, i) => `card-${i}`);
  const random = mulberry32(players);
  const created = createGame({ colours: COLOURS.slice(0, players), deck, seed: testSeed(random) });
  return fingerprint(playedStates({ apply }, unwrap(created), (state) => randomLegalAction(state, random)));
}

describe("the rules version", () => {
  // If this fails, the same seed and actions now give another game: bump RULES_VERSION (types.ts) and
  // record the new fingerprints here. Servers refuse to replay games stored under another version.
  it("names exactly the games a seed plays", () => {
    expect({ version: RULES_VERSION, games: [3, 4, 5, 6].map(fingerprintOf) }).toEqual({
      version: 1,
      games: ["3cfac2af8a52f8ed", "ee713ea61bb9f7ec", "5f52630f52c45258", "a54b5e0709d68d3c"],
    });
  });
});
