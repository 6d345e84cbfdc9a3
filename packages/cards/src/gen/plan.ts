/**
 * Plans the candidate deck: hero scenes round-robin, each paired with landscapes and palettes so that no
 * pairing repeats early, props chosen against deck-wide caps so no object floods the deck.
 */
import { rng } from "../rng";
import type { CardPlan, LandKind } from "./compose";
import { HERO_NAMES, HEROES, type Hero } from "./heroes";
import { PALETTES } from "./palettes";

export const SKY_PROPS = [
  "feather",
  "envelope",
  "kite",
  "balloon",
  "butterfly",
  "flying-saucer",
  "musical-notes",
  "ringed-planet",
  "dove",
  "umbrella",
  "parachute",
  "wind-chime",
  "red-paper-lantern",
  "key",
  "bell",
  "compass",
  "tropical-fish",
];
export const GROUND_PROPS = [
  "snail",
  "hedgehog",
  "cat",
  "black-cat",
  "rabbit",
  "fox",
  "frog",
  "owl",
  "candle",
  "chair",
  "bathtub",
  "teddy-bear",
  "books",
  "open-book",
  "mushroom",
  "tulip",
  "sunflower",
  "cactus",
  "snowman",
  "telescope",
  "tent",
  "mantelpiece-clock",
  "spiral-shell",
  "lady-beetle",
  "penguin",
  "duck",
  "deer",
  "llama",
];
export const WATER_PROPS = ["sailboat", "duck", "swan", "lotus", "flamingo"];
export const FORE_PLANTS = [
  "tulip",
  "cactus",
  "evergreen-tree",
  "herb",
  "mushroom",
  "sunflower",
  "palm-tree",
];

/** Icons a hero draws itself, so props do not repeat them on the same card. */
const HERO_ICONS: Record<string, string[]> = {
  whaleLighthouse: ["spouting-whale", "whale"],
  teapotMoon: ["teapot", "hot-beverage"],
  stairsClouds: ["door"],
  balloonHouse: ["house", "balloon"],
  ladderMoon: ["black-cat"],
  lanternLake: ["red-paper-lantern"],
  giantRabbit: ["rabbit"],
  turtleIsland: ["turtle", "palm-tree", "hut"],
  fishSky: ["tropical-fish", "fish", "jellyfish"],
  doorField: ["door"],
  boatCloud: ["sailboat"],
  planetRise: ["ringed-planet"],
  keyMoon: ["key"],
  castleCloud: ["castle"],
  jellyfishSky: ["jellyfish"],
  catMoon: ["black-cat"],
  snailHouse: ["snail", "house"],
  mushroomGrove: ["mushroom"],
  elephantBalloons: ["elephant", "balloon"],
  rocketMoon: ["rocket"],
  umbrellaStars: ["umbrella", "teddy-bear"],
  crystalBall: ["crystal-ball", "owl"],
  dolphinMoon: ["dolphin"],
  hourglassDunes: ["hourglass-not-done"],
  penguinIce: ["ice", "penguin", "polar-bear"],
  kiteHill: ["kite", "fox"],
  bookTower: ["books", "telescope"],
  giraffeMoon: ["giraffe"],
  carouselSky: ["carousel-horse"],
  bathtubSea: ["bathtub", "duck"],
  clockMoon: ["mantelpiece-clock"],
};

export const PROP_CAP = 9;

export function planDeck(seed: string, count: number): CardPlan[] {
  const r = rng(`${seed}/plan`);
  const order = r.shuffle(HERO_NAMES);
  const use = new Map<string, number>();
  const bump = (k: string) => use.set(k, (use.get(k) ?? 0) + 1);
  const n = (k: string) => use.get(k) ?? 0;
  const plans: CardPlan[] = [];
  for (let k = 0; k < count; k++) {
    const heroName = order[k % order.length] as (typeof order)[number];
    const hero: Hero = HEROES[heroName];
    const land = pickMin(r, hero.lands, (l) => n(`${heroName}/${l}`) * 10 + n(`land/${l}`));
    const pal = pickMin(
      r,
      PALETTES.map((p) => p.name),
      (p) => n(`${heroName}/${p}`) * 10 + n(`${land}/${p}`) * 2 + n(`pal/${p}`),
    );
    bump(`${heroName}/${land}`);
    bump(`land/${land}`);
    bump(`${heroName}/${pal}`);
    bump(`${land}/${pal}`);
    bump(`pal/${pal}`);
    const own = new Set(HERO_ICONS[heroName] ?? []);
    const hasWater = land === "sea" || land === "lake";
    const props: string[] = [];
    const nProps = r.int(3, 4);
    const pools: string[][] = [SKY_PROPS, hasWater ? WATER_PROPS : GROUND_PROPS, GROUND_PROPS, SKY_PROPS];
    for (let i = 0; i < nProps; i++) {
      const pool = (pools[i] ?? SKY_PROPS).filter(
        (p) => !own.has(p) && !props.includes(p) && n(`prop/${p}`) < PROP_CAP,
      );
      if (pool.length === 0) continue;
      const p = r.weighted(pool, (q) => 1 / (1 + n(`prop/${q}`)) ** 2);
      props.push(p);
      bump(`prop/${p}`);
    }
    let foreground: string | null = null;
    if (r.chance(0.45) && land !== "sea") {
      foreground = r.weighted(
        FORE_PLANTS.filter((p) => !own.has(p)),
        (q) => 1 / (1 + n(`fore/${q}`)) ** 2,
      );
      bump(`fore/${foreground}`);
    }
    plans.push({
      id: `dream-${String(k + 1).padStart(3, "0")}`,
      seed: `${seed}/dream-${k + 1}`,
      hero: heroName,
      land: land as LandKind,
      palette: pal,
      props,
      foreground,
      moon: hero.moon ?? (r.chance(0.5) ? "full" : "crescent"),
    });
  }
  return plans;
}

function pickMin<T>(r: ReturnType<typeof rng>, items: readonly T[], cost: (t: T) => number): T {
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
