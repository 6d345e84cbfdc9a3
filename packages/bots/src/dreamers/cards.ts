import { DREAM_CARDS, type DreamCard, MODIFIERS, type Modifier, modified } from "@firmament/dreamers";

/**
 * The Dream deck as small integers, so the bots can enumerate hands quickly: card `i` of
 * `DREAM_CARDS` has value `VALUES[i]` and effect `EFFECTS[i]` (an index into `MODIFIERS`, or `SKULL_EFFECT`).
 */
export const CARDS = DREAM_CARDS.length;
export const SKULL_EFFECT = MODIFIERS.length;
export const VALUES: readonly number[] = DREAM_CARDS.map((card) => card.value);
export const EFFECTS: readonly number[] = DREAM_CARDS.map((card) =>
  card.effect === "skull" ? SKULL_EFFECT : MODIFIERS.indexOf(card.effect),
);
export const MAX_VALUE = Math.max(...VALUES);
export const SKULL = EFFECTS.indexOf(SKULL_EFFECT);
/** Cards per value: `COPIES[v]` for v in 1..MAX_VALUE. */
export const COPIES: readonly number[] = Array.from(
  { length: MAX_VALUE + 1 },
  (_, v) => VALUES.filter((value) => value === v).length,
);

const INDEX = new Map(DREAM_CARDS.map((card, i) => [card.id, i]));

export function cardIndex(id: string): number {
  const index = INDEX.get(id);
  if (index === undefined) throw new Error(`unknown Dream card ${id}`);
  return index;
}

export function cardId(index: number): string {
  return (DREAM_CARDS[index] as DreamCard).id;
}

export function value(card: number): number {
  return VALUES[card] as number;
}

export function effect(card: number): number {
  return EFFECTS[card] as number;
}

/** Bit of a card's modifier in an effect mask (0 for the skull, which is no modifier). */
export function effectBit(card: number): number {
  const e = effect(card);
  return e === SKULL_EFFECT ? 0 : 1 << e;
}

/** The modifiers of several cards as a bit mask. */
export function effectMask(cards: readonly number[]): number {
  let mask = 0;
  for (const card of cards) mask |= effectBit(card);
  return mask;
}

/** The modifiers (as a bit mask) that make `first + second` exactly `target` when played on either card. */
export function fixingMask(first: number, second: number, target: number): number {
  let mask = 0;
  for (let m = 0; m < MODIFIERS.length; m++) {
    const modifier = MODIFIERS[m] as Modifier;
    if (modified(first, modifier) + second === target || first + modified(second, modifier) === target)
      mask |= 1 << m;
  }
  return mask;
}

/** How many of `cards` carry a modifier in `mask`. */
export function countWithEffect(cards: readonly number[], mask: number): number {
  let n = 0;
  for (const card of cards) if (effectBit(card) & mask) n++;
  return n;
}

/** Cards per value among `cards` (index = value). */
export function valueCounts(cards: readonly number[]): number[] {
  const counts = new Array<number>(MAX_VALUE + 1).fill(0);
  for (const card of cards) counts[value(card)] = (counts[value(card)] as number) + 1;
  return counts;
}

/** The probability that `k` cards drawn from `size` cards include at least one of `good` of them. */
export function atLeastOne(good: number, size: number, k: number): number {
  if (good <= 0 || k <= 0) return 0;
  if (good + k > size) return 1;
  let none = 1;
  for (let i = 0; i < k; i++) none *= (size - good - i) / (size - i);
  return 1 - none;
}

/** Every k-subset of `items` (k ≤ 3), passed to `visit` in a reused array. */
export function forEachSubset(items: readonly number[], k: number, visit: (subset: number[]) => void): void {
  const n = items.length;
  const subset: number[] = new Array(k).fill(0);
  if (k === 0) {
    visit(subset);
    return;
  }
  if (k === 1) {
    for (let i = 0; i < n; i++) {
      subset[0] = items[i] as number;
      visit(subset);
    }
    return;
  }
  if (k === 2) {
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        subset[0] = items[i] as number;
        subset[1] = items[j] as number;
        visit(subset);
      }
    return;
  }
  if (k === 3) {
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++)
        for (let l = j + 1; l < n; l++) {
          subset[0] = items[i] as number;
          subset[1] = items[j] as number;
          subset[2] = items[l] as number;
          visit(subset);
        }
    return;
  }
  throw new Error("subsets of more than 3 cards are not needed");
}

function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return Math.round(c);
}

/**
 * Like `forEachSubset`, but visits about `cap` of the subsets when there are more: a fixed
 * pseudo-random thinning (the same subsets every time), so estimates stay unbiased and cheap.
 */
export function forEachSampledSubset(
  items: readonly number[],
  k: number,
  cap: number,
  visit: (subset: number[]) => void,
): void {
  const total = choose(items.length, k);
  if (total <= cap) {
    forEachSubset(items, k, visit);
    return;
  }
  const step = total / cap;
  let index = 0;
  forEachSubset(items, k, (subset) => {
    const hash = Math.imul(index++ + 1, 2654435761) >>> 0;
    if ((hash / 4294967296) * step < 1) visit(subset);
  });
}
