import type { DetailMap } from "@firmament/cards";
import type { DreamsView, MySeat } from "@firmament/dreams";
import { prefixKeys } from "./memo";
import { type CardModel, cardModel, type StarInfo, type Sweep, starInfos, sweep } from "./model";
import { decisionRandom, type Uniform } from "./rand";

/** What a bot is given: one seat's view and the cards' detail maps. Nothing here can hold a secret. */
export interface BotInput {
  view: DreamsView;
  detail: (cardId: string) => DetailMap;
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

export function seatsBut(ctx: StarsCtx, seat: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < ctx.players; s++) if (s !== seat) out.push(s);
  return out;
}
