import type { DreamersView } from "@firmament/dreamers";
import { CounterRng, sha256Hex } from "@firmament/game-kit";

/** A source of numbers in [0, 1). */
export type Uniform = () => number;

/**
 * The randomness of one decision: counter-mode SHA-256 keyed by the bot's seed and the public facts
 * that name the decision (round, turn, phase, seat). The same seed and view give the same numbers, so
 * a restarted server repeats the decision and the bot keeps no memory.
 */
export function decisionRandom(seed: string, view: DreamersView, salt = ""): Uniform {
  const seat = view.me ? view.me.seat : -1;
  const key = sha256Hex(
    `firmament-dreamers-bot|${seed}|${view.round}|${view.turn}|${view.phase}|${seat}|${salt}`,
  );
  const rng = new CounterRng(key, 0);
  return () => (rng.next() >>> 0) / 4294967296;
}

/** Index of the highest score, or a softmax draw at temperature `tau` (> 0). */
export function pickScore(scores: readonly number[], tau: number, random: Uniform): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++) if ((scores[i] as number) > (scores[best] as number)) best = i;
  if (tau <= 0) return best;
  const max = scores[best] as number;
  const weights = scores.map((s) => Math.exp((s - max) / tau));
  const total = weights.reduce((sum, w) => sum + w, 0);
  let r = random() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i] as number;
    if (r < 0) return i;
  }
  return best;
}
