/** What every Dreamers face shares: its canvas, its wrapper and the measured icon outlines it draws with. */

import type { Bounds } from "./icon";
import type { IconBounds } from "./scenery/types";

/** Faces are composed on the dream deck's 400×600 canvas. */
export const W = 400;
export const H = 600;

export interface FaceComposition {
  svg: string;
  /** Every Fluent Emoji Flat icon drawn (for the notices), without the set's prefix. */
  icons: string[];
  /** Seed of the dream-deck scene behind the face, or null for a face without one. */
  sceneSeed: string | null;
}

export interface FaceBounds {
  /** The dream deck's measured icon outlines (generated/icon-bounds.json). */
  deck: Record<string, IconBounds>;
  /** Outlines of the icons only the Dreamers faces draw (generated/dreamers/icon-bounds.json). */
  own: Record<string, Bounds>;
  /**
   * Scene seeds a build already chose, by face id (from the manifest): composing with them skips the
   * search for a seed, so tests can compose every face again quickly.
   */
  sceneSeeds?: Record<string, string>;
}

export function wrap(inner: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${inner}</svg>`;
}
