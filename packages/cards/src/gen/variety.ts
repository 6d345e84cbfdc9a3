/**
 * How often the furnishing repeats across a deck. A card's furnishing is what it shows besides its hero
 * (the subject, its reflection or shadow, the relation's own parts), the moon and the tiny far village:
 * clouds, the flock of birds, props, landmarks, fences and foreground plants. No furnishing thing may be
 * on more cards of the deck than its cap (`capOfThing`).
 */
import type { CardManifest } from "../types";
import type { PlacedObject, Role } from "./scene";

/**
 * At most this many cards of a deck show any one furnishing thing (16 % of a deck of 125). Edition 2 had
 * clouds on 123 of 125 cards, the flock on 100, geese, buoys, otters, rainbows and flamingos on 25–30.
 */
export const MAX_CARDS_PER_THING = 20;

/**
 * The scenery drawn in code: landmarks in the middle distance, the flock of birds, the fence. They carry a
 * card's dark details and middle distance, and come in few kinds, so they may repeat more than props.
 */
export const SCENERY: ReadonlySet<string> = new Set([
  "shape:tower",
  "shape:windmill",
  "shape:tree",
  "shape:lighthouse",
  "shape:birds",
  "shape:fence",
]);
export const MAX_CARDS_PER_SCENERY = 30;

/** On how many cards of a deck a furnishing thing may be. */
export function capOfThing(thing: string): number {
  return SCENERY.has(thing) ? MAX_CARDS_PER_SCENERY : MAX_CARDS_PER_THING;
}

const FURNISHING: ReadonlySet<Role> = new Set<Role>(["prop", "mid", "fore"]);

/** The distinct furnishing things a card shows: visible (in its manifest) and placed as furnishing. */
export function furnishingOf(
  manifest: CardManifest,
  placed: readonly Pick<PlacedObject, "icon" | "role">[],
): string[] {
  const visible = new Set(manifest.objects.map((o) => o.icon));
  const furnishing = new Set(placed.filter((p) => FURNISHING.has(p.role)).map((p) => p.icon));
  return [...visible].filter((icon) => furnishing.has(icon)).sort();
}

/** On how many cards each thing is, most repeated first. */
export function thingCounts(cards: readonly string[][]): [string, number][] {
  const counts = new Map<string, number>();
  for (const things of cards) for (const t of new Set(things)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
