import type { Seat } from "@firmament/dreamers";
import { CARDS, effectBit, forEachSampledSubset, value } from "./cards";
import {
  complement,
  directHits,
  fixChances,
  fixes,
  isHonest,
  type Reading,
  readFirstCard,
  secondScores,
  unusedCounts,
  VALUE_SLOTS as V,
} from "./model";
import { type SeenTurn, usedBefore } from "./situation";

/**
 * Is the other player the Master? The likelihood of what they did in each turn of this round under
 * "a Dreamer playing for the sum" and under two ways a Master blocks ("blunt": the card least likely to
 * fit, far cards as first player, lies; "subtle": a card that fits the declaration but misses, honest
 * declarations), each hand they could have held weighed equally.
 */

/** Per turn: P(what they did | Dreamer), P(… | blunt block), P(… | subtle block). */
export type TurnLikelihood = [number, number, number];

export interface EvidenceModel {
  reading: Reading;
  /** Softmax temperature of the modelled Dreamer's choice between its cards (gate chance units). */
  dreamerTemperature: number;
  /** Softmax temperature of the modelled Master's choice. */
  masterTemperature: number;
  /** A modelled Dreamer's declaration is dishonest this often. */
  dreamerLies: number;
  /** A blocking Master's declaration is dishonest this often: blunt, subtle. */
  masterLies: [number, number];
  /** A modelled Dreamer misses a fix it holds this often (and a blocking Master makes one). */
  slip: number;
  /** Any card is played this often regardless of the model (robustness against other policies). */
  noise: number;
}

export const EVIDENCE: EvidenceModel = {
  reading: { lieWeight: 0.04, prefBase: 0.3 },
  dreamerTemperature: 0.08,
  masterTemperature: 0.1,
  dreamerLies: 0.04,
  masterLies: [0.35, 0.06],
  slip: 0.05,
  noise: 0.08,
};

/** A Master's type for a whole round: how often it blocks a turn, and how (blunt 1, subtle 2). */
export interface MasterType {
  weight: number;
  blocks: number;
  style: 1 | 2;
}

export const MASTER_TYPES: readonly MasterType[] = [
  { weight: 0.35, blocks: 0.95, style: 1 },
  { weight: 0.35, blocks: 0.7, style: 2 },
  { weight: 0.3, blocks: 0.4, style: 2 },
];

/**
 * The likelihoods of the actor's behaviour in `turns[index]`. `excluded`: cards the observer knows
 * were not in the actor's hand at that time (the observer's own cards, held then or later).
 */
export function turnLikelihood(
  turns: readonly SeenTurn[],
  index: number,
  actor: Seat,
  excluded: readonly number[],
  model: EvidenceModel = EVIDENCE,
): TurnLikelihood {
  const turn = turns[index] as SeenTurn;
  const before = usedBefore(turns, index);
  // A pure function of these inputs: remembered, since every decision re-reads the round's turns.
  let memo = MEMO.get(model);
  if (!memo) {
    memo = new Map();
    MEMO.set(model, memo);
  }
  const key = memoKey(turn, actor, before, excluded);
  const known = memo.get(key);
  if (known) return known;
  const computed = computeLikelihood(turn, before, actor, excluded, model);
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(key, computed);
  return computed;
}

/** Hands weighed per turn at most (of up to 136): a fixed sample keeps each likelihood cheap. */
const HANDS_PER_TURN = 64;

const MEMO = new WeakMap<EvidenceModel, Map<string, TurnLikelihood>>();
const MEMO_SIZE = 20_000;

function memoKey(
  turn: SeenTurn,
  actor: Seat,
  before: readonly number[],
  excluded: readonly number[],
): string {
  let used = 0;
  for (const card of before) used |= 1 << card;
  let out = 0;
  for (const card of excluded) out |= 1 << card;
  const m = turn.modifier;
  return `${turn.nightmare}|${turn.declaration}|${turn.first}|${actor}|${turn.plays[0]}|${turn.plays[1]}|${
    m ? `${m.seat}:${m.card}:${m.target}` : "-"
  }|${turn.modifiable ? 1 : 0}|${used}|${out}`;
}

function computeLikelihood(
  turn: SeenTurn,
  before: readonly number[],
  actor: Seat,
  excluded: readonly number[],
  model: EvidenceModel,
): TurnLikelihood {
  const actorIsFirst = turn.first === actor;
  const played = actorIsFirst ? turn.plays[0] : turn.plays[1];
  const knownInHand: number[] = [played];
  if (turn.modifier?.seat === actor) knownInHand.push(turn.modifier.card);
  const pool = unseenPool(turn, before, excluded);
  const setting = turnSetting(turn, before, actor, model);
  const hand: number[] = [0, 0, 0];
  const sums: TurnLikelihood = [0, 0, 0];
  let hands = 0;
  const extra = 3 - knownInHand.length;
  forEachSampledSubset(pool, Math.min(extra, pool.length), HANDS_PER_TURN, (others) => {
    let n = 0;
    for (const card of knownInHand) hand[n++] = card;
    for (const card of others) hand[n++] = card;
    hand.length = n;
    hands++;
    addHand(setting, hand, sums);
  });
  if (hands === 0) return [1, 1, 1];
  return [sums[0] / hands, sums[1] / hands, sums[2] / hands];
}

/** The cards the actor may have held besides those it showed: none used, excluded or on the table. */
function unseenPool(turn: SeenTurn, before: readonly number[], excluded: readonly number[]): number[] {
  const out = new Uint8Array(CARDS);
  for (const card of before) out[card] = 1;
  for (const card of excluded) out[card] = 1;
  out[turn.plays[0]] = 1;
  out[turn.plays[1]] = 1;
  if (turn.modifier) out[turn.modifier.card] = 1;
  const pool: number[] = [];
  for (let card = 0; card < CARDS; card++) if (!out[card]) pool.push(card);
  return pool;
}

/** What one turn tells about its actor whatever hand it held, and scratch space for weighing hands. */
interface TurnSetting {
  turn: SeenTurn;
  model: EvidenceModel;
  actorIsFirst: boolean;
  unused: number[];
  /** The value the actor played first (as first player) and the sum's target. */
  a: number;
  nightmare: number;
  /** Whether the actor had a chance to modify a missed sum, and whether it took it. */
  chance: boolean;
  fixed: boolean;
  /** The effects that would have fixed the sum, as a bit mask. */
  needed: number;
  otherFix: Float64Array;
  unseen: Float64Array;
  belief: Float64Array;
  scores: Float64Array;
  hits: Float64Array;
}

function turnSetting(
  turn: SeenTurn,
  before: readonly number[],
  actor: Seat,
  model: EvidenceModel,
): TurnSetting {
  const actorIsFirst = turn.first === actor;
  const unusedCards: number[] = [];
  const beforeSet = new Uint8Array(CARDS);
  for (const card of before) beforeSet[card] = 1;
  for (let card = 0; card < CARDS; card++) if (!beforeSet[card]) unusedCards.push(card);
  const nightmare = turn.nightmare;
  const a = value(turn.plays[0]);
  const b = value(turn.plays[1]);
  const missed = a + b !== nightmare;
  let chance = false;
  let fixed = false;
  if (missed && turn.modifiable) {
    if (actorIsFirst) chance = true;
    else chance = turn.modifier === null || turn.modifier.seat === actor;
    fixed = turn.modifier?.seat === actor;
  }
  return {
    turn,
    model,
    actorIsFirst,
    unused: unusedCounts(before),
    a,
    nightmare,
    chance,
    fixed,
    needed: (fixes(nightmare)[a * V + b] as number) || 0,
    otherFix: fixChances(nightmare, unusedCards, 2),
    unseen: new Float64Array(V),
    belief: new Float64Array(V),
    scores: new Float64Array(3),
    hits: new Float64Array(3),
  };
}

/** Adds the likelihood of the turn under each hypothesis, had the actor held `hand`, to `sums`. */
function addHand(setting: TurnSetting, hand: readonly number[], sums: TurnLikelihood): void {
  const { model, unseen, unused, chance, fixed } = setting;
  for (let v = 1; v < V; v++) unseen[v] = unused[v] as number;
  for (const card of hand) unseen[value(card)] = (unseen[value(card)] as number) - 1;
  let rest = 0;
  for (let i = 1; i < hand.length; i++) rest |= effectBit(hand[i] as number);
  const canFix = (rest & setting.needed) !== 0;
  let modD = 1;
  let modM = 1;
  if (chance) {
    modD = fixed ? (canFix ? 1 - model.slip : 0) : canFix ? model.slip : 1;
    modM = fixed ? model.slip : 1;
  }
  const [d, blunt, subtle] = setting.actorIsFirst
    ? firstPlayerOdds(setting, hand)
    : secondPlayerOdds(setting, hand);
  sums[0] += d * modD;
  sums[1] += blunt * modM;
  sums[2] += subtle * modM;
}

/** As first player: a Dreamer picks the card its partner can complete, a blunt Master a far one. */
function firstPlayerOdds(
  { turn, model, unseen, nightmare, scores, hits, a }: TurnSetting,
  hand: readonly number[],
): TurnLikelihood {
  firstChoiceScores(scores, hand, unseen, nightmare);
  let d = chosen(scores, 0, 1 / model.dreamerTemperature, hand.length, model.noise);
  for (let i = 0; i < hand.length; i++) hits[i] = Math.abs(nightmare - value(hand[i] as number)) / 10;
  let blunt = chosen(hits, 0, 1 / model.masterTemperature, hand.length, model.noise);
  let subtle = chosen(scores, 0, -1 / model.masterTemperature, hand.length, model.noise);
  const honest = isHonest(a, nightmare, turn.declaration);
  d *= honest ? 1 - model.dreamerLies : model.dreamerLies / 2;
  blunt *= honest ? 1 - model.masterLies[0] : model.masterLies[0] / 2;
  subtle *= honest ? 1 - model.masterLies[1] : model.masterLies[1] / 2;
  return [d, blunt, subtle];
}

/** As second player: the first card read from its declaration, then the sum completed or missed. */
function secondPlayerOdds(
  { turn, model, unseen, unused, nightmare, belief, scores, hits, otherFix }: TurnSetting,
  hand: readonly number[],
): TurnLikelihood {
  readFirstCard(belief, unseen, unused, nightmare, turn.declaration, model.reading);
  secondScores(scores, hand, belief, nightmare, otherFix);
  const d = chosen(scores, 0, 1 / model.dreamerTemperature, hand.length, model.noise);
  directHits(hits, hand, belief, nightmare);
  const blunt = chosen(hits, 0, -1 / model.masterTemperature, hand.length, model.noise);
  for (let i = 0; i < hand.length; i++) {
    const c = complement(value(hand[i] as number), nightmare);
    const fits = c !== 0 && isHonest(c, nightmare, turn.declaration);
    hits[i] = (hits[i] as number) + (fits ? 0 : 0.5);
  }
  const subtle = chosen(hits, 0, -1 / model.masterTemperature, hand.length, model.noise);
  return [d, blunt, subtle];
}

/**
 * The modelled Dreamer first player's wish for each card: how likely the partner holds its complement
 * (the partner's 3 cards among those the first cannot see).
 */
function firstChoiceScores(
  out: Float64Array,
  hand: readonly number[],
  unseen: ArrayLike<number>,
  nightmare: number,
): void {
  let size = 0;
  for (let v = 1; v < V; v++) size += unseen[v] as number;
  for (let i = 0; i < hand.length; i++) {
    const c = complement(value(hand[i] as number), nightmare);
    const copies = c ? (unseen[c] as number) : 0;
    out[i] = size > 0 ? 1 - (1 - copies / size) ** 3 : 0;
  }
}

/** Softmax probability of position `index` among `n` scores at inverse temperature `beta`, with noise. */
function chosen(scores: ArrayLike<number>, index: number, beta: number, n: number, noise: number): number {
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) max = Math.max(max, beta * (scores[i] as number));
  let total = 0;
  let mine = 0;
  for (let i = 0; i < n; i++) {
    const e = Math.exp(beta * (scores[i] as number) - max);
    total += e;
    if (i === index) mine = e;
  }
  return (1 - noise) * (mine / total) + noise / n;
}

/** Log-odds that the actor is the Master, from a prior probability and the turns' likelihoods. */
export function masterLogOdds(
  prior: number,
  likelihoods: readonly TurnLikelihood[],
  types: readonly MasterType[] = MASTER_TYPES,
  temper = 1,
): number {
  let logD = 0;
  for (const l of likelihoods) logD += Math.log(Math.max(l[0], 1e-12));
  const perType = types.map((type) => {
    let log = Math.log(type.weight);
    for (const l of likelihoods) {
      const block = type.style === 1 ? l[1] : l[2];
      log += Math.log(Math.max(type.blocks * block + (1 - type.blocks) * l[0], 1e-12));
    }
    return log;
  });
  const max = Math.max(...perType);
  const logM = max + Math.log(perType.reduce((sum, log) => sum + Math.exp(log - max), 0));
  return Math.log(prior / (1 - prior)) + temper * (logM - logD);
}

export function probability(logOdds: number): number {
  return 1 / (1 + Math.exp(-logOdds));
}
