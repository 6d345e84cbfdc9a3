import type { ImageNumber, StarKind } from "@firmament/dreams";
import { type Ctx, logPosterior, seatsBut, sweepOf } from "./context";
import { detect } from "./detect";
import type { Params } from "./levels";
import { mimicLogs } from "./mimic";
import { type CardModel, CELLS, cellProbs, KINDS, kindIndex, normaliseLog, type Sweep } from "./model";
import { godLikelihoods } from "./policy";
import { softmaxPick } from "./rand";

interface Choice {
  cell: number;
  kind: StarKind;
}

/** Samples a (kind, cell) from scores[kindSlot * CELLS + cell] over my remaining kinds. */
function pickPlacement(ctx: Ctx, scores: Float64Array, kinds: StarKind[], tau: number): Choice {
  const i = softmaxPick(scores, tau, ctx.random);
  return { kind: kinds[Math.floor(i / CELLS)] as StarKind, cell: i % CELLS };
}

function myKinds(ctx: Ctx): StarKind[] {
  return KINDS.filter((k) => ctx.me.starsLeft.includes(k));
}

/** Predictive of a mortal who believes π: Σ_i π_i P_ik(c), per kind index. */
function predictive(probs: Float64Array[], pi: number[], k: number, c: number): number {
  let q = 0;
  for (let i = 0; i < 4; i++) q += (pi[i] as number) * ((probs[i * 3 + k] as Float64Array)[c] as number);
  return q;
}

export function placeGod(ctx: Ctx, p: Params, vision: ImageNumber): Choice {
  const v = vision - 1;
  const kinds = myKinds(ctx);
  const own = sweepOf(ctx, p.godBeta);
  const logW = (ctx.cards[v] as CardModel).logBase;
  const scores = new Float64Array(kinds.length * CELLS).fill(Number.NEGATIVE_INFINITY);
  const lambda = p.lambda;
  // Who might be the mortal, and what each would-be mortal believes now.
  let blend: { w: number; pi: number[] }[] = [];
  let mortalProbs: Float64Array[] = [];
  if (lambda > 0) {
    const others = seatsBut(ctx, ctx.me.seat);
    const llr = detect(ctx, p, v);
    const w = normaliseLog(others.map((m) => llr[m] as number));
    const model = godLikelihoods(ctx, p);
    const mortalSweep = sweepOf(ctx, p.mortalBeta);
    mortalProbs = cellProbs(ctx.cards, mortalSweep, ctx.alpha);
    const mix = [0, 0, 0, 0];
    others.forEach((m, j) => {
      const pi = normaliseLog(logPosterior(ctx, model, m));
      for (let i = 0; i < 4; i++) mix[i] = (mix[i] as number) + (w[j] as number) * (pi[i] as number);
    });
    if (p.decoy) {
      // Blend toward the other cards only: spots the vision shares with cards a mortal might suspect.
      const rest = 1 - (mix[v] as number);
      for (let i = 0; i < 4; i++) mix[i] = i === v ? 0 : rest > 1e-9 ? (mix[i] as number) / rest : 1 / 3;
    }
    blend = [{ w: 1, pi: mix }];
  }
  kinds.forEach((kind, slot) => {
    const k = kindIndex(kind);
    // Pointing: the vision's weight w_v(c)^β (its normaliser would cancel in the softmax).
    const lw = logW[k] as Float64Array;
    for (let c = 0; c < CELLS; c++) {
      if (!own.free[c]) continue;
      let s = (1 - lambda) * p.godBeta * (lw[c] as number);
      for (const b of blend) s += lambda * b.w * Math.log(predictive(mortalProbs, b.pi, k, c));
      scores[slot * CELLS + c] = s;
    }
  });
  return pickPlacement(ctx, scores, kinds, p.tau);
}

/** Per card and kind, β·log w(c) − log Z: the log-probability of each cell without the uniform part. */
function hedgeLogs(ctx: Ctx, sw: Sweep, beta: number): Float64Array[] {
  const out: Float64Array[] = [];
  for (let i = 0; i < 4; i++)
    for (let k = 0; k < 3; k++) {
      const lw = (ctx.cards[i] as CardModel).logBase[k] as Float64Array;
      const lz = Math.log(Math.max(1e-300, sw.z[i * 3 + k] as number));
      out.push(lw.map((l) => beta * l - lz));
    }
  return out;
}

export function placeMortal(ctx: Ctx, p: Params): Choice {
  const kinds = myKinds(ctx);
  const pi = normaliseLog(logPosterior(ctx, godLikelihoods(ctx, p), ctx.me.seat));
  const mine = sweepOf(ctx, p.mortalBeta);
  const probs = cellProbs(ctx.cards, mine, ctx.alpha);
  const hedgeLog = hedgeLogs(ctx, mine, p.mortalBeta);
  const scores = new Float64Array(kinds.length * CELLS).fill(Number.NEGATIVE_INFINITY);
  if (p.mimic) {
    // Stars drawn as a god of my policy would place them (τ is inside M), hedged toward shared spots.
    const logM = new Float64Array(CELLS);
    const inv = 1 / Math.max(0.05, p.mortalTau);
    kinds.forEach((kind, slot) => {
      const k = kindIndex(kind);
      mimicLogs(
        ctx.cards.map((c) => c.logBase[k] as Float64Array),
        (j, c) => (probs[j * 3 + k] as Float64Array)[c] as number,
        pi,
        mine.free,
        p,
        logM,
      );
      for (let c = 0; c < CELLS; c++) {
        if (!mine.free[c]) continue;
        let g = 0;
        if (p.hedge > 0)
          for (let i = 0; i < 4; i++)
            g += (pi[i] as number) * ((hedgeLog[i * 3 + k] as Float64Array)[c] as number);
        scores[slot * CELLS + c] = (1 - p.hedge) * (logM[c] as number) + p.hedge * inv * g;
      }
    });
    return pickPlacement(ctx, scores, kinds, 1);
  }
  kinds.forEach((kind, slot) => {
    const k = kindIndex(kind);
    for (let c = 0; c < CELLS; c++) {
      if (!mine.free[c]) continue;
      const q = Math.log(predictive(probs, pi, k, c));
      // Hedge: the expected log-weight over the likely cards (a spot every likely card agrees on).
      let g = 0;
      if (p.hedge > 0)
        for (let i = 0; i < 4; i++)
          g += (pi[i] as number) * ((hedgeLog[i * 3 + k] as Float64Array)[c] as number);
      scores[slot * CELLS + c] = (1 - p.hedge) * q + p.hedge * g;
    }
  });
  return pickPlacement(ctx, scores, kinds, p.mortalTau);
}

export function guessVision(ctx: Ctx, p: Params): ImageNumber {
  const lp = logPosterior(ctx, godLikelihoods(ctx, p), ctx.me.seat);
  return (softmaxPick(lp, p.guessTau, ctx.random) + 1) as ImageNumber;
}

/** The seat a god names: the one whose stars look most like a mortal's. */
export function guessMortal(ctx: Ctx, p: Params, vision: ImageNumber): number {
  const v = vision - 1;
  const llr = detect(ctx, p, v);
  const others = seatsBut(ctx, ctx.me.seat);
  const pick = softmaxPick(
    others.map((m) => llr[m] as number),
    p.guessTau,
    ctx.random,
  );
  return others[pick] as number;
}
