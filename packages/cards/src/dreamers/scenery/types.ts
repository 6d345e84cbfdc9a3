/** The types and canvas size of the deck-1.5.0 scene composer (see compose.ts). */
import type { HeroName } from "./heroes";
export const W = 400;
export const H = 600;

/** Visible outline of an icon in its own 32-unit grid, and how much of that box it fills. */
export interface IconBounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  fill: number;
}
export type IconSource = (name: string) => { body: string; bounds: IconBounds };

export type LandKind = "hills" | "sea" | "dunes" | "mountains" | "lake";
export const LANDS: LandKind[] = ["hills", "sea", "dunes", "mountains", "lake"];

export interface CardPlan {
  id: string;
  /** Seed of this card's random streams (deck seed + card id). */
  seed: string;
  hero: HeroName;
  land: LandKind;
  palette: string;
  /** Props chosen by the deck planner (so it can cap repeats); the composer places them. */
  props: string[];
  foreground: string | null;
  moon: "full" | "crescent";
}

export type Role = "hero" | "prop" | "far" | "fore" | "moon";

/** An object as drawn, before measuring what of it is visible. */
export interface PlacedObject {
  icon: string;
  role: Role;
  /** Drawn box in card pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Share of the drawn box the object covers when nothing hides it. */
  fill: number;
  weight: number;
}

export interface Composition {
  svg: string;
  maskSvg: string;
  objects: PlacedObject[];
  /** Mask colour of object i is rgb(maskRed(i), 200, 100). */
}

export const maskRed = (i: number): number => 8 + i * 6;

export interface Element {
  z: number;
  kind: "deco" | "solid" | "obj";
  art: string;
  /** For objects: the silhouette use, painted flat in the mask. */
  maskArt?: string;
  obj?: number;
}

export interface Surface {
  z: number;
  /** Ground height at x (card pixels). */
  y: (x: number) => number;
  color: string;
  /** 0 near .. 1 far. */
  depth: number;
}

export interface Land {
  horizon: number;
  surfaces: Surface[];
  water: { top: number; z: number } | null;
}

export interface Spot {
  icon: string;
  cx: number;
  cy: number;
  size: number;
  z: number;
  role: Role;
  flip?: boolean;
  rotate?: number;
  depth?: number;
  glow?: string;
  /** Grounded on this surface: draws a contact shadow and grass at the base. */
  ground?: Surface;
  /** Sits on water at this line: draws a reflection. */
  onWater?: boolean;
  /** Floats: draws a faint shadow on the land below when there is land. */
  float?: boolean;
  blur?: number;
  weight?: number;
  /** Reflect in the water (floating things over water). */
  reflect?: boolean;
}

export interface Shape {
  icon: string;
  role: Role;
  body: string;
  x: number;
  y: number;
  w: number;
  h: number;
  fill: number;
  z: number;
  depth: number;
  reflect?: boolean;
  weight?: number;
}
