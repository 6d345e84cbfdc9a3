/**
 * Seeds for guided first games: fresh secure seeds are tried with a game's own pure rules until the deal
 * gives the learner (seat 0) the rounds each lesson needs. Only the deal is arranged, never the rules;
 * the seed is kept secret like any other, and the commitments work as usual.
 */
import { type DreamersState, dreamers, SKULL_CARD } from "@firmament/dreamers";
import { type DreamsState, dreams, mulberry32, randomLegalAction } from "@firmament/dreams";

/** Enough tries that a wanted deal is all but certain; the last seed is used if none fits. */
const MAX_TRIES = 4000;

export function searchSeed(fresh: () => string, fits: (seed: string) => boolean): string {
  let seed = fresh();
  for (let tries = 1; tries < MAX_TRIES && !fits(seed); tries++) seed = fresh();
  return seed;
}

/**
 * Dreams: the learner deals round 1 (so places first) as a god, and is the mortal of round 2. Round 2's
 * deal depends only on the seed (no action draws from the generator), so round 1 is played out with
 * arbitrary legal moves to read it.
 */
export function dreamsTutorialFits(setup: unknown, seed: string): boolean {
  const created = dreams.setup(setup as Parameters<typeof dreams.setup>[0], seed);
  if (!created.ok) return false;
  let state: DreamsState = created.value;
  if (state.round.dealer !== 0 || state.round.mortal === 0) return false;
  const random = mulberry32(1);
  while (state.round.number === 1) {
    const action = randomLegalAction(state, random);
    if (!action) return false;
    const next = dreams.apply(state, action);
    if (!next.ok) return false;
    state = next.value.state;
  }
  return state.round.number === 2 && state.round.mortal === 0;
}

/**
 * Dreamers: in round 1 the learner is the first player and a Dreamer facing the Master, and holds the
 * skull from the first turn, so declaring, accusing and the Master's scoring can all come up.
 */
export function dreamersTutorialFits(seed: string): boolean {
  const created = dreamers.setup({}, seed);
  if (!created.ok) return false;
  const state: DreamersState = created.value;
  const round = state.round;
  return (
    round.first === 0 &&
    round.identities?.[0] === "dreamer" &&
    round.identities[1] === "master" &&
    round.hands[0].includes(SKULL_CARD)
  );
}
