import type { DetailMap } from "@firmament/cards";
import type { Colour, DreamsAction, DreamsView, ImageNumber, MySeat, StarKind } from "@firmament/dreams";
import { prefixKeys, type ScanState, scan } from "./memo";
import {
  type CardModel,
  CELLS,
  cardModel,
  cellCentre,
  cellProbs,
  KINDS,
  kindIndex,
  logSumExp,
  normaliseLog,
  type Powered,
  type StarInfo,
  type Sweep,
  starInfos,
  sweep,
} from "./model";
import { decisionRandom, softmaxPick, type Uniform } from "./rand";

export type BotLevel = "novice" | "adept" | "oracle";
/** The levels from weakest to strongest. */
export const BOT_LEVELS: readonly BotLevel[] = ["novice", "adept", "oracle"];

/** What a bot is given: one seat's view and the cards' detail maps. Nothing here can hold a secret. */
export interface BotInput {
  view: DreamsView;
  detail: (cardId: string) => DetailMap;
}

export interface Bot {
  /** The action the seat should take now, or null when it has nothing to do. Pure in (options, input). */
  decide(input: BotInput): DreamsAction | null;
}

export interface BotOptions {
  level: BotLevel;
  /** Any string; with the view it fixes every random choice. */
  seed: string;
  /** Placement randomness (softmax temperature in log-probability units); higher is looser. */
  temperature?: number;
  /** For a god, 0..1: how much stars blend in with what a mortal would place rather than point at the vision. */
  subtlety?: number;
}

/** How a bot plays; the levels are presets of these. Exported for the arena and tuning. */
export interface Params {
  /** Placement temperature (a god's, and the one assumed for other gods). */
  tau: number;
  /** The mortal's placement temperature. */
  mortalTau: number;
  /** God: weight of blending in (λ) against pointing at the vision. */
  lambda: number;
  /** God: blend toward the cards other than the vision (a decoy) instead of toward all four. */
  decoy: boolean;
  /** God: sharpness of its own pointing at the vision. */
  godBeta: number;
  /** How sharply other gods are assumed to point (for inferring the vision). */
  modelBeta: number;
  /** Mortal: sharpness of its own placement distribution. */
  mortalBeta: number;
  /** Mortal: 0 = place where the posterior predicts, 1 = where every likely card agrees (geometric). */
  hedge: number;
  /**
   * Mortal: place as a god of my own policy would (its vision drawn from my posterior), not as a god who
   * simply points; against subtle gods this is what their stars look like.
   */
  mimic: boolean;
  /** God's detector: "naive" asks only whether stars fit the vision; "model" compares mortal vs god. */
  detector: "naive" | "model";
  /** Model detector: the god hypothesis' sharpness (naive detector: the only one used). */
  detectBeta: number;
  /** Model detector: further god sharpnesses averaged into the god hypothesis. */
  godTypes: number[];
  /** Model detector: mortal types averaged (β values; "copier" adds the copying mortal). */
  mortalTypes: number[];
  copierType: boolean;
  /** Model detector: also average in a mortal who places at random. */
  uniformType: boolean;
  /** Model detector: that random mortal's share of the plain mortal types (0 = an equal share). */
  uniformWeight: number;
  /** Model detector: weight of "a mortal who plays like me" in the mortal hypothesis (0 = off). */
  mortalModel: number;
  /**
   * Weight of "a god who plays like me" (this very policy, with my λ, β and temperature) in the god
   * hypothesis — for inferring the vision and for the detector; the rest is plain pointing.
   */
  godModel: number;
  /** Guess temperature (0 = most likely). */
  guessTau: number;
  /** Weight of a plain detector averaged with the opponent-modelling one (see `detect`); 0 = off. */
  ensemble: number;
  /** Model detector: weight of "a god like me" in the god hypothesis (when godModel > 0). */
  detectGodModel: number;
  /** Model detector: the uniform floor of the god hypothesis. */
  godAlpha: number;
  /** Uniform mixture weight in every star model. */
  alpha: number;
}

export const LEVELS: Record<BotLevel, Params> = {
  novice: {
    tau: 1,
    mortalTau: 1,
    lambda: 0,
    decoy: false,
    godBeta: 1,
    modelBeta: 1,
    mortalBeta: 1,
    hedge: 0,
    mimic: false,
    detector: "naive",
    detectBeta: 1,
    godTypes: [],
    mortalTypes: [1],
    copierType: false,
    uniformType: false,
    uniformWeight: 0,
    mortalModel: 0,
    godModel: 0,
    guessTau: 1,
    ensemble: 0,
    detectGodModel: 0.5,
    godAlpha: 0.05,
    alpha: 0.05,
  },
  adept: {
    tau: 0.5,
    // Re-tuned on deck 2.0.0: placing as sharply as its gods keeps the adept mortal above the novice.
    mortalTau: 0.5,
    lambda: 0.3,
    decoy: false,
    godBeta: 3,
    modelBeta: 2,
    mortalBeta: 2,
    hedge: 0,
    mimic: false,
    detector: "model",
    detectBeta: 3,
    godTypes: [],
    mortalTypes: [1, 3],
    copierType: true,
    uniformType: true,
    uniformWeight: 0,
    mortalModel: 0,
    godModel: 0,
    guessTau: 0,
    ensemble: 0,
    detectGodModel: 0.5,
    godAlpha: 0.01,
    alpha: 0.05,
  },
  oracle: {
    tau: 0.3,
    mortalTau: 0.3,
    // Re-tuned on deck 2.0.0: gods this subtle leave an oracle mortal unsure of the vision in about a
    // fifth of the rounds (0.2 left it sure in all of them).
    lambda: 0.45,
    decoy: true,
    godBeta: 3,
    modelBeta: 2,
    mortalBeta: 3,
    hedge: 0.3,
    // The mortal places as gods of this policy would: against subtle gods, plain pointing stands out.
    mimic: true,
    detector: "model",
    detectBeta: 3,
    // Broad pointers too (β 1, as novice gods play), so they are not taken for the mortal.
    godTypes: [1],
    mortalTypes: [1, 3],
    copierType: true,
    uniformType: true,
    // A random-placing mortal lands on details often on rich cards; weighing it more keeps it named.
    uniformWeight: 0.7,
    // Low: a mimicking mortal looks so like a god that more weight makes gods look like mortals, and a
    // random-placing mortal escapes.
    mortalModel: 0.01,
    godModel: 0.5,
    guessTau: 0,
    ensemble: 0.5,
    detectGodModel: 0.5,
    godAlpha: 0.01,
    alpha: 0.05,
  },
};

export function createBot(options: BotOptions): Bot {
  const base = LEVELS[options.level];
  if (!base) throw new Error(`Unknown bot level "${String(options.level)}"; use novice, adept or oracle.`);
  if (typeof options.seed !== "string") throw new Error("A bot needs a string seed.");
  const params: Params = { ...base };
  if (options.temperature !== undefined) {
    if (!Number.isFinite(options.temperature) || options.temperature < 0)
      throw new Error("temperature must be a finite number ≥ 0.");
    params.mortalTau *= options.temperature / Math.max(1e-9, params.tau);
    params.tau = options.temperature;
  }
  if (options.subtlety !== undefined) {
    if (!Number.isFinite(options.subtlety) || options.subtlety < 0 || options.subtlety > 1)
      throw new Error("subtlety must be between 0 and 1.");
    params.lambda = options.subtlety;
  }
  return botWithParams(params, options.seed);
}

export function botWithParams(params: Params, seed: string): Bot {
  return { decide: (input) => decide(params, seed, input) };
}

/**
 * What every seat and every spectator may know in common: the cards' models and the stars in order.
 * The inference from stars (posteriors, detectors) needs nothing more, so it takes this frame.
 */
export interface StarsCtx {
  players: number;
  cards: CardModel[];
  stars: StarInfo[];
  sweeps: Map<number, Sweep>;
  prefixKeys: string[];
  policy?: Float64Array;
  mortalPolicy?: Float64Array;
  alpha: number;
}

/** The common frame of every decision: who I am, the cards' models, the stars, and my randomness. */
export interface Ctx extends StarsCtx {
  view: DreamsView;
  me: MySeat;
  random: Uniform;
}

export function context(input: BotInput, seed: string, alpha: number): Ctx | null {
  const { view } = input;
  const me = view.me;
  if (!me) return null;
  const stars = starInfos(view.stars);
  return {
    view,
    me,
    players: view.colours.length,
    cards: view.cards.map((id) => cardModel(safeDetail(input.detail, id))),
    stars,
    prefixKeys: prefixKeys(stars),
    random: decisionRandom(seed, view),
    sweeps: new Map(),
    alpha,
  };
}

const FLAT: DetailMap = { cols: 1, rows: 1, salience: [1], brightness: [0.5] };

/** A card whose detail map cannot be had plays as a flat card rather than stopping the bot. */
export function safeDetail(detail: BotInput["detail"], id: string): DetailMap {
  try {
    const map = typeof detail === "function" ? detail(id) : undefined;
    return map && typeof map === "object" ? map : FLAT;
  } catch {
    return FLAT;
  }
}

export function sweepOf(ctx: StarsCtx, beta: number): Sweep {
  let s = ctx.sweeps.get(beta);
  if (!s) {
    s = sweep(ctx.cards, ctx.stars, beta, ctx.alpha);
    ctx.sweeps.set(beta, s);
  }
  return s;
}

function decide(params: Params, seed: string, input: BotInput): DreamsAction | null {
  const ctx = context(input, seed, params.alpha);
  if (!ctx) return null;
  const { view, me } = ctx;
  const seat = me.seat;
  switch (view.phase) {
    case "placing": {
      if (view.turn !== seat || me.starsLeft.length === 0) return null;
      const { cell, kind } = me.role === "god" ? placeGod(ctx, params, me.vision) : placeMortal(ctx, params);
      return placeAt(seat, kind, cell);
    }
    case "guessing": {
      if (view.guessed[seat]) return null;
      if (me.role === "mortal") return { type: "guess", seat, guess: { image: guessVision(ctx, params) } };
      const named = guessMortal(ctx, params, me.vision);
      return { type: "guess", seat, guess: { colour: view.colours[named] as Colour } };
    }
    case "reveal":
      return view.ready[seat] ? null : { type: "ready", seat };
    case "over":
      return null;
  }
}

export function placeAt(seat: number, kind: StarKind, cell: number): DreamsAction {
  const { x, y } = cellCentre(cell);
  return { type: "place_star", seat, kind, x, y };
}

/** Log-posterior over the four cards from the stars of every seat but `exclude`, before star `upTo`. */
export function logPosterior(
  ctx: StarsCtx,
  probs: Float64Array,
  exclude: number,
  upTo = ctx.stars.length,
): number[] {
  const lp = [0, 0, 0, 0];
  for (let t = 0; t < upTo; t++) {
    if ((ctx.stars[t] as StarInfo).seat === exclude) continue;
    for (let i = 0; i < 4; i++) lp[i] = (lp[i] as number) + Math.log(probs[t * 4 + i] as number);
  }
  return lp;
}

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

export function seatsBut(ctx: StarsCtx, seat: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < ctx.players; s++) if (s !== seat) out.push(s);
  return out;
}

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

/**
 * For every seat, the log-likelihood ratio "mortal who knew only the stars before each of theirs"
 * against "god pointing sharply at v", with the mortal hypothesis averaged over mortal types.
 */
export function detectModel(ctx: StarsCtx, p: Params, v: number): number[] {
  const model = godLikelihoods(ctx, p);
  const gods = [p.detectBeta, ...p.godTypes].map((b) => sweepOf(ctx, b).probs);
  if (p.godModel > 0) gods.push(policyLikelihoods(ctx, p));
  // The god hypothesis' weights: "a god like me" gets detectGodModel, plain pointing shares the rest.
  const plainGods = gods.length - (p.godModel > 0 ? 1 : 0);
  const godWeight = gods.map((_, j) =>
    p.godModel > 0
      ? Math.log(j === plainGods ? p.detectGodModel : (1 - p.detectGodModel) / plainGods)
      : -Math.log(plainGods),
  );
  const types = p.mortalTypes.map((b) => sweepOf(ctx, b));
  const out = new Array<number>(ctx.players).fill(0);
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
  for (let m = 0; m < ctx.players; m++) {
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
    out[m] = logSumExp(typeLog.map((l, j) => l + (logWeight[j] as number))) - godTerm;
  }
  return out;
}

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
  const a = ctx.alpha;
  // exp(S_i(c)/τ) = w_i(c)^((1−λ)β/τ) · Q(c)^(λ/τ): one power per cell, then products.
  const gPowTau = ctx.cards.map((c) => c.pow(((1 - lambda) * p.godBeta) / Math.max(0.05, p.tau)));
  const lCoef = lambda / Math.max(0.05, p.tau);
  const likelihoods = (st: ScanState, star: StarInfo, pi: number[], u: number): number[] => {
    const { free, z: mz } = st;
    const k = star.kind;
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
    let z0 = 0;
    let z1 = 0;
    let z2 = 0;
    let z3 = 0;
    const sc = star.cell;
    const gs = [g0, g1, g2, g3];
    if (!p.decoy) {
      for (let c = 0; c < CELLS; c++) {
        if (!free[c]) continue;
        const q =
          c0 * (m0[c] as number) +
          c1 * (m1[c] as number) +
          c2 * (m2[c] as number) +
          c3 * (m3[c] as number) +
          u;
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
    // Decoy gods blend toward the cards other than their vision: Q_{−i} per card.
    const ms = [m0, m1, m2, m3];
    const cs = [c0, c1, c2, c3];
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
  };
  ctx.policy = placerScan(ctx, `pol|${scanNamespace(ctx, p)}`, mPow, model.probs, likelihoods);
  return ctx.policy;
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
  const logW = ctx.cards.map((c) => c.logBase);
  const a = ctx.alpha;
  const inv = 1 / Math.max(0.05, p.mortalTau);
  const qCoef = (1 - p.hedge) * inv;
  const hCoef = p.hedge * inv * beta;
  const sc = new Float64Array(CELLS);
  const logM = new Float64Array(CELLS);
  const likelihood = (st: ScanState, star: StarInfo, pi: number[], u: number): number[] => {
    const { free, z: mz } = st;
    const k = star.kind;
    if (p.mimic) {
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
      let z = 0;
      for (let c = 0; c < CELLS; c++) if (free[c]) z += Math.exp((sc[c] as number) - max);
      return [Math.exp((sc[star.cell] as number) - max) / z];
    }
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
          q0 * (w0[c] as number) +
            q1 * (w1[c] as number) +
            q2 * (w2[c] as number) +
            q3 * (w3[c] as number) +
            u,
        ) +
      hCoef *
        (p0 * (l0[c] as number) + p1 * (l1[c] as number) + p2 * (l2[c] as number) + p3 * (l3[c] as number));
    for (let c = 0; c < CELLS; c++) {
      if (!free[c]) continue;
      const v = score(c);
      sc[c] = v;
      if (v > max) max = v;
    }
    let z = 0;
    for (let c = 0; c < CELLS; c++) if (free[c]) z += Math.exp((sc[c] as number) - max);
    return [Math.exp(score(star.cell) - max) / z];
  };
  ctx.mortalPolicy = placerScan(ctx, `mpol|${scanNamespace(ctx, p)}`, mPow, model, likelihood);
  return ctx.mortalPolicy;
}
