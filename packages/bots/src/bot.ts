import type { DetailMap } from "@firmament/cards";
import type { Colour, DreamsAction, DreamsView, ImageNumber, MySeat, StarKind } from "@firmament/engine";
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
  type StarInfo,
  type Sweep,
  starInfos,
  sweep,
} from "./model";
import { decisionRandom, softmaxPick, type Uniform } from "./rand";

export type BotLevel = "novice" | "adept" | "oracle";

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
  /** Placement temperature. */
  tau: number;
  /** God: weight of blending in (λ) against pointing at the vision. */
  lambda: number;
  /** God: sharpness of its own pointing at the vision. */
  godBeta: number;
  /** How sharply other gods are assumed to point (for inferring the vision). */
  modelBeta: number;
  /** Mortal: sharpness of its own placement distribution. */
  mortalBeta: number;
  /** Mortal: 0 = place where the posterior predicts, 1 = where every likely card agrees (geometric). */
  hedge: number;
  /** God's detector: "naive" asks only whether stars fit the vision; "model" compares mortal vs god. */
  detector: "naive" | "model";
  /** Model detector: the god hypothesis' sharpness. */
  detectBeta: number;
  /** Model detector: mortal types averaged (β values; "copier" adds the copying mortal). */
  mortalTypes: number[];
  copierType: boolean;
  /** Guess temperature (0 = most likely). */
  guessTau: number;
  /** Uniform mixture weight in every star model. */
  alpha: number;
}

export const LEVELS: Record<BotLevel, Params> = {
  novice: {
    tau: 1,
    lambda: 0,
    godBeta: 1,
    modelBeta: 1,
    mortalBeta: 1,
    hedge: 0,
    detector: "naive",
    detectBeta: 1,
    mortalTypes: [1],
    copierType: false,
    guessTau: 1,
    alpha: 0.05,
  },
  adept: {
    tau: 1,
    lambda: 0.5,
    godBeta: 2,
    modelBeta: 1.5,
    mortalBeta: 1.5,
    hedge: 0.3,
    detector: "model",
    detectBeta: 2,
    mortalTypes: [1],
    copierType: false,
    guessTau: 0,
    alpha: 0.05,
  },
  oracle: {
    tau: 0.7,
    lambda: 0.75,
    godBeta: 3,
    modelBeta: 2,
    mortalBeta: 2,
    hedge: 0.5,
    detector: "model",
    detectBeta: 3,
    mortalTypes: [1, 3],
    copierType: true,
    guessTau: 0,
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

/** The common frame of every decision: who I am, the cards' models, the stars, and my randomness. */
export interface Ctx {
  view: DreamsView;
  me: MySeat;
  players: number;
  cards: CardModel[];
  stars: StarInfo[];
  random: Uniform;
  sweeps: Map<number, Sweep>;
  alpha: number;
}

export function context(input: BotInput, seed: string, alpha: number): Ctx | null {
  const { view } = input;
  const me = view.me;
  if (!me) return null;
  return {
    view,
    me,
    players: view.colours.length,
    cards: view.cards.map((id) => cardModel(input.detail(id))),
    stars: starInfos(view.stars),
    random: decisionRandom(seed, view),
    sweeps: new Map(),
    alpha,
  };
}

export function sweepOf(ctx: Ctx, beta: number): Sweep {
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
export function logPosterior(ctx: Ctx, sw: Sweep, exclude: number, upTo = ctx.stars.length): number[] {
  const lp = [0, 0, 0, 0];
  for (let t = 0; t < upTo; t++) {
    if ((ctx.stars[t] as StarInfo).seat === exclude) continue;
    for (let i = 0; i < 4; i++) lp[i] = (lp[i] as number) + Math.log(sw.probs[t * 4 + i] as number);
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
  const ownProbs = cellProbs(ctx.cards, own, ctx.alpha);
  const scores = new Float64Array(kinds.length * CELLS).fill(Number.NEGATIVE_INFINITY);
  const lambda = p.lambda;
  // Who might be the mortal, and what each would-be mortal believes now.
  let blend: { w: number; pi: number[] }[] = [];
  let mortalProbs: Float64Array[] = [];
  if (lambda > 0) {
    const others = seatsBut(ctx, ctx.me.seat);
    const llr = p.detector === "model" ? detectModel(ctx, p, v) : detectNaive(ctx, p, v);
    const w = normaliseLog(others.map((m) => llr[m] as number));
    const model = sweepOf(ctx, p.modelBeta);
    const mortalSweep = sweepOf(ctx, p.mortalBeta);
    mortalProbs = cellProbs(ctx.cards, mortalSweep, ctx.alpha);
    blend = others.map((m, j) => ({ w: w[j] as number, pi: normaliseLog(logPosterior(ctx, model, m)) }));
  }
  kinds.forEach((kind, slot) => {
    const k = kindIndex(kind);
    const pv = ownProbs[v * 3 + k] as Float64Array;
    for (let c = 0; c < CELLS; c++) {
      if (!own.free[c]) continue;
      let s = (1 - lambda) * Math.log(pv[c] as number);
      for (const b of blend) s += lambda * b.w * Math.log(predictive(mortalProbs, b.pi, k, c));
      scores[slot * CELLS + c] = s;
    }
  });
  return pickPlacement(ctx, scores, kinds, p.tau);
}

export function placeMortal(ctx: Ctx, p: Params): Choice {
  const kinds = myKinds(ctx);
  const model = sweepOf(ctx, p.modelBeta);
  const pi = normaliseLog(logPosterior(ctx, model, ctx.me.seat));
  const mine = sweepOf(ctx, p.mortalBeta);
  const probs = cellProbs(ctx.cards, mine, ctx.alpha);
  const scores = new Float64Array(kinds.length * CELLS).fill(Number.NEGATIVE_INFINITY);
  kinds.forEach((kind, slot) => {
    const k = kindIndex(kind);
    for (let c = 0; c < CELLS; c++) {
      if (!mine.free[c]) continue;
      const q = Math.log(predictive(probs, pi, k, c));
      let g = 0;
      if (p.hedge > 0)
        for (let i = 0; i < 4; i++)
          g += (pi[i] as number) * Math.log(((probs[i * 3 + k] as Float64Array)[c] as number) + 1e-300);
      scores[slot * CELLS + c] = (1 - p.hedge) * q + p.hedge * g;
    }
  });
  return pickPlacement(ctx, scores, kinds, p.tau);
}

export function guessVision(ctx: Ctx, p: Params): ImageNumber {
  const lp = logPosterior(ctx, sweepOf(ctx, p.modelBeta), ctx.me.seat);
  return (softmaxPick(lp, p.guessTau, ctx.random) + 1) as ImageNumber;
}

/** The seat a god names: the one whose stars look most like a mortal's. */
export function guessMortal(ctx: Ctx, p: Params, vision: ImageNumber): number {
  const v = vision - 1;
  const llr = p.detector === "model" ? detectModel(ctx, p, v) : detectNaive(ctx, p, v);
  const others = seatsBut(ctx, ctx.me.seat);
  const pick = softmaxPick(
    others.map((m) => llr[m] as number),
    p.guessTau,
    ctx.random,
  );
  return others[pick] as number;
}

export function seatsBut(ctx: Ctx, seat: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < ctx.players; s++) if (s !== seat) out.push(s);
  return out;
}

/** How badly each seat's stars fit the vision (mean −log P_v): the detector of trap 1. */
export function detectNaive(ctx: Ctx, p: Params, v: number): number[] {
  const sw = sweepOf(ctx, p.detectBeta);
  const sum = new Array<number>(ctx.players).fill(0);
  const n = new Array<number>(ctx.players).fill(0);
  ctx.stars.forEach((s, t) => {
    sum[s.seat] = (sum[s.seat] as number) - Math.log(sw.probs[t * 4 + v] as number);
    n[s.seat] = (n[s.seat] as number) + 1;
  });
  return sum.map((x, s) => (n[s] ? x / (n[s] as number) : 0));
}

const COPY_SIGMA = 0.06;

/** Density of a copier's star at `star`: near the stars placed before it by others. */
function copierProb(ctx: Ctx, t: number, seat: number, nFree: number, alpha: number): number {
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
export function detectModel(ctx: Ctx, p: Params, v: number): number[] {
  const model = sweepOf(ctx, p.modelBeta);
  const god = sweepOf(ctx, p.detectBeta);
  const types = p.mortalTypes.map((b) => sweepOf(ctx, b));
  const out = new Array<number>(ctx.players).fill(0);
  const nTypes = types.length + (p.copierType ? 1 : 0);
  for (let m = 0; m < ctx.players; m++) {
    const lp = [0, 0, 0, 0];
    const typeLog = new Array<number>(nTypes).fill(0);
    let godLog = 0;
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
          typeLog[nTypes - 1] =
            (typeLog[nTypes - 1] as number) + Math.log(copierProb(ctx, t, m, freeApprox, ctx.alpha));
        godLog += Math.log(god.probs[t * 4 + v] as number);
      } else {
        for (let i = 0; i < 4; i++) lp[i] = (lp[i] as number) + Math.log(model.probs[t * 4 + i] as number);
      }
      freeApprox -= s.blocks.length;
    }
    out[m] = logSumExp(typeLog.map((l) => l - Math.log(nTypes))) - godLog;
  }
  return out;
}
