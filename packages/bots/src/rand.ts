import type { DreamsView } from "@firmament/dreams";
import { CounterRng } from "@firmament/dreams";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** A source of numbers in [0, 1). */
export type Uniform = () => number;

/**
 * The randomness of one decision: counter-mode SHA-256 keyed by the bot's seed and the public facts
 * that identify the decision (round, stars placed, seat, phase). The same seed and view always give
 * the same numbers, so a restarted server repeats the decision and nothing needs storing.
 */
export function decisionRandom(seed: string, view: DreamsView, salt = ""): Uniform {
  const seat = view.me ? view.me.seat : -1;
  const text = `firmament-bot|${seed}|${view.round}|${view.stars.length}|${seat}|${view.phase}|${salt}`;
  const rng = new CounterRng(bytesToHex(sha256(utf8ToBytes(text))), 0);
  return () => (rng.next() >>> 0) / 4294967296;
}

/** Samples index i with probability ∝ exp(score[i] / tau); tau ≤ 0 takes the best. */
export function softmaxPick(scores: ArrayLike<number>, tau: number, random: Uniform): number {
  let best = 0;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i] as number;
    if (s > max) {
      max = s;
      best = i;
    }
  }
  if (tau <= 0 || !Number.isFinite(max)) return best;
  let total = 0;
  const e = new Float64Array(scores.length);
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i] as number;
    const v = Number.isFinite(s) ? Math.exp((s - max) / tau) : 0;
    e[i] = v;
    total += v;
  }
  let r = random() * total;
  for (let i = 0; i < e.length; i++) {
    r -= e[i] as number;
    if (r < 0) return i;
  }
  return best;
}
