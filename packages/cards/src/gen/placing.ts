/** Placing icons on the ground, in the air or on water, and the small pieces that go with them. */
import { type AnyScene, f1, H, type Spot, type Surface } from "./scene";

export const FLOAT_Z = 25;

/** Drawn height of an icon whose larger side is `size`. */
export function iconHeight(sc: AnyScene, icon: string, size: number): number {
  const b = sc.icons(icon).bounds;
  return (size * (b.y1 - b.y0)) / Math.max(b.x1 - b.x0, b.y1 - b.y0);
}

/** The nearest surface at least `minDepth` deep that has ground at x inside the card. */
export function surfaceFor(sc: AnyScene, x: number, maxDepth: number, minDepth = 0): Surface | null {
  const options = sc.land.surfaces
    .filter((s) => s.depth <= maxDepth && s.depth >= minDepth && s.y(x) < H - 30)
    .sort((a, b) => b.depth - a.depth);
  return options[0] ?? null;
}

export function grounded(
  sc: AnyScene,
  icon: string,
  x: number,
  size: number,
  maxDepth: number,
  extra: Partial<Spot> = {},
): { cx: number; cy: number; top: number; base: number; surface: Surface; bid: string; w: number } | null {
  const s = surfaceFor(sc, x, maxDepth) ?? sc.land.surfaces[sc.land.surfaces.length - 1];
  if (!s) return null;
  const gy = Math.min(s.y(x), H - 16);
  const h = iconHeight(sc, icon, size);
  const cy = gy + h * 0.06 - h / 2;
  const o = sc.icon({
    icon,
    cx: x,
    cy,
    size,
    z: s.z + 1,
    role: "hero",
    depth: s.depth * 0.3,
    ground: s,
    ...extra,
  });
  return { cx: x, cy, top: o.y, base: o.y + o.h, surface: s, bid: o.bid, w: o.w };
}

export function floating(
  sc: AnyScene,
  icon: string,
  cx: number,
  cy: number,
  size: number,
  extra: Partial<Spot> = {},
): { x: number; y: number; w: number; h: number; bid: string } {
  return sc.icon({
    icon,
    cx,
    cy,
    size,
    z: FLOAT_Z,
    role: "hero",
    depth: 0.12,
    float: true,
    reflect: !!sc.land.water,
    ...extra,
  });
}

export function onWater(
  sc: AnyScene,
  icon: string,
  cx: number,
  baseY: number,
  size: number,
  extra: Partial<Spot> = {},
): { x: number; y: number; w: number; h: number; bid: string } {
  const w = sc.land.water;
  const t = w ? (baseY - w.top) / (H - w.top) : 0.5;
  return sc.icon({
    icon,
    cx,
    cy: baseY - iconHeight(sc, icon, size) / 2,
    size,
    z: (w?.z ?? 9) + 1 + t,
    role: "hero",
    depth: 0.35 * (1 - t),
    onWater: true,
    ...extra,
  });
}

/** A floating balloon; returns the point its string ties to. */
export function balloon(
  sc: AnyScene,
  cx: number,
  cy: number,
  size: number,
  z: number,
  rotate: number,
  hue = 0,
): [number, number] {
  sc.icon({ icon: "balloon", cx, cy, size, z, role: "hero", depth: 0.1, rotate, ...(hue ? { hue } : {}) });
  return [cx - size * 0.08, cy + size * 0.42];
}

export function strings(sc: AnyScene, from: [number, number], to: [number, number][], z: number): void {
  const d = to
    .map(
      ([x, y]) =>
        `M${f1(from[0])} ${f1(from[1])}Q${f1((from[0] + x) / 2 + 6)} ${f1((from[1] + y) / 2)} ${f1(x)} ${f1(y)}`,
    )
    .join("");
  sc.add(z, "deco", `<path d="${d}" fill="none" stroke="${sc.pal.rim}" stroke-width=".8" opacity=".7"/>`);
}

export function sparkleTrail(sc: AnyScene, pts: [number, number][], z: number, maxR = 4): void {
  let d = "";
  pts.forEach(([x, y], i) => {
    const s = maxR * (0.45 + 0.55 * Math.abs(Math.sin(i * 1.7)));
    d += `M${f1(x)} ${f1(y - s)}Q${f1(x)} ${f1(y)} ${f1(x + s)} ${f1(y)}Q${f1(x)} ${f1(y)} ${f1(x)} ${f1(y + s)}Q${f1(x)} ${f1(y)} ${f1(x - s)} ${f1(y)}Q${f1(x)} ${f1(y)} ${f1(x)} ${f1(y - s)}Z`;
  });
  sc.add(z, "deco", `<path d="${d}" fill="${sc.pal.star}" opacity=".9"/>`);
}

export function curvePoints(
  a: [number, number],
  c: [number, number],
  b: [number, number],
  n: number,
): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const u = 1 - t;
    out.push([
      u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
      u * u * a[1] + 2 * u * t * c[1] + t * t * b[1],
    ]);
  }
  return out;
}
