import { type Ctx, type StarsCtx, seatsBut, sweepOf } from "./context";
import type { Params } from "./levels";
import { CELLS, logSumExp, normaliseLog, type StarInfo, type Sweep } from "./model";
import { godLikelihoods, mortalPolicyLikelihoods, policyLikelihoods } from "./policy";

/**
 * Per seat, a score for "this is the mortal" (higher is likelier). With `ensemble`, the detector that
 * models opponents like me and the one that does not each give a posterior over the other seats, and
 * their weighted average is returned (as logs): whichever is sure of its answer carries it. (Weighting
 * them by their evidence instead was tried: the modelled detector always explains the stars better,
 * even a copier's, and the copier went back to being missed.)
 */
export function detect(ctx: Ctx, p: Params, v: number): number[] {
  return detectFor(ctx, p, v, ctx.me.seat);
}

/** `detect` for a god at `seat` (the seat left out of the candidates), from the stars alone. */
export function detectFor(ctx: StarsCtx, p: Params, v: number, seat: number): number[] {
  return detectorFor(ctx, p, v)(seat);
}

/** `detectFor` for any seat: the seat-independent part computed once. */
export function detectorFor(ctx: StarsCtx, p: Params, v: number): (seat: number) => number[] {
  if (p.detector === "naive") {
    const naive = detectNaive(ctx, p, v);
    return () => naive;
  }
  const modelled = detectModel(ctx, p, v);
  if (p.ensemble <= 0) return () => modelled;
  const plain = detectModel(ctx, { ...p, godModel: 0, mortalModel: 0 }, v);
  return (seat) => {
    const others = seatsBut(ctx, seat);
    const a = normaliseLog(others.map((m) => modelled[m] as number));
    const b = normaliseLog(others.map((m) => plain[m] as number));
    const out = new Array<number>(ctx.players).fill(Number.NEGATIVE_INFINITY);
    others.forEach((m, j) => {
      out[m] = Math.log((1 - p.ensemble) * (a[j] as number) + p.ensemble * (b[j] as number));
    });
    return out;
  };
}

/** How badly each seat's stars fit the vision (mean −log P_v): the detector of trap 1. */
export function detectNaive(ctx: StarsCtx, p: Params, v: number): number[] {
  const sw = sweepOf(ctx, p.detectBeta);
  const sum = new Array<number>(ctx.players).fill(0);
  const n = new Array<number>(ctx.players).fill(0);
  ctx.stars.forEach((s, t) => {
    sum[s.seat] = (sum[s.seat] as number) - Math.log(sw.probs[t * 4 + v] as number);
    n[s.seat] = (n[s.seat] as number) + 1;
  });
  return sum.map((x, s) => (n[s] ? x / (n[s] as number) : 0));
}

const COPY_SIGMA = 0.03;

/** Density of a copier's star at `star`: near the stars placed before it by others. */
function copierProb(ctx: StarsCtx, t: number, seat: number, nFree: number, alpha: number): number {
  const star = ctx.stars[t] as StarInfo;
  let dens = 0;
  let n = 0;
  for (let s = 0; s < t; s++) {
    const o = ctx.stars[s] as StarInfo;
    if (o.seat === seat) continue;
    const dx = star.x - o.x;
    const dy = (star.y - o.y) * 1.5;
    dens += Math.exp(-(dx * dx + dy * dy) / (2 * COPY_SIGMA * COPY_SIGMA));
    n++;
  }
  if (n === 0) return 1 / nFree;
  // A Gaussian bump of σ (in card widths) spreads over about 2πσ² / cellArea cells.
  const cellArea = (1 / 24) * (1.5 / 36);
  const mass = (2 * Math.PI * COPY_SIGMA * COPY_SIGMA) / cellArea;
  return (1 - alpha) * (dens / (n * mass)) + alpha / nFree;
}

/** The god hypothesis of the model detector: per god type, its star probabilities and log weight. */
interface GodHypothesis {
  gods: Float64Array[];
  godWeight: number[];
}

function godHypothesis(ctx: StarsCtx, p: Params): GodHypothesis {
  const gods = [p.detectBeta, ...p.godTypes].map((b) => sweepOf(ctx, b).probs);
  if (p.godModel > 0) gods.push(policyLikelihoods(ctx, p));
  // The god hypothesis' weights: "a god like me" gets detectGodModel, plain pointing shares the rest.
  const plainGods = gods.length - (p.godModel > 0 ? 1 : 0);
  const godWeight = gods.map((_, j) =>
    p.godModel > 0
      ? Math.log(j === plainGods ? p.detectGodModel : (1 - p.detectGodModel) / plainGods)
      : -Math.log(plainGods),
  );
  return { gods, godWeight };
}

/**
 * The mortal hypothesis of the model detector: the sweeps of the plain mortal types, then (each only if
 * on) the copier's, the random placer's and the "mortal like me" slot, with every slot's log weight.
 */
interface MortalHypothesis {
  types: Sweep[];
  copierSlot: number;
  uniformSlot: number;
  modelSlot: number;
  nTypes: number;
  mortalPolicy: Float64Array | null;
  logWeight: number[];
}

function mortalHypothesis(ctx: StarsCtx, p: Params): MortalHypothesis {
  const types = p.mortalTypes.map((b) => sweepOf(ctx, b));
  const copierSlot = types.length;
  const uniformSlot = types.length + (p.copierType ? 1 : 0);
  const modelSlot = uniformSlot + (p.uniformType ? 1 : 0);
  const nTypes = modelSlot + (p.mortalModel > 0 ? 1 : 0);
  const mortalPolicy = p.mortalModel > 0 ? mortalPolicyLikelihoods(ctx, p) : null;
  // The mortal hypothesis' mixture weights: the "like me" type gets mortalModel, the rest share.
  const plainTypes = modelSlot;
  // The random-placing mortal's share of the plain types, if set; the others share the rest equally.
  const plainMass = mortalPolicy ? 1 - p.mortalModel : 1;
  const weighted = p.uniformType && p.uniformWeight > 0;
  const logWeight = Array.from({ length: nTypes }, (_, j) => {
    if (j === modelSlot) return Math.log(p.mortalModel);
    if (!weighted) return Math.log(plainMass / plainTypes);
    return Math.log(
      plainMass * (j === uniformSlot ? p.uniformWeight : (1 - p.uniformWeight) / (plainTypes - 1)),
    );
  });
  return { types, copierSlot, uniformSlot, modelSlot, nTypes, mortalPolicy, logWeight };
}

/**
 * For every seat, the log-likelihood ratio "mortal who knew only the stars before each of theirs"
 * against "god pointing sharply at v", with the mortal hypothesis averaged over mortal types.
 */
export function detectModel(ctx: StarsCtx, p: Params, v: number): number[] {
  const model = godLikelihoods(ctx, p);
  const god = godHypothesis(ctx, p);
  const mortal = mortalHypothesis(ctx, p);
  const out = new Array<number>(ctx.players).fill(0);
  for (let m = 0; m < ctx.players; m++) out[m] = seatLogRatio(ctx, p, v, m, model, god, mortal);
  return out;
}

/** `detectModel` for seat m: its stars' log-likelihood as a mortal minus as a god. */
function seatLogRatio(
  ctx: StarsCtx,
  p: Params,
  v: number,
  m: number,
  model: Float64Array,
  { gods, godWeight }: GodHypothesis,
  { types, copierSlot, uniformSlot, modelSlot, nTypes, mortalPolicy, logWeight }: MortalHypothesis,
): number {
  const lp = [0, 0, 0, 0];
  const typeLog = new Array<number>(nTypes).fill(0);
  const godLog = new Array<number>(gods.length).fill(0);
  let freeApprox = CELLS;
  for (let t = 0; t < ctx.stars.length; t++) {
    const s = ctx.stars[t] as StarInfo;
    if (s.seat === m) {
      const pi = normaliseLog(lp);
      types.forEach((sw, j) => {
        let q = 0;
        for (let i = 0; i < 4; i++) q += (pi[i] as number) * (sw.probs[t * 4 + i] as number);
        typeLog[j] = (typeLog[j] as number) + Math.log(q);
      });
      if (p.copierType)
        typeLog[copierSlot] =
          (typeLog[copierSlot] as number) + Math.log(copierProb(ctx, t, m, freeApprox, ctx.alpha));
      if (p.uniformType) typeLog[uniformSlot] = (typeLog[uniformSlot] as number) - Math.log(freeApprox);
      if (mortalPolicy)
        typeLog[modelSlot] = (typeLog[modelSlot] as number) + Math.log(mortalPolicy[t] as number);
      gods.forEach((probs, j) => {
        // Re-floor the god hypothesis at godAlpha: a god rarely places far from every detail.
        const pv = probs[t * 4 + v] as number;
        const x = Math.max(0, (pv - ctx.alpha / freeApprox) / (1 - ctx.alpha));
        godLog[j] = (godLog[j] as number) + Math.log((1 - p.godAlpha) * x + p.godAlpha / freeApprox);
      });
    } else {
      for (let i = 0; i < 4; i++) lp[i] = (lp[i] as number) + Math.log(model[t * 4 + i] as number);
    }
    freeApprox -= s.blocks.length;
  }
  const godTerm = logSumExp(godLog.map((l, j) => l + (godWeight[j] as number)));
  return logSumExp(typeLog.map((l, j) => l + (logWeight[j] as number))) - godTerm;
}
