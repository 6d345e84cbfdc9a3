import { CounterRng, fail, isValidSeed, ok } from "@firmament/game-kit";
import { commit } from "./commitment";
import { DREAM_CARDS, NIGHTMARE_CARDS } from "./decks";
import { emptyRound, evolve } from "./evolve";
import { other } from "./rules";
import {
  type DreamersEvent,
  type DreamersSetup,
  type DreamersState,
  HAND_SIZE,
  type Identity,
  type Result,
  type Seat,
} from "./types";

/** Folds one event into the state and returns the new state; `apply` also records the event. */
export type Emit = (event: DreamersEvent, state: DreamersState) => DreamersState;

const DREAM_IDS = DREAM_CARDS.map((card) => card.id);
const NIGHTMARE_IDS = NIGHTMARE_CARDS.map((card) => card.id);
/** The three identity cards, face down. */
const IDENTITY_CARDS: readonly Identity[] = ["dreamer", "dreamer", "master"];

/**
 * A new two-player game with round 1 dealt. The seed (64 lower-case hex digits from a secure source)
 * keys the generator that picks the first player and deals every round.
 */
export function createGame(setup: DreamersSetup, seed: string): Result<DreamersState> {
  if (typeof setup !== "object" || setup === null || Array.isArray(setup))
    return fail("setup/malformed", "Dreamers needs a setup object (it may be empty).");
  if (!isValidSeed(seed))
    return fail("setup/bad_seed", "The seed must be 64 lowercase hex digits (256 bits).");
  const rng = new CounterRng(seed, 0);
  const starter = rng.int(0, 1);
  const blank: DreamersState = {
    game: "dreamers",
    version: 1,
    scores: [0, 0],
    phase: "choosing",
    round: emptyRound(0, starter),
    results: [],
    rng: rng.state(),
    winners: null,
  };
  return ok(openRound(blank, starter, null, (event, current) => evolve(current, event)));
}

/**
 * Starts the next round: both decks reshuffled whole. Without a chooser the identities are dealt and the
 * first turn starts at once; with one, the round waits in `choosing` for their pick.
 */
export function openRound(
  state: DreamersState,
  starter: Seat,
  chooser: Seat | null,
  emit: Emit,
): DreamersState {
  const rng = CounterRng.from(state.rng);
  const dreamDeck = shuffle(rng, DREAM_IDS);
  const nightmareDeck = shuffle(rng, NIGHTMARE_IDS);
  const round = state.round.number + 1;
  let next = emit(
    { type: "round_started", round, starter, chooser, dreamDeck, nightmareDeck, rng: rng.state() },
    state,
  );
  if (chooser !== null) return next;
  next = emit(identitiesDealt(next, null), next);
  return emit(turnStarted(next), next);
}

/**
 * The identity deal. Blind: the three cards are shuffled, the round's first player takes the top one,
 * the second the next, the third stays unused. After a pick by the chooser: the two cards left are
 * shuffled, the other player takes the top one.
 */
export function identitiesDealt(
  state: DreamersState,
  chosen: { seat: Seat; identity: Identity } | null,
): Extract<DreamersEvent, { type: "identities_dealt" }> {
  const rng = CounterRng.from(state.rng);
  const round = state.round;
  const identities: [Identity, Identity] = ["dreamer", "dreamer"];
  let unused: Identity;
  if (chosen) {
    const left = IDENTITY_CARDS.slice();
    left.splice(left.indexOf(chosen.identity), 1);
    const [drawn, rest] = shuffle(rng, left) as [Identity, Identity];
    identities[chosen.seat] = chosen.identity;
    identities[other(chosen.seat)] = drawn;
    unused = rest;
  } else {
    const [top, next, rest] = shuffle(rng, IDENTITY_CARDS) as [Identity, Identity, Identity];
    identities[round.first] = top;
    identities[other(round.first)] = next;
    unused = rest;
  }
  const salt = rng.hex(16);
  const commitment = commit({ round: round.number, identities, unused, salt });
  return { type: "identities_dealt", identities, unused, salt, commitment, rng: rng.state() };
}

/** Cards the two hands need to hold `HAND_SIZE` each. */
export function cardsNeeded(state: DreamersState): number {
  const [zero, one] = state.round.hands;
  return 2 * HAND_SIZE - zero.length - one.length;
}

/**
 * Whether the Memory step can refill both hands. **Decision:** when the Dream deck holds fewer cards
 * than the two hands need together, nobody draws and the round ends (`exhausted`).
 */
export function canRefill(state: DreamersState): boolean {
  return state.round.dreamDeck.length >= cardsNeeded(state);
}

/**
 * A turn's Memory and Nightmare steps: each hand refilled to 3 from the top of the Dream deck, the
 * first player first; the top Nightmare revealed, after shuffling the Nightmare discards back in when
 * the deck is empty (a safety net: a round has at most 8 turns and there are 13 Nightmares). Call only
 * when `canRefill`.
 */
export function turnStarted(state: DreamersState): Extract<DreamersEvent, { type: "turn_started" }> {
  const round = state.round;
  const first = round.first;
  const draws: [string[], string[]] = [[], []];
  let top = 0;
  for (const seat of [first, other(first)]) {
    const need = HAND_SIZE - (round.hands[seat]?.length ?? 0);
    draws[seat] = round.dreamDeck.slice(top, top + need);
    top += need;
  }
  let reshuffled: string[] | null = null;
  let rng = state.rng;
  if (round.nightmareDeck.length === 0) {
    const generator = CounterRng.from(state.rng);
    reshuffled = shuffle(generator, round.nightmareDiscard);
    rng = generator.state();
  }
  const nightmare = (reshuffled ?? round.nightmareDeck)[0] as string;
  return { type: "turn_started", turn: round.turn + 1, first, draws, reshuffled, rng, nightmare };
}

const WORD = 2 ** 32;

/**
 * A uniform Fisher–Yates shuffle that draws several swap indices from each 32-bit word of the generator:
 * the ranges n+1, n, n−1… whose product P fits in 32 bits are read as the mixed-radix digits of one word,
 * rejected and redrawn when it falls at or above the largest multiple of P (so every digit is exactly
 * uniform). Shuffling the 20 Dream cards takes 3 words instead of 19, so a round's deal hashes about 2
 * SHA-256 blocks instead of 5.
 */
export function shuffle<T>(rng: CounterRng, items: readonly T[]): T[] {
  const out = items.slice();
  let top = out.length - 1;
  while (top > 0) {
    let product = 1;
    let low = top;
    while (low > 0 && product * (low + 1) <= WORD) {
      product *= low + 1;
      low--;
    }
    const limit = Math.floor(WORD / product) * product;
    let word = rng.next() >>> 0;
    while (word >= limit) word = rng.next() >>> 0;
    let digits = word % product;
    for (let n = top; n > low; n--) {
      const j = digits % (n + 1);
      digits = Math.floor(digits / (n + 1));
      const swap = out[n] as T;
      out[n] = out[j] as T;
      out[j] = swap;
    }
    top = low;
  }
  return out;
}
