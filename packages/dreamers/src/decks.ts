/**
 * The two decks of Dreamers. The published card list is not available to us: this is our
 * reconstruction (docs/rules.md (Dreamers)), kept in this one file so the original list can replace it.
 *
 * - 20 Dream cards: each value 1–10 twice. One 5 carries the skull; the other 19 carry one modifier
 *   each — +1, +2, −1, −2 and ×2 three times, +3 and −3 twice — and the two cards of one value never
 *   carry the same modifier.
 * - 13 Nightmare cards: one of each value 6–16, plus a second 10 and a second 11.
 */

/** What a modifier does to the face-up Dream card it is played onto. */
export const MODIFIERS = ["+1", "+2", "+3", "-1", "-2", "-3", "x2"] as const;
export type Modifier = (typeof MODIFIERS)[number];

export interface DreamCard {
  /** Stable id, e.g. `dream-5a`. */
  id: string;
  value: number;
  /** Its modifier, or the skull (which accuses, and is never a modifier). */
  effect: Modifier | "skull";
}

export interface NightmareCard {
  /** Stable id, e.g. `nightmare-10b`. */
  id: string;
  value: number;
}

/** Per value 1–10: the effects of its two cards (`a`, then `b`). */
const DREAM_EFFECTS: ReadonlyArray<readonly [DreamCard["effect"], DreamCard["effect"]]> = [
  ["+2", "x2"], // 1
  ["+1", "-2"], // 2
  ["+3", "-1"], // 3
  ["-3", "x2"], // 4
  ["skull", "+1"], // 5
  ["+2", "-1"], // 6
  ["-2", "+3"], // 7
  ["-3", "+1"], // 8
  ["x2", "-1"], // 9
  ["-2", "+2"], // 10
];

export const DREAM_CARDS: readonly DreamCard[] = DREAM_EFFECTS.flatMap(([a, b], index) => [
  { id: `dream-${index + 1}a`, value: index + 1, effect: a },
  { id: `dream-${index + 1}b`, value: index + 1, effect: b },
]);

export const NIGHTMARE_CARDS: readonly NightmareCard[] = [
  ...Array.from({ length: 11 }, (_, i) => ({ id: `nightmare-${i + 6}`, value: i + 6 })),
  { id: "nightmare-10b", value: 10 },
  { id: "nightmare-11b", value: 11 },
];

/** The skull card's id. */
export const SKULL_CARD = DREAM_CARDS.find((c) => c.effect === "skull")?.id as string;

const DREAMS_BY_ID = new Map(DREAM_CARDS.map((c) => [c.id, c]));
const NIGHTMARES_BY_ID = new Map(NIGHTMARE_CARDS.map((c) => [c.id, c]));

export function dreamCard(id: string): DreamCard | undefined {
  return DREAMS_BY_ID.get(id);
}

export function nightmareCard(id: string): NightmareCard | undefined {
  return NIGHTMARES_BY_ID.get(id);
}

/** The value a Dream card shows once a modifier is played onto it. */
export function modified(value: number, modifier: Modifier): number {
  switch (modifier) {
    case "+1":
      return value + 1;
    case "+2":
      return value + 2;
    case "+3":
      return value + 3;
    case "-1":
      return value - 1;
    case "-2":
      return value - 2;
    case "-3":
      return value - 3;
    case "x2":
      return value * 2;
  }
}
