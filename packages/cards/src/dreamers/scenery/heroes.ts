/**
 * The surreal hero scenes. Each draws one big idea (a whale over a lighthouse, a teapot pouring stars…)
 * into a Scene whose landscape is already laid out, and says which landscapes it suits.
 */
import { HEROES_ONE } from "./heroes-one";
import { HEROES_TWO } from "./heroes-two";
import type { Scene } from "./scene";
import type { LandKind } from "./types";

export interface Hero {
  lands: LandKind[];
  moon?: "full" | "crescent";
  /** Moves or resizes the moon before the sky is drawn (r = 0 hides it). */
  moonHook?: (sc: Scene) => void;
  draw: (sc: Scene) => void;
}

/** Every hero, in the catalogue's order: HERO_NAMES follows it, and the faces' plans pick by name. */
export const HEROES = { ...HEROES_ONE, ...HEROES_TWO } satisfies Record<string, Hero>;

export type HeroName = keyof typeof HEROES;
export const HERO_NAMES = Object.keys(HEROES) as HeroName[];
