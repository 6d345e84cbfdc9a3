/**
 * The dream scenes behind Dream and Nightmare cards: the dream deck's own composer (src/gen/compose.ts)
 * with a plan chosen here, trying seeds until the scene leaves the places of the value, the banner or the
 * creature free. Composing is text only (about 12 ms), so the search costs nothing at build time.
 */

import { iconSource } from "../gen/icons";
import { rng } from "../rng";
import { composeCard } from "./scenery/compose";
import { HEROES, type HeroName } from "./scenery/heroes";
import type { CardPlan, Composition, IconBounds, LandKind } from "./scenery/types";

export const DREAMERS_SEED = "firmament-dreamers-v1";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SceneChoice {
  hero: HeroName;
  land: LandKind;
  palette: string;
  props: string[];
}

export interface ChosenScene {
  plan: CardPlan;
  composition: Composition;
  /** The inner SVG of the composed card (its defs and art, without the outer svg element). */
  inner: string;
}

const SEARCH = 80;

function overlap(a: Box, b: Box): number {
  const w = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  return w * h;
}

/** How much of the scene's important objects the reserved boxes would hide (0 = nothing). */
export function hiddenCost(comp: Composition, reserved: Box[]): number {
  let cost = 0;
  for (const o of comp.objects) {
    if (o.role === "far" || o.role === "fore") continue;
    const area = Math.max(1, o.w * o.h);
    const covered = reserved.reduce((s, r) => s + overlap(o, r), 0);
    // the moon always hangs in a top corner, where the value or the banner is: hiding it matters less
    const weight = o.role === "moon" ? 0.25 : o.weight;
    cost += weight * Math.min(1, covered / area);
  }
  return cost;
}

export function innerSvg(svg: string): string {
  const m = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg);
  if (!m) throw new Error("scene: not a single svg element");
  return m[1] as string;
}

/**
 * The scene for one face: the first seed whose composition hides least behind the reserved boxes, or the
 * seed given (one the search chose before).
 */
export function chooseScene(
  id: string,
  choice: SceneChoice,
  reserved: Box[],
  bounds: Record<string, IconBounds>,
  knownSeed?: string,
): ChosenScene {
  const hero = HEROES[choice.hero];
  if (!(hero.lands as LandKind[]).includes(choice.land))
    throw new Error(`${id}: the ${choice.hero} scene does not suit ${choice.land}`);
  const icons = iconSource(bounds);
  let best: { plan: CardPlan; composition: Composition; cost: number } | null = null;
  const seeds = knownSeed
    ? [knownSeed]
    : Array.from({ length: SEARCH }, (_, k) => `${DREAMERS_SEED}/${id}/${k}`);
  for (const seed of seeds) {
    const moon: "full" | "crescent" =
      "moon" in hero
        ? (hero.moon as "full" | "crescent")
        : rng(`${seed}/moon`).chance(0.5)
          ? "full"
          : "crescent";
    const plan: CardPlan = {
      id: `dr-${id}`,
      seed,
      hero: choice.hero,
      land: choice.land,
      palette: choice.palette,
      props: choice.props,
      foreground: null,
      moon,
    };
    const composition = composeCard(plan, icons);
    const cost = hiddenCost(composition, reserved);
    if (!best || cost < best.cost - 1e-9) best = { plan, composition, cost };
    if (cost < 0.05) break;
  }
  if (!best) throw new Error("unreachable");
  if (process.env.DREAMERS_DEBUG) console.log(id, best.plan.seed, best.cost.toFixed(2));
  return { plan: best.plan, composition: best.composition, inner: innerSvg(best.composition.svg) };
}
