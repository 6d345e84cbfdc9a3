import { type StarsCtx, sweepOf } from "./context";
import type { Params } from "./levels";
import { type ScanState, scan } from "./memo";
import { mimicLogs } from "./mimic";
import { CELLS, normaliseLog, type Powered, type StarInfo } from "./model";

/**
 * The probability of each star under "a god of this policy whose vision is card i" ([t * 4 + i]):
 * `exp(S_i(c)/τ)` normalised over the cells free when it was placed, with
 * `S_i(c) = (1−λ)·log P_i(c) + λ·log Q(c)` and `Q` the predictive of a mortal who has seen the
 * stars so far except the placer's. Conditional on the star's kind. Memoised per decision.
 */
export function policyLikelihoods(ctx: StarsCtx, p: Params): Float64Array {
  if (ctx.policy) return ctx.policy;
  const model = sweepOf(ctx, p.modelBeta);
  const mPow = ctx.cards.map((c) => c.pow(p.mortalBeta));
  const lambda = p.lambda;
  // exp(S_i(c)/τ) = w_i(c)^((1−λ)β/τ) · Q(c)^(λ/τ): one power per cell, then products.
  const gPowTau = ctx.cards.map((c) => c.pow(((1 - lambda) * p.godBeta) / Math.max(0.05, p.tau)));
  const lCoef = lambda / Math.max(0.05, p.tau);
  const likelihoods = (st: ScanState, star: StarInfo, pi: number[], u: number): number[] => {
    const terms = policyTerms(mPow, gPowTau, st.z, star.kind, pi, ctx.alpha);
    return p.decoy
      ? decoyLikelihoods(st.free, star.cell, terms, pi, u, lCoef)
      : pointingLikelihoods(st.free, star.cell, terms, u, lCoef);
  };
  ctx.policy = placerScan(ctx, `pol|${scanNamespace(ctx, p)}`, mPow, model.probs, likelihoods);
  return ctx.policy;
}

type Four<T> = [T, T, T, T];

/** Per card, for one star kind: the mortal's weights, their scale in Q, and the god's powered weights. */
interface PolicyTerms {
  ms: Four<Float64Array>;
  cs: Four<number>;
  gs: Four<Float64Array>;
}

function policyTerms(
  mPow: Powered[],
  gPowTau: Powered[],
  mz: Float64Array,
  k: number,
  pi: number[],
  a: number,
): PolicyTerms {
  const m0 = (mPow[0] as Powered).w[k] as Float64Array;
  const m1 = (mPow[1] as Powered).w[k] as Float64Array;
  const m2 = (mPow[2] as Powered).w[k] as Float64Array;
  const m3 = (mPow[3] as Powered).w[k] as Float64Array;
  const c0 = ((pi[0] as number) * (1 - a)) / (mz[k] as number);
  const c1 = ((pi[1] as number) * (1 - a)) / (mz[3 + k] as number);
  const c2 = ((pi[2] as number) * (1 - a)) / (mz[6 + k] as number);
  const c3 = ((pi[3] as number) * (1 - a)) / (mz[9 + k] as number);
  const g0 = (gPowTau[0] as Powered).w[k] as Float64Array;
  const g1 = (gPowTau[1] as Powered).w[k] as Float64Array;
  const g2 = (gPowTau[2] as Powered).w[k] as Float64Array;
  const g3 = (gPowTau[3] as Powered).w[k] as Float64Array;
  return { ms: [m0, m1, m2, m3], cs: [c0, c1, c2, c3], gs: [g0, g1, g2, g3] };
}

/** Gods who blend toward all four cards: one Q for every vision. */
function pointingLikelihoods(
  free: Uint8Array,
  sc: number,
  { ms, cs, gs }: PolicyTerms,
  u: number,
  lCoef: number,
): number[] {
  const [m0, m1, m2, m3] = ms;
  const [c0, c1, c2, c3] = cs;
  const [g0, g1, g2, g3] = gs;
  let z0 = 0;
  let z1 = 0;
  let z2 = 0;
  let z3 = 0;
  for (let c = 0; c < CELLS; c++) {
    if (!free[c]) continue;
    const q =
      c0 * (m0[c] as number) + c1 * (m1[c] as number) + c2 * (m2[c] as number) + c3 * (m3[c] as number) + u;
    const e = q ** lCoef;
    z0 += (g0[c] as number) * e;
    z1 += (g1[c] as number) * e;
    z2 += (g2[c] as number) * e;
    z3 += (g3[c] as number) * e;
  }
  const qs =
    (c0 * (m0[sc] as number) +
      c1 * (m1[sc] as number) +
      c2 * (m2[sc] as number) +
      c3 * (m3[sc] as number) +
      u) **
    lCoef;
  const zs = [z0, z1, z2, z3];
  return zs.map((z, i) => (((gs[i] as Float64Array)[sc] as number) * qs) / Math.max(1e-300, z));
}

/** Decoy gods blend toward the cards other than their vision: Q_{−i} per card. */
function decoyLikelihoods(
  free: Uint8Array,
  sc: number,
  { ms, cs, gs }: PolicyTerms,
  pi: number[],
  u: number,
  lCoef: number,
): number[] {
  const zs = [0, 0, 0, 0];
  const qOf = (c: number, i: number): number => {
    let q = 0;
    let mass = 0;
    for (let j = 0; j < 4; j++) {
      if (j === i) continue;
      q += (cs[j] as number) * ((ms[j] as Float64Array)[c] as number);
      mass += pi[j] as number;
    }
    return mass > 1e-9 ? q / mass + u : u;
  };
  for (let c = 0; c < CELLS; c++) {
    if (!free[c]) continue;
    for (let i = 0; i < 4; i++)
      zs[i] = (zs[i] as number) + ((gs[i] as Float64Array)[c] as number) * qOf(c, i) ** lCoef;
  }
  return zs.map(
    (z, i) => (((gs[i] as Float64Array)[sc] as number) * qOf(sc, i) ** lCoef) / Math.max(1e-300, z),
  );
}

/**
 * Scans the stars in order, each as its placer saw it: `likelihoods` gets the star, the vision
 * posterior π from the others' earlier stars (the placer's own left out) and the uniform floor u, and
 * returns the probability of the star's cell under each hypothesis; those are floored by α, then the
 * star's evidence (from `evidence`) is added and the cells it crowds out are blocked.
 */
function placerScan(
  ctx: StarsCtx,
  ns: string,
  mPow: Powered[],
  evidence: Float64Array,
  likelihoods: (st: ScanState, star: StarInfo, pi: number[], u: number) => number[],
): Float64Array {
  const a = ctx.alpha;
  const step = (st: ScanState, t: number): void => {
    const star = ctx.stars[t] as StarInfo;
    const own = st.bySeat[star.seat] as number[];
    const pi = normaliseLog(st.total.map((x, i) => x - (own[i] as number)));
    const u = a / Math.max(1, st.nFree);
    for (const pr of likelihoods(st, star, pi, u)) st.out.push((1 - a) * Math.min(1, pr) + u);
    addEvidence(st, own, evidence, t);
    block(st, star, mPow);
  };
  return Float64Array.from(scan(ns, ctx.prefixKeys, () => scanFromTotals(ctx, mPow), step));
}

function scanNamespace(ctx: StarsCtx, p: Params): string {
  return `${JSON.stringify(p)}|${ctx.cards.map((c) => c.serial).join(",")}|${ctx.players}`;
}

/** A fresh scan whose normalisers start at each card's per-kind totals. */
function scanFromTotals(ctx: StarsCtx, powered: readonly Powered[]): ScanState {
  const z = new Float64Array(12);
  for (let i = 0; i < 4; i++) for (let k = 0; k < 3; k++) z[i * 3 + k] = powered[i]?.sum[k] as number;
  return freshScan(ctx, z);
}

function freshScan(ctx: StarsCtx, z: Float64Array): ScanState {
  return {
    free: new Uint8Array(CELLS).fill(1),
    nFree: CELLS,
    z,
    total: [0, 0, 0, 0],
    bySeat: Array.from({ length: ctx.players }, () => [0, 0, 0, 0]),
    out: [],
  };
}

/** Adds star t's evidence about the vision (from `probs`) to the running totals. */
function addEvidence(st: ScanState, own: number[], probs: Float64Array, t: number): void {
  for (let i = 0; i < 4; i++) {
    const l = Math.log(probs[t * 4 + i] as number);
    st.total[i] = (st.total[i] as number) + l;
    own[i] = (own[i] as number) + l;
  }
}

/** Marks the cells a star crowds out and takes them out of the normalisers. */
function block(st: ScanState, star: StarInfo, pw: Powered[]): void {
  for (const c of star.blocks) {
    if (!st.free[c]) continue;
    st.free[c] = 0;
    st.nFree--;
    for (let i = 0; i < 4; i++)
      for (let kk = 0; kk < 3; kk++)
        st.z[i * 3 + kk] =
          (st.z[i * 3 + kk] as number) - (((pw[i] as Powered).w[kk] as Float64Array)[c] as number);
  }
}

/** Likelihood of each star under each card for the god hypothesis: plain pointing mixed with my policy. */
export function godLikelihoods(ctx: StarsCtx, p: Params): Float64Array {
  const plain = sweepOf(ctx, p.modelBeta).probs;
  if (p.godModel <= 0) return plain;
  const pol = policyLikelihoods(ctx, p);
  const out = new Float64Array(plain.length);
  for (let j = 0; j < plain.length; j++)
    out[j] = (1 - p.godModel) * (plain[j] as number) + p.godModel * (pol[j] as number);
  return out;
}

/**
 * The probability of each star ([t]) under "its placer is a mortal who plays like me": my mortal
 * placement rule applied to the stars the placer had seen (others' stars before it), normalised over
 * the cells free then. Conditional on the star's kind. Memoised per decision.
 */
export function mortalPolicyLikelihoods(ctx: StarsCtx, p: Params): Float64Array {
  if (ctx.mortalPolicy) return ctx.mortalPolicy;
  const model = godLikelihoods(ctx, p);
  const beta = p.mortalBeta;
  const mPow = ctx.cards.map((c) => c.pow(beta));
  const inv = 1 / Math.max(0.05, p.mortalTau);
  const rule: MortalRule = {
    p,
    mPow,
    logW: ctx.cards.map((c) => c.logBase),
    a: ctx.alpha,
    qCoef: (1 - p.hedge) * inv,
    hCoef: p.hedge * inv * beta,
    sc: new Float64Array(CELLS),
    logM: new Float64Array(CELLS),
  };
  const likelihood = (st: ScanState, star: StarInfo, pi: number[], u: number): number[] =>
    p.mimic ? mimicMortalLikelihood(rule, st, star, pi, u) : plainMortalLikelihood(rule, st, star, pi, u);
  ctx.mortalPolicy = placerScan(ctx, `mpol|${scanNamespace(ctx, p)}`, mPow, model, likelihood);
  return ctx.mortalPolicy;
}

/** My mortal placement rule, ready to score cells: its weights, coefficients and scratch buffers. */
interface MortalRule {
  p: Params;
  mPow: Powered[];
  logW: Float64Array[][];
  a: number;
  qCoef: number;
  hCoef: number;
  sc: Float64Array;
  logM: Float64Array;
}

/** The softmax share of the star's cell among the free cells scored in `sc` (`max` is their maximum). */
function cellShare(free: Uint8Array, sc: Float64Array, max: number, starScore: number): number {
  let z = 0;
  for (let c = 0; c < CELLS; c++) if (free[c]) z += Math.exp((sc[c] as number) - max);
  return Math.exp(starScore - max) / z;
}

/** A mimicking mortal: stars as a god of my policy would place them, hedged toward shared spots. */
function mimicMortalLikelihood(
  { p, mPow, logW, a, hCoef, sc, logM }: MortalRule,
  { free, z: mz }: ScanState,
  star: StarInfo,
  pi: number[],
  u: number,
): number[] {
  const k = star.kind;
  const pk = mPow.map((mp) => mp.w[k] as Float64Array);
  mimicLogs(
    logW.map((l) => l[k] as Float64Array),
    (j, c) => ((1 - a) * ((pk[j] as Float64Array)[c] as number)) / (mz[j * 3 + k] as number) + u,
    pi,
    free,
    p,
    logM,
  );
  let max = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < CELLS; c++) {
    if (!free[c]) continue;
    let g = 0;
    for (let i = 0; i < 4; i++)
      g += (pi[i] as number) * (((logW[i] as Float64Array[])[k] as Float64Array)[c] as number);
    const v = (1 - p.hedge) * (logM[c] as number) + hCoef * g;
    sc[c] = v;
    if (v > max) max = v;
  }
  return [cellShare(free, sc, max, sc[star.cell] as number)];
}

/** A plain mortal: where the predictive points, hedged toward spots every likely card agrees on. */
function plainMortalLikelihood(
  { mPow, logW, a, qCoef, hCoef, sc }: MortalRule,
  { free, z: mz }: ScanState,
  star: StarInfo,
  pi: number[],
  u: number,
): number[] {
  const k = star.kind;
  const w = mPow.map((mp) => mp.w[k] as Float64Array);
  const lw = logW.map((l) => l[k] as Float64Array);
  const cq = pi.map((x, i) => (x * (1 - a)) / (mz[i * 3 + k] as number));
  const [w0, w1, w2, w3] = w as [Float64Array, Float64Array, Float64Array, Float64Array];
  const [l0, l1, l2, l3] = lw as [Float64Array, Float64Array, Float64Array, Float64Array];
  const [q0, q1, q2, q3] = cq as [number, number, number, number];
  const [p0, p1, p2, p3] = pi as [number, number, number, number];
  let max = Number.NEGATIVE_INFINITY;
  const score = (c: number): number =>
    qCoef *
      Math.log(
        q0 * (w0[c] as number) + q1 * (w1[c] as number) + q2 * (w2[c] as number) + q3 * (w3[c] as number) + u,
      ) +
    hCoef *
      (p0 * (l0[c] as number) + p1 * (l1[c] as number) + p2 * (l2[c] as number) + p3 * (l3[c] as number));
  for (let c = 0; c < CELLS; c++) {
    if (!free[c]) continue;
    const v = score(c);
    sc[c] = v;
    if (v > max) max = v;
  }
  return [cellShare(free, sc, max, score(star.cell))];
}
