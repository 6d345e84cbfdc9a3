/**
 * What the hero scenes of the deck-1.5.0 composer place their own way: an icon stood on the ground or on
 * the water by its larger side (the dream deck now goes by its drawn height). The other pieces they draw
 * with are the dream deck's (../../gen/parts).
 */
import { surfaceFor } from "../../gen/parts";
import type { Spot } from "../../gen/scene";
import type { Scene } from "./scene";
import { H, type LandKind } from "./types";

export const ALL: LandKind[] = ["hills", "sea", "dunes", "mountains", "lake"];
export const LANDY: LandKind[] = ["hills", "dunes", "mountains", "lake"];

export function grounded(
  sc: Scene,
  icon: string,
  x: number,
  size: number,
  maxDepth: number,
  extra: Partial<Spot> = {},
): { cx: number; cy: number; top: number } | null {
  const s = surfaceFor(sc, x, maxDepth) ?? sc.land.surfaces[sc.land.surfaces.length - 1];
  if (!s) return null;
  const gy = Math.min(s.y(x), H - 16);
  const cy = gy + size * 0.06 - size / 2;
  sc.icon({ icon, cx: x, cy, size, z: s.z + 1, role: "hero", depth: s.depth * 0.3, ground: s, ...extra });
  return { cx: x, cy, top: cy - size / 2 };
}

export function onWater(sc: Scene, icon: string, cx: number, baseY: number, size: number, extra = {}): void {
  const w = sc.land.water;
  const t = w ? (baseY - w.top) / (H - w.top) : 0.5;
  sc.icon({
    icon,
    cx,
    cy: baseY - size / 2,
    size,
    z: (w?.z ?? 9) + 1 + t,
    role: "hero",
    depth: 0.35 * (1 - t),
    onWater: true,
    ...extra,
  });
}
