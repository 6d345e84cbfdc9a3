import {
  DECLARATIONS,
  type Declaration,
  type DreamersAction,
  dreamCard,
  honestDeclaration,
  type Modifier,
  type Seat,
} from "@firmament/dreamers";
import { type EvidenceModel, type MasterType, masterLogOdds, probability, turnLikelihood } from "./belief";
import { atLeastOne, cardId, effect, fixingMask, SKULL, SKULL_EFFECT, value, valueCounts } from "./cards";
import {
  complement,
  countsOf,
  firstPlayChances,
  fixChances,
  isHonest,
  readFirstCard,
  secondScores,
  unusedCounts,
  VALUE_SLOTS,
} from "./model";
import { pickScore, type Uniform } from "./random";
import { playedFrom, type SeenTurn, type Situation, turnsLeftAfter } from "./situation";

/** How a Dreamer plays; the three levels are three settings of these. */
export interface DreamerParams {
  /** First player: "honest" plays the card whose complement is most often unseen; "heuristic" adds the
   * chance to fix a miss; "plan" simulates the partner's reply to every card and declaration. */
  first: "honest" | "heuristic" | "plan";
  /** Second player: "fit" plays a card that fits the declaration; "model" weighs the first's likely card
   * and the fixes both could make. */
  second: "fit" | "model";
  /** Softmax temperature over the plays (in gate-chance units); 0 plays the best. */
  temperature: number;
  /** Chance to say a random declaration instead of the chosen one. */
  declarationNoise: number;
  /** Above this belief that the other is the Master, it weighs lying in its declaration ("plan" only). */
  liesAbove: number;
  /** What keeping the skull is worth (gate-chance units) when sure the other is the Master; nothing
   * below a belief of `skullFrom`. */
  skullKeep: number;
  skullFrom: number;
  /** Belief about the other: "count" of visible misses and lies, or "model" likelihoods. */
  belief: "count" | "model";
  evidence: EvidenceModel;
  masterTypes: readonly MasterType[];
  /** Multiplies the evidence's log-likelihood ratio (below 1 distrusts the model). */
  temper: number;
  /** How often a player who may choose their identity is assumed to choose the Master. */
  chooserMasterRate: number;
  /** Accusation: "count" (suspicious turns), "threshold" (belief above `threshold`), "plan" (points),
   * "never". */
  accuse: "count" | "threshold" | "plan" | "never";
  threshold: number;
  /** What a false accusation costs besides the point: the other chooses their identity next round. */
  falseCost: number;
  /** Chance of a gate per turn: two Dreamers, a Dreamer against the Master. */
  gateRate: [number, number];
  /** "plan": how much it counts on a later chance to accuse (0 never waits for more evidence). */
  patience: number;
}

/** The chance that the other player is the Master, from this round's turns (docs/rules.md (Dreamers) identities). */
export function otherIsMaster(sit: Situation, params: DreamerParams): number {
  const view = sit.view;
  // With 2 Dreamer cards and 1 Master card, P(other is the Master | I am a Dreamer) = 1/2; a player who
  // chose their identity took the Master with rate m, and I drew a Dreamer from the two left.
  let prior = 0.5;
  if (view.chooser === sit.other) {
    const m = params.chooserMasterRate;
    prior = m / (m + (1 - m) / 2);
  }
  prior = Math.min(0.98, Math.max(0.02, prior));
  if (params.belief === "count") {
    const odds = (prior / (1 - prior)) * 2.5 ** suspiciousTurns(sit);
    return odds / (1 + odds);
  }
  const likelihoods = sit.turns.map((_, i) =>
    turnLikelihood(
      sit.turns,
      i,
      sit.other,
      sit.hand.concat(playedFrom(sit.turns, i, sit.seat)),
      params.evidence,
    ),
  );
  return probability(masterLogOdds(prior, likelihoods, params.masterTypes, params.temper));
}

/** Turns where the other visibly worked against the sum (see `visibleBlocks`). */
export function suspiciousTurns(sit: Situation): number {
  return visibleBlocks(sit.turns, sit.other);
}

/**
 * Turns where `actor` visibly worked against the sum: a dishonest declaration, or, answering an honest
 * one, a card that could not fit it and missed. What a player who only counts would hold against them.
 */
export function visibleBlocks(turns: readonly SeenTurn[], actor: Seat): number {
  let count = 0;
  for (const turn of turns) {
    const a = value(turn.plays[0]);
    const b = value(turn.plays[1]);
    if (turn.first === actor) {
      if (!isHonest(a, turn.nightmare, turn.declaration)) count++;
    } else if (a + b !== turn.nightmare && isHonest(a, turn.nightmare, turn.declaration)) {
      const c = complement(b, turn.nightmare);
      if (!c || !isHonest(c, turn.nightmare, turn.declaration)) count++;
    }
  }
  return count;
}

/** What keeping the other cards in hand is worth: the skull (to accuse later) and a little per modifier. */
function keepValue(rest: readonly number[], q: number, params: DreamerParams, firstAgain: boolean): number {
  let worth = 0;
  for (const card of rest) {
    if (card === SKULL)
      worth += firstAgain
        ? (params.skullKeep * Math.max(0, q - params.skullFrom)) / (1 - params.skullFrom)
        : 0;
    else worth += 0.01;
  }
  return worth;
}

function withoutIndex(hand: readonly number[], index: number): number[] {
  return hand.filter((_, i) => i !== index);
}

/**
 * Whether this seat will still close a turn as first player this round: this turn's closing if it is
 * first now, else two more turns (from the public counts).
 */
export function firstAgain(sit: Situation): boolean {
  const view = sit.view;
  if (view.first === sit.seat && view.phase !== "closing") return true;
  const held = view.counts.hands[0] + view.counts.hands[1];
  // At the start of a turn both hands hold 3; this turn uses at least 2 cards.
  const need = view.phase === "closing" ? 6 - held : 2;
  return turnsLeftAfter(view.counts.dreamDeck, need) >= 2;
}

type FirstOption = { card: number; declaration: Declaration; score: number };

export function dreamerFirstPlay(
  sit: Situation,
  q: number,
  params: DreamerParams,
  random: Uniform,
): DreamersAction {
  const again = firstAgain(sit);
  const options =
    params.first === "honest"
      ? honestFirstOptions(sit)
      : params.first === "heuristic"
        ? heuristicFirstOptions(sit, q, params, again)
        : modelFirstOptions(sit, q, params, again);
  const chosen = options[
    pickScore(
      options.map((o) => o.score),
      params.temperature,
      random,
    )
  ] as FirstOption;
  let declaration = chosen.declaration;
  if (random() < params.declarationNoise) declaration = DECLARATIONS[Math.floor(random() * 3)] as Declaration;
  return { type: "play_dream", seat: sit.seat, card: cardId(chosen.card), declaration };
}

/** Every card declared honestly, scored by how many unseen cards complete it. */
function honestFirstOptions(sit: Situation): FirstOption[] {
  const nightmare = sit.nightmare as number;
  const unseen = valueCounts(sit.pool);
  return sit.hand.map((card) => {
    const c = complement(value(card), nightmare);
    return {
      card,
      declaration: honestDeclaration(value(card), nightmare),
      score: (c ? (unseen[c] as number) : 0) * 0.5,
    };
  });
}

/** Every card declared honestly, scored by the partner's chance to complete it and what I keep. */
function heuristicFirstOptions(
  sit: Situation,
  q: number,
  params: DreamerParams,
  again: boolean,
): FirstOption[] {
  const nightmare = sit.nightmare as number;
  const hand = sit.hand;
  const unseen = valueCounts(sit.pool);
  const options: FirstOption[] = [];
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i] as number;
    const rest = withoutIndex(hand, i);
    const c = complement(value(card), nightmare);
    const hit = atLeastOne(c ? (unseen[c] as number) : 0, sit.pool.length, 3);
    options.push({
      card,
      declaration: honestDeclaration(value(card), nightmare),
      score:
        hit + 0.3 * fixPotential(value(card), rest, sit.pool, nightmare) + keepValue(rest, q, params, again),
    });
  }
  return options;
}

/** Every card and declaration (lies only when the partner is likely the Master), scored by the model. */
function modelFirstOptions(sit: Situation, q: number, params: DreamerParams, again: boolean): FirstOption[] {
  const nightmare = sit.nightmare as number;
  const hand = sit.hand;
  const context = {
    nightmare,
    pool: sit.pool,
    unused: unusedCounts(sit.used),
    reading: params.evidence.reading,
    partnerFirstFix: fixChances(nightmare, sit.pool, 2),
  };
  const options: FirstOption[] = [];
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i] as number;
    const rest = withoutIndex(hand, i);
    const honest = honestDeclaration(value(card), nightmare);
    const keep = keepValue(rest, q, params, again);
    const declarations = q > params.liesAbove ? DECLARATIONS : [honest];
    for (const declaration of declarations) {
      const chances = firstPlayChances(card, declaration, rest, true, context);
      const lieCost = declaration === honest ? 0 : 0.25 * (1 - q) + 0.05;
      options.push({
        card,
        declaration,
        score: (1 - q) * chances.dreamer + q * 1.5 * chances.master + keep - lieCost,
      });
    }
  }
  return options;
}

/** The share of the other values a partner could play that the rest of my hand could fix with `a`. */
function fixPotential(
  a: number,
  rest: readonly number[],
  pool: readonly number[],
  nightmare: number,
): number {
  let mask = 0;
  for (const card of rest) if (effect(card) !== SKULL_EFFECT) mask |= 1 << effect(card);
  if (mask === 0 || pool.length === 0) return 0;
  let fixed = 0;
  for (const card of pool) if (fixingMask(a, value(card), nightmare) & mask) fixed++;
  return fixed / pool.length;
}

export function dreamerSecondPlay(
  sit: Situation,
  q: number,
  params: DreamerParams,
  random: Uniform,
): DreamersAction {
  const nightmare = sit.nightmare as number;
  const declaration = sit.view.declaration as Declaration;
  const hand = sit.hand;
  const scores: number[] = [];
  if (params.second === "fit") {
    const unseen = valueCounts(sit.pool);
    for (const card of hand) {
      const c = complement(value(card), nightmare);
      const fits = c !== 0 && isHonest(c, nightmare, declaration);
      scores.push((fits ? 1 : 0) + 0.1 * (c ? (unseen[c] as number) : 0));
    }
  } else {
    const again = firstAgain(sit);
    const unseen = countsOf(sit.pool);
    const unused = unusedCounts(sit.used);
    const belief = new Float64Array(VALUE_SLOTS);
    const reading = {
      ...params.evidence.reading,
      lieWeight: params.evidence.reading.lieWeight + 0.2 * q,
    };
    readFirstCard(belief, unseen, unused, nightmare, declaration, reading);
    const firstFix = fixChances(nightmare, sit.pool, 2).map((chance) => chance * (1 - q));
    const out = new Float64Array(hand.length);
    secondScores(out, hand, belief, nightmare, firstFix);
    for (let i = 0; i < hand.length; i++)
      scores.push((out[i] as number) + keepValue(withoutIndex(hand, i), q, params, again));
  }
  const index = pickScore(scores, params.temperature, random);
  return { type: "play_dream", seat: sit.seat, card: cardId(hand[index] as number) };
}

/** How much a modifier is worth keeping for later turns: ×2 and ±1 fix the most pairs. */
const KEEP: Partial<Record<Modifier, number>> = { x2: 2, "+1": 1, "-1": 1 };

/** A Dreamer always makes the sum when a modifier can, with the card it will miss least later. */
export function dreamerModify(
  sit: Situation,
  options: ReadonlyArray<{ card: string; target: "first" | "second" }>,
): DreamersAction {
  const first = options[0];
  if (!first) return { type: "pass", seat: sit.seat };
  const keep = (id: string): number => {
    const effect = dreamCard(id)?.effect;
    return effect && effect !== "skull" ? (KEEP[effect] ?? 0) : 0;
  };
  let best = first;
  for (const option of options) if (keep(option.card) < keep(best.card)) best = option;
  return { type: "modify", seat: sit.seat, card: best.card, target: best.target };
}

/** Accuse with the skull or end the turn. */
export function dreamerClosing(sit: Situation, q: number, params: DreamerParams, random: Uniform): boolean {
  if (params.accuse === "never") return false;
  if (params.accuse === "count") {
    const count = suspiciousTurns(sit);
    return count >= 2 || (count === 1 && random() < 0.25);
  }
  if (params.accuse === "threshold") return q > params.threshold;
  return accusationPays(sit, q, params);
}

/** P(at least `needed` successes in `trials` with chance `p` each). */
export function atLeast(needed: number, trials: number, p: number): number {
  if (needed <= 0) return 1;
  if (needed > trials) return 0;
  let total = 0;
  let term = (1 - p) ** trials;
  for (let k = 0; k <= trials; k++) {
    if (k >= needed) total += term;
    term = k < trials ? (term * (trials - k) * p) / ((k + 1) * (1 - p)) : 0;
  }
  return Math.min(1, total);
}

/**
 * Points now against points later. Accusing now: +2 if right, −1 and the other's choice next round if
 * wrong. Waiting: the round may end with three gates (+3 against the Master, +2 each with a Dreamer),
 * or by exhaustion (the Master's +2); if I will be first again with the skull, I decide then, knowing
 * one more turn of each of us (modelled as a signal that multiplies the odds by 3 or by 1/3).
 */
export function accusationPays(sit: Situation, q: number, params: DreamerParams): boolean {
  const view = sit.view;
  const held = view.counts.hands[0] + view.counts.hands[1];
  const need = 6 - held;
  const deck = view.counts.dreamDeck;
  const turnsLeft = turnsLeftAfter(deck, need);
  const needed = 3 - view.gates;
  const [pD, pM] = params.gateRate;
  const accuseNow = (truthMaster: boolean) => (truthMaster ? 2 : -1 - params.falseCost);
  const noAccuse = (truthMaster: boolean, turns: number) =>
    truthMaster ? 3 * atLeast(needed, turns, pM) : 2 * atLeast(needed, turns, pD);
  const now = q * accuseNow(true) + (1 - q) * accuseNow(false);
  const never = q * noAccuse(true, turnsLeft) + (1 - q) * noAccuse(false, turnsLeft);
  // Another chance two turns from now: sure if the deck covers this turn's refill and three more cards.
  const next = params.patience * (deck >= need + 3 ? 1 : deck >= need + 2 ? 0.5 : 0);
  if (next === 0) return now > never;
  const signal = 0.75;
  let wait = 0;
  for (const truthMaster of [true, false]) {
    const pTruth = truthMaster ? q : 1 - q;
    const pGates = atLeast(needed, 2, truthMaster ? pM : pD);
    const endedByGates = pGates * (truthMaster ? 3 : 2);
    for (const masterLike of [true, false]) {
      const pSignal = masterLike === truthMaster ? signal : 1 - signal;
      const ratio = masterLike ? signal / (1 - signal) : (1 - signal) / signal;
      const later = (q * ratio) / (q * ratio + 1 - q);
      const laterNow = later * 2 - (1 - later) * (1 + params.falseCost);
      const laterNever = later * noAccuse(true, turnsLeft - 2) + (1 - later) * noAccuse(false, turnsLeft - 2);
      const decision = laterNow > laterNever ? accuseNow(truthMaster) : noAccuse(truthMaster, turnsLeft - 2);
      const chance = next * decision + (1 - next) * noAccuse(truthMaster, turnsLeft);
      wait += pTruth * pSignal * (endedByGates + (1 - pGates) * chance);
    }
  }
  return now > Math.max(never, wait);
}
