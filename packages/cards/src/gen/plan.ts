/**
 * Plans the current edition's candidates: every subject in its relation, in a few variants (land, palette, side),
 * with props chosen against deck-wide use so no prop floods the deck. The selection keeps at most one
 * variant of each subject, so no subject is the hero of two cards.
 */
import { type Rng, rng } from "../rng";
import { PALETTES } from "./palettes";
import { RELATIONS } from "./relations";
import type { CardPlan, LandKind } from "./scene";
import {
  CLOUD,
  FLOCK,
  FORE_PLANTS,
  GROUND_PROPS,
  SKY_PROPS,
  SUBJECTS,
  type Subject,
  WATER_PROPS,
} from "./subjects";
import { EDITION } from "./version";

/** Ids of the current edition (`dream3-NNN`), never those of another (`dream-NNN`, `dream2-NNN`). */
export const ID_PREFIX = `dream${EDITION}-`;
/** Clouds and the flock of birds are planned as things of the sky, like the props. */
const SKY_THINGS = [...SKY_PROPS, CLOUD, FLOCK];

export function planDeck(seed: string, variants = 2): CardPlan[] {
  const u: Usage = { r: rng(`${seed}/plan`), use: new Map(), firstMirror: new Map() };
  const plans: CardPlan[] = [];
  const order = u.r.shuffle(SUBJECTS);
  for (let v = 0; v < variants; v++)
    for (const subject of order) plans.push(planCard(u, subject, seed, plans.length + 1));
  return plans;
}

/** The plan's randomness, how often each choice was made so far, and each subject's first mirroring. */
interface Usage {
  r: Rng;
  use: Map<string, number>;
  firstMirror: Map<string, boolean>;
}

const used = (u: Usage, k: string): number => u.use.get(k) ?? 0;
const bump = (u: Usage, k: string): void => {
  u.use.set(k, (u.use.get(k) ?? 0) + 1);
};

/** The k-th card's plan: the subject in a land and palette little used with it, and its props. */
function planCard(u: Usage, subject: Subject, seed: string, k: number): CardPlan {
  const r = u.r;
  const n = (key: string) => used(u, key);
  const rel = subject.relation;
  const { land, pal } = landAndPalette(u, subject);
  const wet = land === "sea" || land === "lake";
  const ownLandmark = rel === "sky" || rel === "island";
  const landmarks = land === "sea" ? ["lighthouse", null] : ["windmill", "tower", "lone-tree", null];
  const landmark = ownLandmark ? null : pickMin(r, landmarks, (l) => n(`landmark/${l}`));
  bump(u, `landmark/${landmark}`);
  let foreground: string | null = null;
  if (land !== "sea" && r.chance(0.45)) {
    foreground = r.weighted(FORE_PLANTS, (q) => 1 / (1 + n(`fore/${q}`)) ** 2);
    bump(u, `fore/${foreground}`);
  }
  return {
    id: `${ID_PREFIX}${String(k).padStart(3, "0")}`,
    seed: `${seed}/${ID_PREFIX}${k}`,
    subject: subject.icon,
    relation: rel,
    land: land as LandKind,
    palette: pal,
    // long lists, so a card's second tries take the plan's own choices before any from the whole pool
    skyProps: pickProps(u, subject, SKY_THINGS, 8, "sky"),
    groundProps: pickProps(u, subject, GROUND_PROPS, 7, "ground"),
    waterProps: wet ? pickProps(u, subject, WATER_PROPS, 5, "water") : [],
    landmark,
    foreground,
    moon: r.chance(0.5) ? "full" : "crescent",
    mirror: mirrorOf(u, subject.icon),
  };
}

/** A land the relation allows and a palette, each the least used with this subject, relation and land. */
function landAndPalette(u: Usage, subject: Subject): { land: string; pal: string } {
  const r = u.r;
  const n = (key: string) => used(u, key);
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
    (p) => n(`${subject.icon}/${p}`) * 100 + n(`${rel}/${p}`) * 10 + n(`${land}/${p}`) * 2 + n(`pal/${p}`),
  );
  for (const k of [`${subject.icon}/${land}`, `${rel}/${land}`, `land/${land}`, `${subject.icon}/${pal}`])
    bump(u, k);
  for (const k of [`${rel}/${pal}`, `${land}/${pal}`, `pal/${pal}`]) bump(u, k);
  return { land, pal };
}

/** Up to `count` props from the pool, the less used (under `tag`) the likelier, never the subject's own. */
function pickProps(u: Usage, subject: Subject, pool: string[], count: number, tag: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const options = pool.filter((p) => !out.includes(p) && p !== subject.icon && p !== subject.other);
    if (options.length === 0) break;
    const p = u.r.weighted(options, (q) => 1 / (1 + used(u, `${tag}/${q}`)) ** 3);
    out.push(p);
    bump(u, `${tag}/${p}`);
  }
  return out;
}

/** A subject's second variant faces the other way. */
function mirrorOf(u: Usage, icon: string): boolean {
  const first = u.firstMirror.get(icon);
  if (first !== undefined) return !first;
  const m = u.r.chance(0.5);
  u.firstMirror.set(icon, m);
  return m;
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
