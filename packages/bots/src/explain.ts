import type { DetailMap } from "@firmament/cards";
import type { ImageNumber, PlacedStar } from "@firmament/dreams";
import { logPosterior, type StarsCtx, safeDetail, seatsBut, sweepOf } from "./context";
import { detectorFor } from "./detect";
import { type BotLevel, LEVELS, type Params } from "./levels";
import { prefixKeys } from "./memo";
import { cardModel, normaliseLog, starInfos } from "./model";
import { godLikelihoods, mortalPolicyLikelihoods, policyLikelihoods } from "./policy";

/**
 * A round as a spectator sees it: the four cards, the number of seats and the stars in placing order.
 * Nothing here can hold a secret (no role, no vision, no guess). Any `DreamsView` fits this type.
 */
export interface StarsOnly {
  /** One entry per seat (the view's colours); only the count is used. */
  colours: readonly unknown[];
  cards: readonly [string, string, string, string];
  stars: readonly PlacedStar[];
}

/**
 * What the strongest bot would believe in each seat, from the stars alone.
 *
 * - `asMortal[i]`: if this seat were the mortal, the probability that card i + 1 is the vision: the
 *   oracle mortal's posterior from every star placed so far by the other seats (its own stars say
 *   nothing to itself) — exactly what the oracle would guess from at this point.
 * - `asGod[j]`: if this seat were a god, the probability that seat j is the mortal: the oracle god's
 *   detector posterior over the other seats from every star placed so far (its own included), given the
 *   true vision `v` — which a god knows and which everyone knows after the reveal. 0 at its own seat
 *   (a god knows it is not the mortal). Null when `v` is not given (a round still in play).
 */
export interface SeatBelief {
  asMortal: [number, number, number, number];
  asGod: number[] | null;
}

export interface RoundBeliefs {
  /** The vision the god beliefs are conditioned on, or null. */
  vision: ImageNumber | null;
  /** Per seat, after every star of the round. */
  final: SeatBelief[];
  /** steps[t]: per seat, after the first t stars (steps[0] before any star; the last equals `final`). */
  steps: SeatBelief[][];
}

/** The level whose beliefs are explained: the strongest. */
export const EXPLAINING_LEVEL: BotLevel = "oracle";

/**
 * The strongest bot's beliefs for every seat of one round, after each star and at the end, from the
 * stars alone (see `SeatBelief`). `vision` is public only once the round is revealed: pass null while it
 * is in play, and the god beliefs are left out. Pure and deterministic; nothing random goes in.
 */
export function explainStars(
  round: StarsOnly,
  vision: ImageNumber | null,
  detail: (cardId: string) => DetailMap,
  params: Params = LEVELS[EXPLAINING_LEVEL],
  /** False: only the beliefs at the end (`steps` then holds that one step). */
  trajectory = true,
): RoundBeliefs {
  const full = starsCtx(round, detail, params.alpha);
  // Every per-star likelihood depends only on the stars before it, so the whole round's arrays serve
  // every prefix: computed once here, and shared by the per-step frames below (a test checks that each
  // step equals the beliefs computed from that prefix alone).
  const betas = [
    params.detectBeta,
    params.modelBeta,
    params.mortalBeta,
    ...params.godTypes,
    ...params.mortalTypes,
  ];
  for (const beta of betas) sweepOf(full, beta);
  const model = godLikelihoods(full, params);
  if (params.godModel > 0) policyLikelihoods(full, params);
  if (params.mortalModel > 0) mortalPolicyLikelihoods(full, params);
  const steps: SeatBelief[][] = [];
  for (let t = trajectory ? 0 : full.stars.length; t <= full.stars.length; t++) {
    const at: StarsCtx = {
      ...full,
      stars: full.stars.slice(0, t),
      prefixKeys: full.prefixKeys.slice(0, t + 1),
      sweeps: new Map(full.sweeps),
    };
    const detector = vision === null ? null : detectorFor(at, params, vision - 1);
    steps.push(
      Array.from({ length: full.players }, (_, seat) => ({
        asMortal: normaliseLog(logPosterior(at, model, seat, t)) as SeatBelief["asMortal"],
        asGod: detector ? godBelief(at, detector(seat), seat) : null,
      })),
    );
  }
  return { vision, final: steps[steps.length - 1] as SeatBelief[], steps };
}

/** The detector's scores as a probability over the other seats, 0 at the god's own. */
function godBelief(ctx: StarsCtx, scores: readonly number[], seat: number): number[] {
  const others = seatsBut(ctx, seat);
  const posterior = normaliseLog(others.map((m) => scores[m] as number));
  const out = new Array<number>(ctx.players).fill(0);
  others.forEach((m, j) => {
    out[m] = posterior[j] as number;
  });
  return out;
}

function starsCtx(round: StarsOnly, detail: (cardId: string) => DetailMap, alpha: number): StarsCtx {
  const stars = starInfos(round.stars);
  const ctx: StarsCtx = {
    players: round.colours.length,
    cards: round.cards.map((id) => cardModel(safeDetail(detail, id))),
    stars,
    prefixKeys: prefixKeys(stars),
    sweeps: new Map(),
    alpha,
  };
  return ctx;
}
