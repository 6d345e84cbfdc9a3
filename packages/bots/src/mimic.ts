import type { Params } from "./levels";
import { CELLS } from "./model";

/**
 * log M(c): where a god of my policy would put a star of one kind if its vision were drawn from π — per
 * card i the softmax (at τ, over free cells) of (1−λ)·β·log w_i(c) + λ·log Q(c), Q the predictive of a
 * mortal believing π (without card i for a decoy), mixed by π. `pj(j, c)` is card j's P_j(c).
 */
export function mimicLogs(
  logBase: readonly Float64Array[],
  pj: (j: number, c: number) => number,
  pi: readonly number[],
  free: Uint8Array,
  p: Params,
  out: Float64Array,
): void {
  const lambda = p.lambda;
  const tau = Math.max(0.05, p.tau);
  const m = new Float64Array(CELLS);
  const s = new Float64Array(CELLS);
  for (let i = 0; i < 4; i++) {
    const wi = pi[i] as number;
    if (wi < 1e-6) continue;
    const lb = logBase[i] as Float64Array;
    const rest = 1 - wi;
    let max = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < CELLS; c++) {
      if (!free[c]) continue;
      let q = 0;
      if (lambda > 0) {
        if (!p.decoy) for (let j = 0; j < 4; j++) q += (pi[j] as number) * pj(j, c);
        else if (rest > 1e-9) {
          for (let j = 0; j < 4; j++) if (j !== i) q += (pi[j] as number) * pj(j, c);
          q /= rest;
        } else for (let j = 0; j < 4; j++) if (j !== i) q += pj(j, c) / 3;
      }
      const v =
        ((1 - lambda) * p.godBeta * (lb[c] as number) + (lambda > 0 ? lambda * Math.log(q) : 0)) / tau;
      s[c] = v;
      if (v > max) max = v;
    }
    let z = 0;
    for (let c = 0; c < CELLS; c++)
      if (free[c]) {
        const e = Math.exp((s[c] as number) - max);
        s[c] = e;
        z += e;
      }
    for (let c = 0; c < CELLS; c++) if (free[c]) m[c] = (m[c] as number) + (wi * (s[c] as number)) / z;
  }
  for (let c = 0; c < CELLS; c++)
    out[c] = free[c] ? Math.log(Math.max(1e-300, m[c] as number)) : Number.NEGATIVE_INFINITY;
}
