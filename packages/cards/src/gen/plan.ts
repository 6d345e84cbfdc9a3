/**
 * Plans edition 2's candidates: every subject in its relation, in a few variants (land, palette, side),
 * with props chosen against deck-wide use so no prop floods the deck. The selection keeps at most one
 * variant of each subject, so no subject is the hero of two cards.
 */
import { type Rng, rng } from "../rng";
import { PALETTES } from "./palettes";
import { RELATIONS } from "./relations";
import type { CardPlan, LandKind } from "./scene";
import { FORE_PLANTS, GROUND_PROPS, SKY_PROPS, SUBJECTS, WATER_PROPS } from "./subjects";

/** Ids of edition 2: `dream2-NNN`, never those of edition 1 (`dream-NNN`). */
export const ID_PREFIX = "dream2-";

export function planDeck(seed: string, variants = 2): CardPlan[] {
  const r = rng(`${seed}/plan`);
  const use = new Map<string, number>();
  const bump = (k: string) => use.set(k, (use.get(k) ?? 0) + 1);
  const n = (k: string) => use.get(k) ?? 0;
  const plans: CardPlan[] = [];
  const order = r.shuffle(SUBJECTS);
  const firstMirror = new Map<string, boolean>();
  for (let v = 0; v < variants; v++)
    for (const subject of order) {
      const rel = subject.relation;
      const relation = RELATIONS[rel];
      const land = pickMin(
        r,
        relation.lands,
        (l) => n(`${subject.icon}/${l}`) * 100 + n(`${rel}/${l}`) * 10 + n(`land/${l}`),
      );
      const pal = pickMin(
        r,
        PALETTES.map((p) => p.name),
        (p) =>
          n(`${subject.icon}/${p}`) * 100 + n(`${rel}/${p}`) * 10 + n(`${land}/${p}`) * 2 + n(`pal/${p}`),
      );
      for (const k of [`${subject.icon}/${land}`, `${rel}/${land}`, `land/${land}`, `${subject.icon}/${pal}`])
        bump(k);
      for (const k of [`${rel}/${pal}`, `${land}/${pal}`, `pal/${pal}`]) bump(k);
      const wet = land === "sea" || land === "lake";
      const picks = (pool: string[], count: number, tag: string): string[] => {
        const out: string[] = [];
        for (let i = 0; i < count; i++) {
          const options = pool.filter((p) => !out.includes(p) && p !== subject.icon && p !== subject.other);
          if (options.length === 0) break;
          const p = r.weighted(options, (q) => 1 / (1 + n(`${tag}/${q}`)) ** 2);
          out.push(p);
          bump(`${tag}/${p}`);
        }
        return out;
      };
      const ownLandmark = rel === "sky" || rel === "island";
      const landmarks =
        land === "sea" ? ["lighthouse", null] : ["windmill", "tower", "lone-tree", null, null];
      const landmark = ownLandmark ? null : pickMin(r, landmarks, (l) => n(`landmark/${l}`));
      bump(`landmark/${landmark}`);
      let foreground: string | null = null;
      if (land !== "sea" && r.chance(0.45)) {
        foreground = r.weighted(FORE_PLANTS, (q) => 1 / (1 + n(`fore/${q}`)) ** 2);
        bump(`fore/${foreground}`);
      }
      // a subject's second variant faces the other way
      const mirrorOf = (icon: string): boolean => {
        const first = firstMirror.get(icon);
        if (first !== undefined) return !first;
        const m = r.chance(0.5);
        firstMirror.set(icon, m);
        return m;
      };
      const k = plans.length + 1;
      plans.push({
        id: `${ID_PREFIX}${String(k).padStart(3, "0")}`,
        seed: `${seed}/${ID_PREFIX}${k}`,
        subject: subject.icon,
        relation: rel,
        land: land as LandKind,
        palette: pal,
        skyProps: picks(SKY_PROPS, 4, "sky"),
        groundProps: picks(GROUND_PROPS, 4, "ground"),
        waterProps: wet ? picks(WATER_PROPS, 3, "water") : [],
        landmark,
        foreground,
        moon: r.chance(0.5) ? "full" : "crescent",
        mirror: mirrorOf(subject.icon),
      });
    }
  return plans;
}

function pickMin<T>(r: Rng, items: readonly T[], cost: (t: T) => number): T {
  const shuffled = r.shuffle(items);
  let best = shuffled[0] as T;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const it of shuffled) {
    const c = cost(it);
    if (c < bestCost) {
      best = it;
      bestCost = c;
    }
  }
  return best;
}
