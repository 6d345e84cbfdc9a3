import { CounterRng, fail, isValidSeed, ok } from "@firmament/game-kit";
import type { HighLowSetup, HighLowState, Result } from "./types";

/**
 * A new game waiting for both numbers. The seed (64 lower-case hex digits from a secure source) keys
 * the generator that draws who guesses first and the commitment's salt; nothing else is random.
 */
export function createGame(setup: HighLowSetup, seed: string): Result<HighLowState> {
  if (typeof setup !== "object" || setup === null || Array.isArray(setup))
    return fail("setup/malformed", "High-Low needs a setup object (it may be empty).");
  if (!isValidSeed(seed))
    return fail("setup/bad_seed", "The seed must be 64 lowercase hex digits (256 bits).");
  const rng = new CounterRng(seed, 0);
  const first = rng.int(0, 1);
  const salt = rng.hex(16);
  return ok({
    game: "highlow",
    version: 1,
    phase: "choosing",
    first,
    numbers: [null, null],
    salt,
    commitment: null,
    guesses: [],
    scores: [0, 0],
    winners: null,
  });
}
