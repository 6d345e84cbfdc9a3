import { fingerprint, playedStates, unwrap } from "@firmament/game-kit/testing";
import { describe, expect, it } from "vitest";
import { apply } from "./apply";
import { createGame } from "./setup";
import { mulberry32, randomLegalAction, testSeed } from "./testing";
import { RULES_VERSION } from "./types";

/** Plays one whole game from a fixed seed with fixed random choices; a hash of every state on the way. */
function fingerprintOf(seed: number): string {
  const random = mulberry32(seed);
  const created = createGame({}, testSeed(random));
  return fingerprint(playedStates({ apply }, unwrap(created), (state) => randomLegalAction(state, random)));
}

describe("the rules version", () => {
  // If this fails, the same seed and actions now give another game: bump RULES_VERSION (types.ts) and
  // record the new fingerprints here. (A change to randomLegalAction's choices changes them too, without
  // a rules change: then only record the new fingerprints.) Servers refuse to replay games stored under another version.
  it("names exactly the games a seed plays", () => {
    expect({ version: RULES_VERSION, games: [1, 2, 3, 4].map(fingerprintOf) }).toEqual({
      version: 1,
      games: ["9861d6220d9b2fad", "1390a986eb397986", "a3b84e42761a4d00", "2f9bdfdfb4426434"],
    });
  });
});
