import { CARD_ASPECT, MIN_STAR_DISTANCE, type PlacedStar } from "./types";

/** Distance between two firmament points in card widths (the card is 1.5 times as tall as wide). */
export function starDistance(ax: number, ay: number, bx: number, by: number): number {
  const dx = ax - bx;
  const dy = (ay - by) * CARD_ASPECT;
  return Math.sqrt(dx * dx + dy * dy);
}

export function insideFirmament(x: number, y: number): boolean {
  return x >= 0 && x <= 1 && y >= 0 && y <= 1;
}

/** The first placed star closer than the minimum distance to (x, y), if any. */
export function crowdingStar(stars: readonly PlacedStar[], x: number, y: number): PlacedStar | undefined {
  const min2 = MIN_STAR_DISTANCE * MIN_STAR_DISTANCE;
  for (const star of stars) {
    const dx = x - star.x;
    const dy = (y - star.y) * CARD_ASPECT;
    if (dx * dx + dy * dy < min2) return star;
  }
  return undefined;
}
