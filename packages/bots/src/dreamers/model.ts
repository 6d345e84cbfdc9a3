import { type Declaration, honestDeclaration } from "@firmament/dreamers";
import {
  atLeastOne,
  COPIES,
  countWithEffect,
  effectBit,
  effectMask,
  fixingMask,
  forEachSampledSubset,
  MAX_VALUE,
  VALUES,
  value,
  valueCounts,
} from "./cards";

/**
 * How one turn's plays turn into a gate, and how a Dreamer reads the first player's declaration: the
 * shared model under the Dreamers bots. Values are 1..MAX_VALUE; arrays indexed by value have a
 * dummy slot 0.
 */

const V = MAX_VALUE + 1;
const FIX_CACHE = new Map<number, Int32Array>();

/** `fixes(N)[v * V + w]`: the modifiers (bit mask) that make `v + w` exactly `N` on either card. */
export function fixes(nightmare: number): Int32Array {
  let table = FIX_CACHE.get(nightmare);
  if (!table) {
    table = new Int32Array(V * V);
    for (let v = 1; v < V; v++) for (let w = 1; w < V; w++) table[v * V + w] = fixingMask(v, w, nightmare);
    FIX_CACHE.set(nightmare, table);
  }
  return table;
}

/** Whether a declaration is the honest one for a card of value `v` (docs/rules.md (Dreamers)'s hint). */
export function isHonest(v: number, nightmare: number, declaration: Declaration): boolean {
  return honestDeclaration(v, nightmare) === declaration;
}

/** The complement `N − v` when it is a card value, else 0. */
export function complement(v: number, nightmare: number): number {
  const c = nightmare - v;
  return c >= 1 && c <= MAX_VALUE ? c : 0;
}

/**
 * `table[v * V + w]`: the probability that a player holding `k` unknown cards from `pool` can fix the
 * pair (v, w) with a modifier.
 */
export function fixChances(nightmare: number, pool: readonly number[], k: number): Float64Array {
  const table = new Float64Array(V * V);
  const fix = fixes(nightmare);
  const byMask = new Map<number, number>();
  for (let i = 0; i < V * V; i++) {
    const mask = fix[i] as number;
    if (mask === 0) continue;
    let chance = byMask.get(mask);
    if (chance === undefined) {
      chance = atLeastOne(countWithEffect(pool, mask), pool.length, k);
      byMask.set(mask, chance);
    }
    table[i] = chance;
  }
  return table;
}

/** How a reader weighs the first player's card: a liar's card outside the declared range still counts a little. */
export interface Reading {
  /** Weight of values the declaration does not honestly describe (0..1). */
  lieWeight: number;
  /** Base preference of any value; a value's weight is `base + unseen copies of its complement`. */
  prefBase: number;
}

/**
 * The second player's belief about the first player's face-down card: P(value v) ∝ copies of v the
 * reader cannot see × how much the first would want to play v (its complement is likely out there) ×
 * whether the declaration fits v. `unseen[v]` counts the cards of value v the reader has not seen;
 * `unused[v]` the cards of value v not yet played this round (the first's estimate of what is out there).
 */
export function readFirstCard(
  out: Float64Array,
  unseen: ArrayLike<number>,
  unused: ArrayLike<number>,
  nightmare: number,
  declaration: Declaration,
  reading: Reading,
): void {
  let total = 0;
  for (let v = 1; v < V; v++) {
    const copies = unseen[v] as number;
    if (copies <= 0) {
      out[v] = 0;
      continue;
    }
    const c = complement(v, nightmare);
    const pref = reading.prefBase + (c ? (unused[c] as number) : 0);
    const fit = isHonest(v, nightmare, declaration) ? 1 : reading.lieWeight;
    const w = copies * pref * fit;
    out[v] = w;
    total += w;
  }
  if (total > 0) for (let v = 1; v < V; v++) out[v] = (out[v] as number) / total;
}

/**
 * A Dreamer's score for playing each card of `hand` as the second player: the chance of a gate, from
 * the belief about the first's card (`belief`), the exact sum, a fix from the rest of the hand, or a
 * fix by the first player (`firstFix`, from `fixChances`). Written into `out` per hand position.
 */
export function secondScores(
  out: Float64Array,
  hand: readonly number[],
  belief: ArrayLike<number>,
  nightmare: number,
  firstFix: ArrayLike<number>,
): void {
  const fix = fixes(nightmare);
  for (let i = 0; i < hand.length; i++) {
    const w = value(hand[i] as number);
    let rest = 0;
    for (let j = 0; j < hand.length; j++) if (j !== i) rest |= effectBit(hand[j] as number);
    let score = 0;
    for (let v = 1; v < V; v++) {
      const p = belief[v] as number;
      if (p === 0) continue;
      if (v + w === nightmare || ((fix[v * V + w] as number) & rest) !== 0) score += p;
      else score += p * (firstFix[v * V + w] as number);
    }
    out[i] = score;
  }
}

/** The chance that the second player's card completes the first's exactly (no modifier), per hand position. */
export function directHits(
  out: Float64Array,
  hand: readonly number[],
  belief: ArrayLike<number>,
  nightmare: number,
): void {
  for (let i = 0; i < hand.length; i++) {
    const c = complement(value(hand[i] as number), nightmare);
    out[i] = c ? (belief[c] as number) : 0;
  }
}

/** Partner hands simulated per play at most (of up to 680). */
const HAND_SAMPLE = 240;

export interface FirstPlayContext {
  nightmare: number;
  /** Cards the first player cannot see: the partner's hand is 3 of them. */
  pool: readonly number[];
  /** Cards per value not yet played this round (the partner's estimate of what is unseen, plus its own). */
  unused: readonly number[];
  reading: Reading;
  /** The partner's estimate that the first player can fix a pair, per (v, w). */
  partnerFirstFix: ArrayLike<number>;
}

export interface FirstPlayChances {
  /** The chance of a gate if the partner is a Dreamer who reads the declaration and plays to fit it. */
  dreamer: number;
  /** The chance of a gate if the partner is a Master who plays the card least likely to fit. */
  master: number;
}

/**
 * What playing `card` with `declaration` as the first player gives, averaged over every hand the
 * partner could hold (3 cards of the pool): the partner's reply is simulated with the second-player
 * model, then a fix by the first (`firstFixes`, from `rest`) or by a Dreamer partner is checked.
 */
export function firstPlayChances(
  card: number,
  declaration: Declaration,
  rest: readonly number[],
  firstFixes: boolean,
  context: FirstPlayContext,
): FirstPlayChances {
  const { nightmare, pool, unused, reading, partnerFirstFix } = context;
  const fix = fixes(nightmare);
  const a = value(card);
  const restMask = firstFixes ? effectMask(rest) : 0;
  const unseen = new Float64Array(V);
  const belief = new Float64Array(V);
  const scores = new Float64Array(3);
  const hits = new Float64Array(3);
  let dreamer = 0;
  let master = 0;
  let hands = 0;
  const size = Math.min(3, pool.length);
  forEachSampledSubset(pool, size, HAND_SAMPLE, (hand) => {
    hands++;
    for (let v = 1; v < V; v++) unseen[v] = unused[v] as number;
    for (const c of hand) unseen[value(c)] = (unseen[value(c)] as number) - 1;
    readFirstCard(belief, unseen, unused, nightmare, declaration, reading);
    secondScores(scores, hand, belief, nightmare, partnerFirstFix);
    let best = 0;
    for (let i = 1; i < hand.length; i++) if ((scores[i] as number) > (scores[best] as number)) best = i;
    dreamer += gateWith(hand, best, a, nightmare, restMask, true, fix);
    directHits(hits, hand, belief, nightmare);
    let worst = 0;
    for (let i = 1; i < hand.length; i++) if ((hits[i] as number) < (hits[worst] as number)) worst = i;
    master += gateWith(hand, worst, a, nightmare, restMask, false, fix);
  });
  return hands ? { dreamer: dreamer / hands, master: master / hands } : { dreamer: 0, master: 0 };
}

function gateWith(
  hand: readonly number[],
  played: number,
  a: number,
  nightmare: number,
  firstMask: number,
  partnerFixes: boolean,
  fix: Int32Array,
): number {
  const w = value(hand[played] as number);
  if (a + w === nightmare) return 1;
  const needed = fix[a * V + w] as number;
  if (needed & firstMask) return 1;
  if (!partnerFixes) return 0;
  for (let j = 0; j < hand.length; j++) if (j !== played && needed & effectBit(hand[j] as number)) return 1;
  return 0;
}

/** Cards per value not yet played this round: the full deck minus the public plays. */
export function unusedCounts(used: readonly number[]): number[] {
  const seen = valueCounts(used);
  return COPIES.map((copies, v) => copies - (seen[v] as number));
}

/** Cards per value in `cards`, as a typed array. */
export function countsOf(cards: readonly number[]): Float64Array {
  const counts = new Float64Array(V);
  for (const card of cards) counts[VALUES[card] as number] = (counts[VALUES[card] as number] as number) + 1;
  return counts;
}

export const VALUE_SLOTS = V;
