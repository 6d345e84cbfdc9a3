import {
  DECLARATIONS,
  type Declaration,
  type DreamersAction,
  honestDeclaration,
  type Target,
} from "@firmament/dreamers";
import {
  type EvidenceModel,
  type MasterType,
  masterLogOdds,
  probability,
  type TurnLikelihood,
  turnLikelihood,
} from "./belief";
import { atLeastOne, CARDS, cardId, cardIndex, countWithEffect, SKULL, value } from "./cards";
import { atLeast, visibleBlocks } from "./dreamer";
import {
  complement,
  countsOf,
  directHits,
  firstPlayChances,
  fixChances,
  fixes,
  isHonest,
  readFirstCard,
  unusedCounts,
  VALUE_SLOTS as V,
} from "./model";
import { pickScore, type Uniform } from "./random";
import { playedFrom, type SeenTurn, type Situation, turnsLeftAfter } from "./situation";

/** How a Master plays; the three levels are three settings of these. */
export interface MasterParams {
  /** "blunt": the card least likely to fit, far cards as first player; "careful": blocks with cards
   * that look like honest play; "plan": weighs each play's gate chance against how suspicious it looks. */
  style: "blunt" | "careful" | "plan";
  /** Softmax temperature over the plays. */
  temperature: number;
  /** Chance of a random card instead of the chosen one. */
  noise: number;
  /** Chance of a dishonest declaration ("blunt" and "careful"). */
  lies: number;
  /** "plan": the Dreamer's model of a Master, and how it reads evidence. */
  evidence: EvidenceModel;
  masterTypes: readonly MasterType[];
  /** "plan": the Dreamer accuses around this belief; how sharply (per unit of log-odds). */
  accuseAt: number;
  sharpness: number;
  /** "plan": chance per turn that a gate opens although the Master blocks. */
  leak: number;
  /** "plan": weight of a Dreamer who only counts visible blocks (lies, cards that cannot fit) in the
   * Master's idea of who may accuse it; the rest is a Dreamer who weighs the evidence as the oracle does. */
  counting: number;
}

/** Where the skull is, for the Master: held or gone (no accusation possible), or unseen. */
export function skullThreat(sit: Situation): number {
  if (sit.hand.includes(SKULL) || sit.used.includes(SKULL)) return 0;
  // The Dreamer accuses only when it closes a turn as first player: this turn's closing if it is first
  // now, then every other turn while the deck lasts.
  const view = sit.view;
  const dreamerFirstNow = view.first === sit.other;
  const held = view.counts.hands[0] + view.counts.hands[1];
  const playing = view.phase === "first_play" || view.phase === "second_play";
  const later = turnsLeftAfter(view.counts.dreamDeck, playing ? 2 : Math.max(2, 6 - held));
  // Turns from now to the Dreamer's last closing as first player (0: this turn's).
  let last = -1;
  for (let t = 0; t <= later; t++)
    if ((t % 2 === 0) === dreamerFirstNow && (t > 0 || view.phase !== "closing")) last = t;
  if (last < 0) return 0;
  // By then it holds the skull if it has it among the unseen cards it holds or draws (about one a turn).
  const dreamerHand = view.counts.hands[sit.other] ?? 3;
  return Math.min(1, (dreamerHand + last) / Math.max(1, sit.pool.length));
}

/** The Master's estimate of the Dreamer's log-odds that it faces the Master, turn by turn. */
function suspicionLikelihoods(
  sit: Situation,
  turns: readonly SeenTurn[],
  model: EvidenceModel,
): TurnLikelihood[] {
  return turns.map((_, i) => turnLikelihood(turns, i, sit.seat, playedFrom(turns, i, sit.other), model));
}

function dreamerPrior(sit: Situation): number {
  // The Dreamer's prior is 1/2, or 2/3 after I chose my identity (if it assumes choosers pick either).
  return sit.view.chooser === sit.seat ? 2 / 3 : 0.5;
}

interface Planner {
  /** How likely the Dreamer can still accuse this round (0 when the skull is mine or gone). */
  threat: number;
  /** Value of stopping one gate now (in the Master's points). */
  gateCost: number;
  /** Expected cost (Master's points) of being accused if the turns so far, and `extra`, are seen. */
  suspicion(extra: SeenTurn | null): number;
}

/** How likely a counting Dreamer accuses after this many visible blocks. */
const COUNTED_RISK = [0, 0.5, 0.9];

function planner(sit: Situation, params: MasterParams): Planner {
  const view = sit.view;
  const held = view.counts.hands[0] + view.counts.hands[1];
  const phase = view.phase;
  const need = phase === "first_play" ? 0 : phase === "second_play" ? 1 : 6 - held;
  // Turns after this one (this turn's refill is done), then the chance to hold out.
  const rest = turnsLeftAfter(view.counts.dreamDeck, Math.max(2, need));
  const needed = 3 - view.gates;
  const gateCost = 2 * (atLeast(needed - 1, rest, params.leak) - atLeast(needed, rest, params.leak));
  const hold = 1 - atLeast(needed, rest + 1, params.leak);
  const threat = skullThreat(sit);
  const past = threat === 0 ? [] : suspicionLikelihoods(sit, sit.turns, params.evidence);
  const prior = dreamerPrior(sit);
  const accuseLogOdds = Math.log(params.accuseAt / (1 - params.accuseAt));
  return {
    threat,
    gateCost,
    suspicion(extra) {
      if (threat === 0) return 0;
      const likelihoods = past.slice();
      const turns = extra ? sit.turns.concat(extra) : sit.turns;
      if (extra)
        likelihoods.push(
          turnLikelihood(
            turns,
            turns.length - 1,
            sit.seat,
            playedFrom(turns, turns.length - 1, sit.other),
            params.evidence,
          ),
        );
      const logOdds = masterLogOdds(prior, likelihoods, params.masterTypes);
      const weighing = 1 / (1 + Math.exp(-params.sharpness * (logOdds - accuseLogOdds)));
      const counted = COUNTED_RISK[
        Math.min(COUNTED_RISK.length - 1, visibleBlocks(turns, sit.seat))
      ] as number;
      const pAccused = threat * ((1 - params.counting) * weighing + params.counting * counted);
      return 2 * hold * pAccused;
    },
  };
}

type FirstOption = { card: number; declaration: Declaration; score: number };

export function masterFirstPlay(sit: Situation, params: MasterParams, random: Uniform): DreamersAction {
  const nightmare = sit.nightmare as number;
  const hand = sit.hand;
  const options = params.style === "blunt" ? bluntFirstOptions(sit) : hiddenFirstOptions(sit, params);
  let chosen = options[
    pickScore(
      options.map((o) => o.score),
      params.temperature,
      random,
    )
  ] as FirstOption;
  if (random() < params.noise) {
    const card = hand[Math.floor(random() * hand.length)] as number;
    chosen = { card, declaration: honestDeclaration(value(card), nightmare), score: 0 };
  }
  let declaration = chosen.declaration;
  if (params.style !== "plan" && random() < params.lies) {
    const lies = DECLARATIONS.filter((d) => d !== declaration);
    declaration = lies[Math.floor(random() * lies.length)] as Declaration;
  }
  return { type: "play_dream", seat: sit.seat, card: cardId(chosen.card), declaration };
}

/** A blunt Master leads the card farthest from the Nightmare, declared honestly. */
function bluntFirstOptions(sit: Situation): FirstOption[] {
  const nightmare = sit.nightmare as number;
  return sit.hand.map((card) => ({
    card,
    declaration: honestDeclaration(value(card), nightmare),
    score: Math.abs(nightmare - value(card)) / 3,
  }));
}

/** A Master who hides leads a card unlikely to open the gate that still looks like a Dreamer's. */
function hiddenFirstOptions(sit: Situation, params: MasterParams): FirstOption[] {
  const nightmare = sit.nightmare as number;
  const hand = sit.hand;
  const options: FirstOption[] = [];
  const context = {
    nightmare,
    pool: sit.pool,
    unused: unusedCounts(sit.used),
    reading: params.evidence.reading,
    partnerFirstFix: fixChances(nightmare, sit.pool, 2),
  };
  const plan = params.style === "plan" ? planner(sit, params) : null;
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i] as number;
    const rest = hand.filter((_, j) => j !== i);
    const honest = honestDeclaration(value(card), nightmare);
    // A lie shows once the card is turned up: worth weighing when nobody can accuse, or at the last gate.
    const declarations = plan && (plan.threat === 0 || sit.view.gates >= 2) ? DECLARATIONS : [honest];
    for (const declaration of declarations) {
      const gate = firstPlayChances(card, declaration, rest, false, context).dreamer;
      if (!plan) {
        // Looks like a Dreamer's play: a card whose complement could be out there.
        const odd = complement(value(card), nightmare) ? 0 : 0.15;
        options.push({ card, declaration, score: -gate - odd });
        continue;
      }
      const hypothesis: SeenTurn = {
        turn: sit.view.turn,
        first: sit.seat,
        nightmare,
        declaration,
        plays: [card, placeholderReply(sit, card, nightmare)],
        modifier: null,
        modifiable: false,
      };
      const suspicion = plan.suspicion(hypothesis);
      options.push({ card, declaration, score: -plan.gateCost * gate - suspicion });
    }
  }
  return options;
}

/** A stand-in for the Dreamer's unknown reply in a hypothetical turn: an unseen card that misses. */
function placeholderReply(sit: Situation, card: number, nightmare: number): number {
  for (const other of sit.pool) if (value(other) + value(card) !== nightmare) return other;
  return sit.pool[0] ?? (card + 1) % CARDS;
}

export function masterSecondPlay(sit: Situation, params: MasterParams, random: Uniform): DreamersAction {
  const nightmare = sit.nightmare as number;
  const declaration = sit.view.declaration as Declaration;
  const hand = sit.hand;
  const unseen = countsOf(sit.pool);
  const unused = unusedCounts(sit.used);
  const belief = new Float64Array(V);
  readFirstCard(belief, unseen, unused, nightmare, declaration, params.evidence.reading);
  const hits = new Float64Array(hand.length);
  directHits(hits, hand, belief, nightmare);
  // The Dreamer first player fixes a miss when its two other cards allow it.
  const dreamerFix = fixChances(nightmare, sit.pool, 2);
  const scores: number[] = [];
  const plan = params.style === "plan" ? planner(sit, params) : null;
  const threat = skullThreat(sit);
  const likelyValues = likelyFirstValues(belief);
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i] as number;
    const w = value(card);
    const gate = replyGateChance(belief, dreamerFix, w, nightmare);
    const c = complement(w, nightmare);
    const fits = c !== 0 && isHonest(c, nightmare, declaration);
    if (params.style === "blunt") scores.push(-(hits[i] as number) * 3 - (fits ? 0.5 : 0));
    else if (!plan) {
      // A card that does not fit the declaration gives the Master away; before the last gate, avoid it.
      const visible = fits || threat === 0 || sit.view.gates >= 2 ? 0 : 0.6;
      scores.push(-gate * 2 - visible);
    } else {
      const suspicion = replySuspicion(sit, plan, belief, likelyValues, card);
      scores.push(-plan.gateCost * gate - suspicion);
    }
  }
  let index = pickScore(scores, params.temperature, random);
  if (random() < params.noise) index = Math.floor(random() * hand.length);
  return { type: "play_dream", seat: sit.seat, card: cardId(hand[index] as number) };
}

/** The first player's most likely values, enough to judge how each reply would look. */
function likelyFirstValues(belief: Float64Array): number[] {
  return Array.from({ length: V - 1 }, (_, i) => i + 1)
    .filter((v) => (belief[v] as number) >= 0.03)
    .sort((x, y) => (belief[y] as number) - (belief[x] as number))
    .slice(0, 4);
}

/** The chance that replying with value w opens the gate, now or by the first player's fix. */
function replyGateChance(
  belief: Float64Array,
  dreamerFix: Float64Array,
  w: number,
  nightmare: number,
): number {
  let gate = 0;
  for (let v = 1; v < V; v++) {
    const p = belief[v] as number;
    if (p > 0) gate += p * (v + w === nightmare ? 1 : (dreamerFix[v * V + w] as number));
  }
  return gate;
}

/** How suspicious replying with `card` would look, over the first player's likely values. */
function replySuspicion(
  sit: Situation,
  plan: Planner,
  belief: Float64Array,
  likelyValues: readonly number[],
  card: number,
): number {
  const nightmare = sit.nightmare as number;
  const declaration = sit.view.declaration as Declaration;
  const w = value(card);
  let suspicion = 0;
  let weight = 0;
  for (const v of likelyValues) {
    const p = belief[v] as number;
    const firstCard = sit.pool.find((x) => value(x) === v);
    if (firstCard === undefined) continue;
    const hypothesis: SeenTurn = {
      turn: sit.view.turn,
      first: sit.other,
      nightmare,
      declaration,
      plays: [firstCard, card],
      modifier: null,
      modifiable: v + w !== nightmare && (fixes(nightmare)[v * V + w] as number) !== 0,
    };
    suspicion += p * plan.suspicion(hypothesis);
    weight += p;
  }
  if (weight > 0) suspicion /= weight;
  return suspicion;
}

/**
 * A Master passes, except a planning Master who may make a harmless gate to look like a Dreamer.
 */
export function masterModify(
  sit: Situation,
  options: ReadonlyArray<{ card: string; target: Target }>,
  params: MasterParams,
): DreamersAction {
  const pass: DreamersAction = { type: "pass", seat: sit.seat };
  const option = options[0];
  if (params.style !== "plan" || !option) return pass;
  const current = sit.view;
  const [firstPlay, secondPlay] = current.plays;
  if (!firstPlay?.card || !secondPlay?.card || sit.nightmare === null || current.declaration === null)
    return pass;
  const plays: [number, number] = [cardIndex(firstPlay.card.id), cardIndex(secondPlay.card.id)];
  const plan = planner(sit, params);
  const base: SeenTurn = {
    turn: current.turn,
    first: current.first,
    nightmare: sit.nightmare,
    declaration: current.declaration,
    plays,
    modifier: null,
    modifiable: true,
  };
  const fixCard = sit.hand.find((card) => cardId(card) === option.card) ?? 0;
  const fixed: SeenTurn = { ...base, modifier: { seat: sit.seat, card: fixCard, target: option.target } };
  // If I pass as first player, the Dreamer may still fix.
  const needed = fixes(sit.nightmare)[value(plays[0]) * V + value(plays[1])] as number;
  const dreamerFixes =
    current.phase === "modify_first"
      ? atLeastOne(countWithEffect(sit.pool, needed), sit.pool.length, current.counts.hands[sit.other] ?? 2)
      : 0;
  const passValue = -plan.gateCost * dreamerFixes - plan.suspicion(base);
  const fixValue = -plan.gateCost - plan.suspicion(fixed);
  return fixValue > passValue
    ? { type: "modify", seat: sit.seat, card: option.card, target: option.target }
    : pass;
}

/** Exposed for tests: the Master's read of how suspicious it looks now. */
export function masterSuspicion(sit: Situation, params: MasterParams): number {
  return probability(
    masterLogOdds(
      dreamerPrior(sit),
      suspicionLikelihoods(sit, sit.turns, params.evidence),
      params.masterTypes,
    ),
  );
}
