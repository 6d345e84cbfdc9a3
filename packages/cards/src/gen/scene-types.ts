/** The types of a card's scene and the canvas size (see scene.ts). */
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

/** `hero`: the subject and what its relation draws; `mid`: landmarks in the middle distance. */
export type Role = "hero" | "prop" | "mid" | "far" | "fore" | "moon";

/** An object as drawn, before measuring what of it is visible. */
export interface PlacedObject {
  /** Catalog id: `fluent-emoji-flat:<name>` or `shape:<name>`. */
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
  /** Other things may stand in front of it (a shadow cast on the hills). */
  soft?: boolean;
  /** For long thin shapes (stairs, a ladder, a stream): the boxes it really covers. */
  parts?: Box[];
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Mask colour of object i is rgb(maskRed(i), 200, 100). */
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
  /** Hue rotation in degrees (balloons of many colours). */
  hue?: number;
  /** Painted flat in this colour (a silhouette against the sky), with a faint rim. */
  silhouette?: string;
}

export interface Shape {
  /** A name under `shape:`, or a full catalog id (`fluent-emoji-flat:tiger` for a reflection). */
  icon: string;
  role: Role;
  body: string;
  /** What of the shape hides what is behind it, if not all of it (a glass dome: its base and rim). */
  maskBody?: string;
  x: number;
  y: number;
  w: number;
  h: number;
  fill: number;
  z: number;
  depth: number;
  reflect?: boolean;
  weight?: number;
  soft?: boolean;
  parts?: Box[];
}

/**
 * What the scene and the drawing shared with the Dreamers' frozen composer read of a plan; each composer's
 * plan adds what it chooses besides.
 */
export interface ScenePlan {
  id: string;
  /** Seed of this card's random streams (deck seed + card id). */
  seed: string;
  land: LandKind;
  palette: string;
  foreground: string | null;
  moon: "full" | "crescent";
  /** Mirror the hero's layout (left for right). */
  mirror?: boolean;
}

/** Everything a card is made from, chosen by the deck planner. */
export interface CardPlan extends ScenePlan {
  /** The hero subject (icon name); no other card of the deck has it. */
  subject: string;
  relation: string;
  /** Props in the order the composer should use them, per habitat. */
  skyProps: string[];
  groundProps: string[];
  waterProps: string[];
  landmark: string | null;
  mirror: boolean;
}

export const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();
export const f2 = (n: number): string => (Math.round(n * 100) / 100).toString();
