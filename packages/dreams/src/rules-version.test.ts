import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { apply } from "./apply";
import { createGame } from "./setup";
import { mulberry32, randomLegalAction, testSeed } from "./testing";
import { COLOURS, RULES_VERSION } from "./types";

/** Plays one whole game from a fixed seed with fixed random choices; a hash of every state on the way. */
function fingerprint(players: number): string {
  const deck = Array.from({ length: 96 }, (_, i) => `card-${i}`);
  const random = mulberry32(players);
  const created = createGame({ colours: COLOURS.slice(0, players), deck, seed: testSeed(random) });
  if (!created.ok) throw new Error(created.error.code);
  let state = created.value;
  const hash = createHash("sha256").update(JSON.stringify(state));
  for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
    const next = apply(state, action);
    if (!next.ok) throw new Error(next.error.code);
    state = next.value.state;
    hash.update(JSON.stringify(state));
  }
  return hash.digest("hex").slice(0, 16);
}

describe("the rules version", () => {
  // If this fails, the same seed and actions now give another game: bump RULES_VERSION (types.ts) and
  // record the new fingerprints here. Servers refuse to replay games stored under another version.
  it("names exactly the games a seed plays", () => {
    expect({ version: RULES_VERSION, games: [3, 4, 5, 6].map(fingerprint) }).toEqual({
      version: 1,
      games: ["3cfac2af8a52f8ed", "ee713ea61bb9f7ec", "5f52630f52c45258", "a54b5e0709d68d3c"],
    });
  });
});
