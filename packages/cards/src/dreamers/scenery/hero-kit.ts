/** The building blocks of the hero scenes: placing icons on land, water or air, and shapes drawn in code. */
import { f1, type Scene } from "./scene";
import { H, type LandKind, type Surface } from "./types";

/** Floating heroes sit in front of the two far land layers (z 10 and 20) and behind the near ones. */
export const FLOAT_Z = 25;

export const ALL: LandKind[] = ["hills", "sea", "dunes", "mountains", "lake"];
export const LANDY: LandKind[] = ["hills", "dunes", "mountains", "lake"];

/** The nearest surface at least `minDepth` deep that has ground at x inside the card. */
export function surfaceFor(sc: Scene, x: number, maxDepth: number, minDepth = 0): Surface | null {
  const options = sc.land.surfaces
    .filter((s) => s.depth <= maxDepth && s.depth >= minDepth && s.y(x) < H - 30)
    .sort((a, b) => b.depth - a.depth);
  return options[0] ?? null;
}

export function grounded(
  sc: Scene,
  icon: string,
  x: number,
  size: number,
  maxDepth: number,
  extra: Partial<Parameters<Scene["icon"]>[0]> = {},
): { cx: number; cy: number; top: number } | null {
  const s = surfaceFor(sc, x, maxDepth) ?? sc.land.surfaces[sc.land.surfaces.length - 1];
  if (!s) return null;
  const gy = Math.min(s.y(x), H - 16);
  const cy = gy + size * 0.06 - size / 2;
  sc.icon({ icon, cx: x, cy, size, z: s.z + 1, role: "hero", depth: s.depth * 0.3, ground: s, ...extra });
  return { cx: x, cy, top: cy - size / 2 };
}

export function floating(
  sc: Scene,
  icon: string,
  cx: number,
  cy: number,
  size: number,
  extra: Partial<Parameters<Scene["icon"]>[0]> = {},
): void {
  sc.icon({
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

/** A floating balloon; returns the point its string ties to. */
export function balloon(
  sc: Scene,
  cx: number,
  cy: number,
  size: number,
  z: number,
  rotate: number,
): [number, number] {
  sc.icon({ icon: "balloon", cx, cy, size, z, role: "hero", depth: 0.1, rotate });
  return [cx - size * 0.08, cy + size * 0.42];
}

export function strings(sc: Scene, from: [number, number], to: [number, number][], z: number): void {
  const d = to
    .map(
      ([x, y]) =>
        `M${f1(from[0])} ${f1(from[1])}Q${f1((from[0] + x) / 2 + 6)} ${f1((from[1] + y) / 2)} ${f1(x)} ${f1(y)}`,
    )
    .join("");
  sc.add(z, "deco", `<path d="${d}" fill="none" stroke="${sc.pal.rim}" stroke-width=".8" opacity=".7"/>`);
}

export function sparkleTrail(sc: Scene, pts: [number, number][], z: number, maxR = 4): void {
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

/** Puffy cloud body as SVG text (for cloud islands that carry things). */
export function cloudBody(sc: Scene, cx: number, cy: number, w: number): string {
  const r = sc.rng(`isle${Math.round(cx)}`);
  const n = Math.max(4, Math.round(w / 26));
  let shade = "";
  let light = "";
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const bump = Math.sin(t * Math.PI);
    const pr = (w / n) * r.range(0.75, 1.0) * (0.8 + bump * 0.9);
    const x = cx - w / 2 + t * w;
    const y = cy - bump * pr * 0.35;
    shade += `<circle cx="${f1(x)}" cy="${f1(Math.min(y + 4, cy + pr * 0.1))}" r="${f1(pr)}"/>`;
    light += `<circle cx="${f1(x + 1)}" cy="${f1(Math.min(y, cy - pr * 0.2))}" r="${f1(pr * 0.9)}"/>`;
  }
  const clip = sc.id("ic");
  return `<clipPath id="${clip}"><rect x="${f1(cx - w)}" y="${f1(cy - w)}" width="${f1(2 * w)}" height="${f1(w + w * 0.16)}"/></clipPath><g clip-path="url(#${clip})"><g fill="${sc.pal.cloud[1]}">${shade}</g><g fill="${sc.pal.cloud[0]}">${light}</g></g>`;
}

export function cloudIsle(sc: Scene, cx: number, cy: number, w: number, z = 4.8): { top: number } {
  sc.shape({
    icon: "cloud-isle",
    role: "hero",
    body: cloudBody(sc, cx, cy, w),
    x: cx - w / 2 - w * 0.08,
    y: cy - w * 0.28,
    w: w * 1.16,
    h: w * 0.44,
    fill: 0.6,
    z,
    depth: 0.2,
    weight: 0.7,
  });
  return { top: cy - w * 0.12 };
}

export function lighthouse(sc: Scene, x: number, base: number, h: number): { lampX: number; lampY: number } {
  const pal = sc.pal;
  const bw = h * 0.2;
  const tw = h * 0.12;
  const towerTop = base - h * 0.78;
  const clip = sc.id("lh");
  const tower = `M${f1(x - bw / 2)} ${f1(base)}L${f1(x - tw / 2)} ${f1(towerTop)}L${f1(x + tw / 2)} ${f1(towerTop)}L${f1(x + bw / 2)} ${f1(base)}Z`;
  const bands = 5;
  let stripes = "";
  for (let i = 0; i < bands; i++) {
    const y0 = towerTop + ((base - towerTop) * i) / bands;
    if (i % 2 === 0)
      stripes += `<rect x="${f1(x - bw)}" y="${f1(y0)}" width="${f1(bw * 2)}" height="${f1((base - towerTop) / bands)}" fill="#c8414b"/>`;
  }
  const gy = towerTop - h * 0.03;
  const lampTop = towerTop - h * 0.14;
  const body =
    `<clipPath id="${clip}"><path d="${tower}"/></clipPath>` +
    `<path d="M${f1(x - bw * 1.1)} ${f1(base + 4)}Q${f1(x - bw * 0.6)} ${f1(base - h * 0.06)} ${f1(x)} ${f1(base - h * 0.05)}Q${f1(x + bw * 0.7)} ${f1(base - h * 0.05)} ${f1(x + bw * 1.2)} ${f1(base + 4)}Z" fill="${pal.land[3]}"/>` +
    `<path d="${tower}" fill="#f4eee6"/><g clip-path="url(#${clip})">${stripes}<rect x="${f1(x)}" y="${f1(towerTop)}" width="${f1(bw)}" height="${f1(h)}" fill="${pal.shadow}" opacity=".32"/></g>` +
    `<rect x="${f1(x - tw * 0.85)}" y="${f1(gy)}" width="${f1(tw * 1.7)}" height="${f1(h * 0.035)}" fill="#3b2d3f"/>` +
    `<rect x="${f1(x - tw * 0.42)}" y="${f1(lampTop + h * 0.03)}" width="${f1(tw * 0.84)}" height="${f1(gy - lampTop - h * 0.03)}" fill="#ffe9a6"/>` +
    `<path d="M${f1(x - tw * 0.6)} ${f1(lampTop + h * 0.035)}L${f1(x)} ${f1(lampTop - h * 0.03)}L${f1(x + tw * 0.6)} ${f1(lampTop + h * 0.035)}Z" fill="#a8343e"/>` +
    `<rect x="${f1(x - tw / 2)}" y="${f1(base - h * 0.16)}" width="${f1(tw * 0.34)}" height="${f1(h * 0.07)}" rx="2" fill="#3b2d3f" opacity=".7"/>`;
  sc.shape({
    icon: "lighthouse",
    role: "hero",
    body,
    x: x - bw * 1.1,
    y: lampTop - h * 0.03,
    w: bw * 2.3,
    h: base + 4 - (lampTop - h * 0.03),
    fill: 0.45,
    z: (sc.land.water?.z ?? 9) + 1.5,
    depth: 0.2,
    reflect: true,
  });
  return { lampX: x, lampY: (lampTop + gy) / 2 + h * 0.015 };
}

export function ladder(sc: Scene, from: [number, number], to: [number, number], z: number): void {
  const [x0, y0] = from;
  const [x1, y1] = to;
  const len = Math.hypot(x1 - x0, y1 - y0);
  const nx = -(y1 - y0) / len;
  const ny = (x1 - x0) / len;
  const wb = 13;
  const wt = 8;
  const railA = `M${f1(x0 - nx * wb)} ${f1(y0 - ny * wb)}L${f1(x1 - nx * wt)} ${f1(y1 - ny * wt)}`;
  const railB = `M${f1(x0 + nx * wb)} ${f1(y0 + ny * wb)}L${f1(x1 + nx * wt)} ${f1(y1 + ny * wt)}`;
  let rungs = "";
  const n = Math.round(len / 17);
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const w = wb + (wt - wb) * t;
    const cx = x0 + (x1 - x0) * t;
    const cy = y0 + (y1 - y0) * t;
    rungs += `M${f1(cx - nx * w)} ${f1(cy - ny * w)}L${f1(cx + nx * w)} ${f1(cy + ny * w)}`;
  }
  const body = `<path d="${rungs}" stroke="#8a5a3a" stroke-width="3" stroke-linecap="round"/><path d="${railA}${railB}" stroke="#5e3b2a" stroke-width="4.5" stroke-linecap="round"/><path d="${railA}" stroke="${sc.pal.rim}" stroke-width="1" opacity=".45" transform="translate(-1 -1)"/>`;
  sc.shape({
    icon: "ladder",
    role: "hero",
    body,
    x: Math.min(x0, x1) - wb,
    y: Math.min(y0, y1) - wt,
    w: Math.abs(x1 - x0) + 2 * wb,
    h: Math.abs(y1 - y0) + wb + wt,
    fill: 0.12,
    z,
    depth: 0.2,
    weight: 0.9,
  });
}

export function stairs(sc: Scene, from: [number, number], to: [number, number], z: number): void {
  const pal = sc.pal;
  const n = 16;
  let body = "";
  const pts: { x: number; y: number; w: number }[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const bend = Math.sin(t * Math.PI) * 30;
    pts.push({
      x: from[0] + (to[0] - from[0]) * t + bend,
      y: from[1] + (to[1] - from[1]) * t,
      w: 70 - 40 * t,
    });
  }
  // from the far (top) step down to the near one, so near steps cover far ones
  for (let i = n; i >= 1; i--) {
    const a = pts[i] as { x: number; y: number; w: number };
    const b = pts[i - 1] as { x: number; y: number; w: number };
    const rise = b.y - a.y;
    const depth = rise * 0.35;
    body += `<path d="M${f1(a.x - a.w / 2)} ${f1(a.y)}L${f1(a.x + a.w / 2)} ${f1(a.y)}L${f1(a.x + a.w / 2 + depth * 0.5)} ${f1(a.y + depth)}L${f1(a.x - a.w / 2 + depth * 0.5)} ${f1(a.y + depth)}Z" fill="#f2e8e4"/>`;
    body += `<rect x="${f1(a.x - a.w / 2 + depth * 0.5)}" y="${f1(a.y + depth)}" width="${f1(a.w)}" height="${f1(rise - depth + 1)}" fill="#cbbcc6"/>`;
    body += `<rect x="${f1(a.x + a.w / 2 + depth * 0.5 - 5)}" y="${f1(a.y + depth)}" width="5" height="${f1(rise - depth + 1)}" fill="${pal.shadow}" opacity=".35"/>`;
  }
  const xs = pts.map((p) => p.x);
  const minX = Math.min(...xs) - 40;
  const maxX = Math.max(...xs) + 45;
  sc.shape({
    icon: "stairs",
    role: "hero",
    body,
    x: minX,
    y: to[1],
    w: maxX - minX,
    h: from[1] - to[1],
    fill: 0.5,
    z,
    depth: 0.15,
  });
}
