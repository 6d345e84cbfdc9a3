/**
 * Pieces the relations and the furnishing draw with: placing icons on the ground, in the air or on
 * water, and shapes no icon has (cloud islands, stairs, ladders, a lighthouse, balloons on strings…).
 */
import type { Rng } from "../rng";
import { f1, f2, H, type Role, type Scene, type Spot, type Surface } from "./scene";

export const FLOAT_Z = 25;

/** Drawn height of an icon whose larger side is `size`. */
export function iconHeight(sc: Scene, icon: string, size: number): number {
  const b = sc.icons(icon).bounds;
  return (size * (b.y1 - b.y0)) / Math.max(b.x1 - b.x0, b.y1 - b.y0);
}

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
  sc: Scene,
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
  sc: Scene,
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
  sc: Scene,
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

export function lighthouse(
  sc: Scene,
  x: number,
  base: number,
  h: number,
  opts: { role?: Role; z?: number } = {},
): { lampX: number; lampY: number } {
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
    role: opts.role ?? "hero",
    body,
    x: x - bw * 1.1,
    y: lampTop - h * 0.03,
    w: bw * 2.3,
    h: base + 4 - (lampTop - h * 0.03),
    fill: 0.45,
    z: opts.z ?? (sc.land.water?.z ?? 9) + 1.5,
    depth: 0.2,
    reflect: !!sc.land.water,
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
    parts: Array.from({ length: 8 }, (_, i) => {
      const t = (i + 0.5) / 8;
      const seg = len / 8;
      return { x: x0 + (x1 - x0) * t - seg / 2, y: y0 + (y1 - y0) * t - seg / 2, w: seg, h: seg };
    }),
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
    parts: pts.slice(1).map((p, i) => {
      const q = pts[i] as { x: number; y: number; w: number };
      return { x: p.x - p.w / 2, y: p.y, w: p.w + 10, h: q.y - p.y };
    }),
    z,
    depth: 0.15,
  });
}

/** A glass dome on a wooden base, in front of what stands under it; only its base and rim hide things. */
export function dome(
  sc: Scene,
  cx: number,
  baseY: number,
  w: number,
  z: number,
): { floor: number; top: number } {
  const h = w * 1.22;
  const top = baseY - h;
  const r = w / 2;
  const floor = baseY - w * 0.085;
  const plinth = `<rect x="${f1(cx - w * 0.58)}" y="${f1(floor)}" width="${f1(w * 1.16)}" height="${f1(w * 0.13)}" rx="${f1(w * 0.03)}" fill="#4a2f3c"/><rect x="${f1(cx - w * 0.58)}" y="${f1(floor)}" width="${f1(w * 1.16)}" height="${f1(w * 0.025)}" fill="#c99a6a" opacity=".8"/>`;
  const glass = `M${f1(cx - r)} ${f1(floor)}L${f1(cx - r)} ${f1(top + r)}A${f1(r)} ${f1(r)} 0 0 1 ${f1(cx + r)} ${f1(top + r)}L${f1(cx + r)} ${f1(floor)}`;
  const hi = `M${f1(cx - r * 0.78)} ${f1(floor - h * 0.12)}L${f1(cx - r * 0.78)} ${f1(top + r)}A${f1(r * 0.78)} ${f1(r * 0.78)} 0 0 1 ${f1(cx - r * 0.1)} ${f1(top + r * 0.24)}`;
  const body =
    `<path d="${glass}Z" fill="${sc.pal.rim}" opacity=".1"/>` +
    `<path d="${glass}" fill="none" stroke="${sc.pal.rim}" stroke-width="1.6" opacity=".55"/>` +
    `<path d="${hi}" fill="none" stroke="#fff" stroke-width="${f1(w * 0.03)}" stroke-linecap="round" opacity=".45"/>` +
    `<path d="M${f1(cx + r * 0.7)} ${f1(top + r * 0.9)}l0 ${f1(h * 0.25)}" stroke="#fff" stroke-width="${f1(w * 0.02)}" stroke-linecap="round" opacity=".35"/>` +
    plinth;
  sc.shape({
    icon: "dome",
    role: "hero",
    body,
    maskBody: `<path d="${glass}" fill="none" stroke="#000" stroke-width="2.5"/>${plinth}`,
    x: cx - w * 0.58,
    y: top,
    w: w * 1.16,
    h: baseY - top + w * 0.05,
    fill: 0.12,
    z,
    depth: 0.15,
    weight: 0.8,
  });
  return { floor, top };
}

/** A mast with a sail and a pennant, rising from a deck at (x, deckY); the sail swells to `side`. */
export function sail(sc: Scene, x: number, deckY: number, h: number, z: number, side: 1 | -1): void {
  const topY = deckY - h;
  const gid = sc.id("sailg");
  sc.defs.push(
    `<linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="#e8d8c4"/></linearGradient>`,
  );
  const bx = x + side * h * 0.55;
  const boomY = deckY - h * 0.12;
  const sailPath = `M${f1(x + side * 2)} ${f1(topY + 6)}Q${f1(x + side * h * 0.62)} ${f1(topY + h * 0.45)} ${f1(bx)} ${f1(boomY)}L${f1(x + side * 2)} ${f1(boomY)}Z`;
  const body =
    `<path d="M${f1(x)} ${f1(deckY)}L${f1(x)} ${f1(topY)}" stroke="#5e3b2a" stroke-width="3"/>` +
    `<path d="${sailPath}" fill="url(#${gid})"/>` +
    `<path d="${sailPath}" fill="${sc.pal.shadow}" opacity=".18"/>` +
    `<path d="M${f1(x)} ${f1(topY)}l${f1(side * -16)} 5l${f1(side * 16)} 5Z" fill="${sc.pal.wash}"/>`;
  sc.shape({
    icon: "sail",
    role: "hero",
    body,
    x: Math.min(x, bx) - 16,
    y: topY,
    w: Math.abs(bx - x) + 18,
    h: deckY - topY,
    fill: 0.4,
    z,
    depth: 0.15,
    weight: 0.85,
  });
}

export type StreamLook = "stars" | "water" | "honey" | "sand" | "rainbow" | "fireflies";

const STREAM_ICON: Record<StreamLook, string> = {
  stars: "star-stream",
  water: "waterfall",
  honey: "honey-stream",
  sand: "sand-stream",
  rainbow: "rainbow-stream",
  fireflies: "fireflies",
};

/** A ribbon polygon along a quadratic curve, `w0` wide at the start and `w1` at the end. */
function ribbon(
  a: [number, number],
  c: [number, number],
  b: [number, number],
  w0: number,
  w1: number,
): string {
  const pts = curvePoints(a, c, b, 24);
  const left: string[] = [];
  const right: string[] = [];
  pts.forEach(([x, y], i) => {
    const [px, py] = pts[Math.max(0, i - 1)] as [number, number];
    const [nx, ny] = pts[Math.min(pts.length - 1, i + 1)] as [number, number];
    const dx = nx - px;
    const dy = ny - py;
    const len = Math.hypot(dx, dy) || 1;
    const w = (w0 + ((w1 - w0) * i) / (pts.length - 1)) / 2;
    left.push(`${f1(x - (dy / len) * w)} ${f1(y + (dx / len) * w)}`);
    right.push(`${f1(x + (dy / len) * w)} ${f1(y - (dx / len) * w)}`);
  });
  return `M${left.join("L")}L${right.reverse().join("L")}Z`;
}

/** What pours from a spout at `a` down to `b` (through control point `c`). */
export function stream(
  sc: Scene,
  look: StreamLook,
  a: [number, number],
  c: [number, number],
  b: [number, number],
  z: number,
): void {
  const r = sc.rng("stream");
  const xs = [a[0], b[0], c[0]];
  const ys = [a[1], b[1], c[1]];
  const box = {
    x: Math.min(...xs) - 14,
    y: Math.min(...ys) - 6,
    w: Math.max(...xs) - Math.min(...xs) + 28,
    h: Math.max(...ys) - Math.min(...ys) + 12,
  };
  const flow: Flow = { sc, r, a, c, b, gid: sc.id("strg") };
  const { body, mask } =
    look === "water" || look === "honey" || look === "sand"
      ? pouredStream(flow, look)
      : look === "rainbow"
        ? rainbowStream(flow)
        : look === "stars"
          ? starStream(flow)
          : fireflyStream(flow);
  sc.shape({
    icon: STREAM_ICON[look],
    role: "hero",
    body,
    maskBody: mask,
    ...box,
    parts: curvePoints(a, c, b, 10).map(([x, y]) => ({ x: x - 16, y: y - 16, w: 32, h: 32 })),
    fill: look === "fireflies" ? 0.12 : 0.22,
    z,
    depth: 0.1,
    weight: 0.85,
  });
}

/** A stream's course (spout a, control c, end b), its randomness and the id of its gradient. */
interface Flow {
  sc: Scene;
  r: Rng;
  a: [number, number];
  c: [number, number];
  b: [number, number];
  gid: string;
}

/** A stream's art and the shape it leaves in the mask. */
interface StreamArt {
  body: string;
  mask: string;
}

/** Defines the stream's gradient from c0 at the spout to c1 where it lands. */
function streamGradient({ sc, a, b, gid }: Flow, c0: string, c1: string): void {
  sc.defs.push(
    `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="${f1(a[0])}" y1="${f1(a[1])}" x2="${f1(b[0])}" y2="${f1(b[1])}"><stop offset="0" stop-color="${c0}"/><stop offset="1" stop-color="${c1}"/></linearGradient>`,
  );
}

/** Water, honey or sand: a widening ribbon with highlights, landing in a splash or a heap. */
function pouredStream(flow: Flow, look: "water" | "honey" | "sand"): StreamArt {
  const { r, a, c, b, gid } = flow;
  let body = "";
  const [c0, c1, hi] =
    look === "water"
      ? ["#dff4ff", "#8cc8ee", "#ffffff"]
      : look === "honey"
        ? ["#ffd76a", "#e99a1e", "#fff1b8"]
        : ["#f3ddb0", "#c99a5e", "#fff4dc"];
  streamGradient(flow, c0, c1);
  const rib = ribbon(a, c, b, look === "sand" ? 6 : 10, look === "sand" ? 12 : 26);
  body += `<path d="${rib}" fill="url(#${gid})" opacity=".92"/>`;
  for (let i = 0; i < 3; i++) {
    const off = (i - 1) * 3;
    const pts = curvePoints([a[0] + off, a[1]], [c[0] + off * 2, c[1]], [b[0] + off * 3, b[1]], 16);
    body += `<path d="M${pts.map(([x, y]) => `${f1(x)} ${f1(y)}`).join("L")}" fill="none" stroke="${hi}" stroke-width="1.2" stroke-dasharray="${f1(r.range(8, 16))} ${f1(r.range(6, 12))}" opacity=".7"/>`;
  }
  // where it lands: a splash or a heap
  body +=
    look === "sand"
      ? `<path d="M${f1(b[0] - 30)} ${f1(b[1] + 4)}Q${f1(b[0])} ${f1(b[1] - 16)} ${f1(b[0] + 30)} ${f1(b[1] + 4)}Z" fill="${c1}"/>`
      : `<ellipse cx="${f1(b[0])}" cy="${f1(b[1])}" rx="26" ry="6" fill="${hi}" opacity=".55"/><ellipse cx="${f1(b[0])}" cy="${f1(b[1])}" rx="40" ry="10" fill="none" stroke="${hi}" stroke-width="1.2" opacity=".45"/>`;
  return { body, mask: `<path d="${rib}"/>` };
}

/** Six coloured bands fanning out as they fall. */
function rainbowStream({ a, c, b }: Flow): StreamArt {
  let body = "";
  const colours = ["#ff6b6b", "#ffb14a", "#ffe66b", "#6bdc8a", "#5fb4ff", "#a98bff"];
  colours.forEach((col, i) => {
    const off = (i - 2.5) * 4.5;
    body += `<path d="${ribbon([a[0] + off * 0.3, a[1]], [c[0] + off, c[1] + off * 0.4], [b[0] + off * 1.6, b[1]], 4, 8)}" fill="${col}" opacity=".85"/>`;
  });
  return { body, mask: `<path d="${ribbon(a, c, b, 26, 48)}"/>` };
}

/** A faint glowing ribbon strewn with four-pointed stars. */
function starStream(flow: Flow): StreamArt {
  const { sc, r, a, c, b, gid } = flow;
  let body = "";
  streamGradient(flow, sc.pal.star, sc.pal.glow);
  const rib = ribbon(a, c, b, 8, 30);
  body += `<path d="${rib}" fill="url(#${gid})" opacity=".35"/>`;
  let d = "";
  for (const [x, y] of curvePoints(a, c, b, 26).slice(1)) {
    const px = x + r.range(-9, 9);
    const py = y + r.range(-5, 5);
    const s = r.range(2, 5.5);
    d += `M${f1(px)} ${f1(py - s)}Q${f1(px)} ${f1(py)} ${f1(px + s)} ${f1(py)}Q${f1(px)} ${f1(py)} ${f1(px)} ${f1(py + s)}Q${f1(px)} ${f1(py)} ${f1(px - s)} ${f1(py)}Q${f1(px)} ${f1(py)} ${f1(px)} ${f1(py - s)}Z`;
  }
  body += `<path d="${d}" fill="${sc.pal.star}"/>`;
  return { body, mask: `<path d="${rib}"/>` };
}

/** Fireflies: glowing dots along a wandering band. */
function fireflyStream({ sc, r, a, c, b }: Flow): StreamArt {
  let body = "";
  let dots = "";
  let maskDots = "";
  for (const [x, y] of curvePoints(a, c, b, 30)) {
    for (let k = 0; k < 2; k++) {
      const px = x + r.range(-16, 16);
      const py = y + r.range(-10, 10);
      const rad = r.range(1.2, 2.6);
      dots += `<circle cx="${f1(px)}" cy="${f1(py)}" r="${f2(rad)}"/>`;
      maskDots += `<circle cx="${f1(px)}" cy="${f1(py)}" r="${f2(rad + 2.5)}"/>`;
    }
  }
  body += `<g fill="#fff6a0" opacity=".35" filter="url(#${sc.plan.id}-soft)">${dots}</g><g fill="#fffbd0">${dots}</g>`;
  return { body, mask: maskDots };
}

/** A windmill on a far ridge, dark against the sky, with one lit window. */
export function windmill(sc: Scene, x: number, groundY: number, h: number, z: number): void {
  const r = sc.rng("windmill");
  const bw = h * 0.32;
  const tw = h * 0.18;
  const top = groundY - h * 0.72;
  const hub: [number, number] = [x, top - h * 0.02];
  const a0 = r.range(0, 90);
  let blades = "";
  for (let i = 0; i < 4; i++) {
    const a = ((a0 + i * 90) * Math.PI) / 180;
    const L = h * 0.5;
    const ex = hub[0] + Math.cos(a) * L;
    const ey = hub[1] + Math.sin(a) * L;
    const nx = -Math.sin(a) * h * 0.06;
    const ny = Math.cos(a) * h * 0.06;
    blades += `<path d="M${f1(hub[0])} ${f1(hub[1])}L${f1(ex)} ${f1(ey)}" stroke="${sc.pal.shadow}" stroke-width="${f1(h * 0.025)}"/><path d="M${f1(hub[0] + Math.cos(a) * L * 0.25)} ${f1(hub[1] + Math.sin(a) * L * 0.25)}L${f1(ex)} ${f1(ey)}L${f1(ex + nx)} ${f1(ey + ny)}L${f1(hub[0] + Math.cos(a) * L * 0.25 + nx)} ${f1(hub[1] + Math.sin(a) * L * 0.25 + ny)}Z" fill="${sc.pal.shadow}" opacity=".85"/>`;
  }
  const body =
    `<path d="M${f1(x - bw / 2)} ${f1(groundY + 2)}L${f1(x - tw / 2)} ${f1(top)}L${f1(x + tw / 2)} ${f1(top)}L${f1(x + bw / 2)} ${f1(groundY + 2)}Z" fill="${sc.pal.shadow}"/>` +
    `<path d="M${f1(x - tw * 0.7)} ${f1(top + 1)}Q${f1(x)} ${f1(top - h * 0.14)} ${f1(x + tw * 0.7)} ${f1(top + 1)}Z" fill="${sc.pal.shadow}"/>` +
    blades +
    `<rect x="${f1(x - h * 0.03)}" y="${f1(top + h * 0.22)}" width="${f1(h * 0.06)}" height="${f1(h * 0.08)}" fill="#ffd98a"/>` +
    `<path d="M${f1(x + tw / 2)} ${f1(top)}L${f1(x + bw / 2)} ${f1(groundY + 2)}" stroke="${sc.pal.rim}" stroke-width="1" opacity=".4"/>`;
  sc.shape({
    icon: "windmill",
    role: "mid",
    body,
    x: x - h * 0.5,
    y: top - h * 0.5,
    w: h,
    h: groundY + 2 - (top - h * 0.5),
    fill: 0.3,
    z,
    depth: 0.6,
  });
}

/** A round stone tower with a pointed roof and lit windows. */
export function tower(sc: Scene, x: number, groundY: number, h: number, z: number): void {
  const w = h * 0.26;
  const top = groundY - h * 0.72;
  const pal = sc.pal;
  const body =
    `<rect x="${f1(x - w / 2)}" y="${f1(top)}" width="${f1(w)}" height="${f1(groundY - top + 2)}" fill="${pal.land[2]}"/>` +
    `<rect x="${f1(x)}" y="${f1(top)}" width="${f1(w / 2)}" height="${f1(groundY - top + 2)}" fill="${pal.shadow}" opacity=".35"/>` +
    `<path d="M${f1(x - w * 0.7)} ${f1(top + 1)}L${f1(x)} ${f1(groundY - h)}L${f1(x + w * 0.7)} ${f1(top + 1)}Z" fill="${pal.land[3]}"/>` +
    `<path d="M${f1(x - w * 0.7)} ${f1(top + 1)}L${f1(x)} ${f1(groundY - h)}" stroke="${pal.rim}" stroke-width="1" opacity=".5"/>` +
    `<rect x="${f1(x - w * 0.14)}" y="${f1(top + h * 0.1)}" width="${f1(w * 0.28)}" height="${f1(h * 0.09)}" rx="2" fill="#ffd98a"/>` +
    `<rect x="${f1(x - w * 0.14)}" y="${f1(top + h * 0.36)}" width="${f1(w * 0.28)}" height="${f1(h * 0.08)}" rx="2" fill="#ffd98a" opacity=".8"/>`;
  sc.shape({
    icon: "tower",
    role: "mid",
    body,
    x: x - w * 0.7,
    y: groundY - h,
    w: w * 1.4,
    h: h + 2,
    fill: 0.5,
    z,
    depth: 0.5,
  });
}

/** A flock of small dark birds, in a loose V. */
export function birds(sc: Scene, cx: number, cy: number, n: number, span: number, z: number): void {
  const r = sc.rng(`birds${Math.round(cx)}`);
  let d = "";
  let x0 = cx;
  let x1 = cx;
  let y0 = cy;
  let y1 = cy;
  for (let i = 0; i < n; i++) {
    const k = i === 0 ? 0 : Math.ceil(i / 2) * (i % 2 ? -1 : 1);
    const x = cx + (k * span) / n + r.range(-4, 4);
    const y = cy + (Math.abs(k) * span * 0.35) / n + r.range(-4, 4);
    const s = r.range(4, 7.5);
    d += `M${f1(x - s)} ${f1(y - s * 0.2)}Q${f1(x - s * 0.45)} ${f1(y - s * 0.75)} ${f1(x)} ${f1(y)}Q${f1(x + s * 0.45)} ${f1(y - s * 0.75)} ${f1(x + s)} ${f1(y - s * 0.2)}`;
    x0 = Math.min(x0, x - s);
    x1 = Math.max(x1, x + s);
    y0 = Math.min(y0, y - s);
    y1 = Math.max(y1, y + 2);
  }
  sc.shape({
    icon: "birds",
    role: "prop",
    body: `<path d="${d}" fill="none" stroke="${sc.pal.shadow}" stroke-width="2" stroke-linecap="round"/>`,
    maskBody: `<path d="${d}" fill="none" stroke="#000" stroke-width="3" stroke-linecap="round"/>`,
    x: x0,
    y: y0,
    w: x1 - x0,
    h: y1 - y0,
    fill: 0.12,
    z,
    depth: 0.3,
    weight: 0.6,
  });
}

/** A fence of posts and two rails along a surface, dark in the foreground. */
export function fence(sc: Scene, s: Surface, x0: number, x1: number, z: number): void {
  let posts = "";
  let top = H;
  for (let x = x0; x <= x1; x += 18) {
    const y = s.y(x) + 3;
    top = Math.min(top, y - 26);
    posts += `<rect x="${f1(x - 2)}" y="${f1(y - 26)}" width="4" height="27" rx="1"/>`;
  }
  const rail = (dy: number) => {
    let d = "";
    for (let x = x0; x <= x1; x += 9) d += `${x === x0 ? "M" : "L"}${f1(x)} ${f1(s.y(x) + 3 - dy)}`;
    return `<path d="${d}" fill="none" stroke="${sc.pal.shadow}" stroke-width="3"/>`;
  };
  sc.shape({
    icon: "fence",
    role: "prop",
    body: `<g fill="${sc.pal.shadow}">${posts}</g>${rail(9)}${rail(19)}`,
    x: x0 - 2,
    y: top,
    w: x1 - x0 + 4,
    h: 30,
    fill: 0.3,
    z,
    depth: 0.05,
    weight: 0.55,
  });
}

/** A few rounded rocks, e.g. the stone a reflected subject stands on. */
export function rocks(sc: Scene, cx: number, baseY: number, w: number, z: number, role: Role = "prop"): void {
  const r = sc.rng(`rocks${Math.round(cx)}`);
  const pal = sc.pal;
  let body = "";
  const parts = [
    [-0.22, 0.55],
    [0.18, 0.45],
    [0.02, 0.75],
  ];
  for (const [dx, k] of parts) {
    const rw = (w * (k as number)) / 2;
    const x = cx + (dx as number) * w;
    const rh = rw * r.range(0.55, 0.8);
    body += `<path d="M${f1(x - rw)} ${f1(baseY)}Q${f1(x - rw)} ${f1(baseY - rh)} ${f1(x)} ${f1(baseY - rh)}Q${f1(x + rw)} ${f1(baseY - rh)} ${f1(x + rw)} ${f1(baseY)}Z" fill="${pal.land[2]}"/><path d="M${f1(x - rw * 0.7)} ${f1(baseY - rh * 0.55)}Q${f1(x - rw * 0.4)} ${f1(baseY - rh * 0.95)} ${f1(x + rw * 0.1)} ${f1(baseY - rh * 0.97)}" fill="none" stroke="${pal.rim}" stroke-width="1.2" opacity=".55"/>`;
  }
  sc.shape({
    icon: "rocks",
    role,
    body,
    x: cx - w * 0.5,
    y: baseY - w * 0.35,
    w,
    h: w * 0.35,
    fill: 0.6,
    z,
    depth: 0.2,
    weight: 0.55,
    reflect: !!sc.land.water,
  });
}

/** A drawn tree: a trunk from (x, baseY) and a round canopy `h` tall; `bloom` dots it with blossoms. */
export function tree(sc: Scene, x: number, baseY: number, h: number, z: number, bloom: string | null): void {
  const r = sc.rng(`tree${Math.round(x)}`);
  const pal = sc.pal;
  const cw = h * r.range(0.85, 1.05);
  const cy = baseY - h * 0.62;
  const trunk = `<path d="M${f1(x - h * 0.05)} ${f1(baseY)}Q${f1(x - h * 0.03)} ${f1(baseY - h * 0.3)} ${f1(x - h * 0.09)} ${f1(cy)}L${f1(x + h * 0.09)} ${f1(cy)}Q${f1(x + h * 0.03)} ${f1(baseY - h * 0.3)} ${f1(x + h * 0.05)} ${f1(baseY)}Z" fill="#6b4630"/><path d="M${f1(x)} ${f1(baseY - h * 0.35)}Q${f1(x + h * 0.12)} ${f1(baseY - h * 0.45)} ${f1(x + h * 0.2)} ${f1(cy + h * 0.05)}" stroke="#6b4630" stroke-width="${f1(h * 0.03)}" fill="none"/>`;
  const greens = ["#2f6b4a", "#3f8a55", "#5aa862", "#7cc06e"];
  let blobs = "";
  let mask = "";
  for (let layer = 0; layer < 3; layer++) {
    for (let i = 0; i < 6; i++) {
      const a = r.range(0, Math.PI * 2);
      const d = r.range(0, 0.32) * cw;
      const bx = x + Math.cos(a) * d;
      const by = cy + Math.sin(a) * d * 0.7 - layer * h * 0.04;
      const br = cw * r.range(0.16, 0.24) * (1 - layer * 0.18);
      blobs += `<circle cx="${f1(bx)}" cy="${f1(by)}" r="${f1(br)}" fill="${greens[layer + (i % 2)]}"/>`;
      if (layer === 0) mask += `<circle cx="${f1(bx)}" cy="${f1(by)}" r="${f1(br)}"/>`;
    }
  }
  let dots = "";
  if (bloom)
    for (let i = 0; i < 26; i++) {
      const a = r.range(0, Math.PI * 2);
      const d = r.range(0, 0.42) * cw;
      dots += `<circle cx="${f1(x + Math.cos(a) * d)}" cy="${f1(cy + Math.sin(a) * d * 0.7)}" r="${f1(r.range(1.6, 3))}"/>`;
    }
  const shade = sc.id("treesh");
  sc.defs.push(
    `<linearGradient id="${shade}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${pal.rim}" stop-opacity=".25"/><stop offset=".5" stop-color="${pal.rim}" stop-opacity="0"/><stop offset="1" stop-color="${pal.shadow}" stop-opacity=".45"/></linearGradient>`,
  );
  const canopy = `<g>${blobs}</g><g fill="url(#${shade})">${mask}</g>${bloom ? `<g fill="${bloom}">${dots}</g>` : ""}`;
  sc.shape({
    icon: "tree",
    role: "hero",
    body: trunk + canopy,
    maskBody: trunk + mask,
    x: x - cw * 0.6,
    y: cy - cw * 0.55,
    w: cw * 1.2,
    h: baseY - (cy - cw * 0.55),
    fill: 0.6,
    z,
    depth: 0.15,
    weight: 0.9,
  });
}

/** A solid cloud that counts as a detail of the sky (the cloud banks behind are decoration). */
export function cloudShape(sc: Scene, cx: number, cy: number, w: number, z: number): void {
  const r = sc.rng(`cshape${Math.round(cx)}-${Math.round(cy)}`);
  const n = Math.max(3, Math.round(w / 24));
  let shade = "";
  let light = "";
  const base = cy + w * 0.08;
  let top = base;
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const bump = Math.sin(t * Math.PI);
    const pr = (w / n) * r.range(0.75, 1.05) * (0.8 + bump * 0.9);
    const x = cx - w / 2 + t * w;
    const y = Math.min(cy - bump * pr * 0.5, base - pr * 0.3);
    top = Math.min(top, y - pr);
    shade += `<circle cx="${f1(x)}" cy="${f1(y + 3)}" r="${f1(pr)}"/>`;
    light += `<circle cx="${f1(x + 1)}" cy="${f1(y - 1)}" r="${f1(pr * 0.9)}"/>`;
  }
  const clip = sc.id("csc");
  sc.defs.push(
    `<clipPath id="${clip}"><rect x="${f1(cx - w)}" y="${f1(top - 4)}" width="${f1(2 * w)}" height="${f1(base - top + 4)}"/></clipPath>`,
  );
  const body = `<g clip-path="url(#${clip})"><g fill="${sc.pal.cloud[1]}">${shade}</g><g fill="${sc.pal.cloud[0]}">${light}</g></g>`;
  sc.shape({
    icon: "cloud",
    role: "prop",
    body,
    x: cx - w / 2 - w * 0.15,
    y: top,
    w: w * 1.3,
    h: base - top,
    fill: 0.62,
    z,
    depth: 0.4,
    weight: 0.6,
  });
}

/** A lone tree on a far ridge, dark against the glow of the horizon. */
export function loneTree(sc: Scene, x: number, groundY: number, h: number, z: number): void {
  const r = sc.rng(`lone${Math.round(x)}`);
  const c = sc.pal.shadow;
  const cy = groundY - h * 0.62;
  let crown = "";
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2;
    crown += `<circle cx="${f1(x + Math.cos(a) * h * 0.22 + r.range(-3, 3))}" cy="${f1(cy + Math.sin(a) * h * 0.14)}" r="${f1(h * r.range(0.16, 0.22))}"/>`;
  }
  const body = `<path d="M${f1(x - h * 0.04)} ${f1(groundY)}L${f1(x - h * 0.025)} ${f1(cy)}L${f1(x + h * 0.025)} ${f1(cy)}L${f1(x + h * 0.04)} ${f1(groundY)}Z" fill="${c}"/><g fill="${c}">${crown}</g>`;
  sc.shape({
    icon: "tree",
    role: "mid",
    body,
    x: x - h * 0.45,
    y: cy - h * 0.36,
    w: h * 0.9,
    h: groundY - (cy - h * 0.36),
    fill: 0.55,
    z,
    depth: 0.5,
  });
}
