/**
 * Pieces the relations and the furnishing draw with: placing icons on the ground, in the air or on
 * water (placing.ts), what pours (streams.ts), landmarks (landmarks.ts), and shapes no icon has (cloud
 * islands, stairs, ladders, a lighthouse, a dome, a sail).
 */
import { type AnyScene, f1, type Role, type Spot } from "./scene";

export * from "./landmarks";
export * from "./placing";
export * from "./streams";

/** Puffy cloud body as SVG text (for cloud islands that carry things). */
export function cloudBody(sc: AnyScene, cx: number, cy: number, w: number): string {
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

export function cloudIsle(sc: AnyScene, cx: number, cy: number, w: number, z = 4.8): { top: number } {
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

/** A hero standing on a cloud isle drawn under it, its centre `lift` above the isle's top. */
export function onCloudIsle(
  sc: AnyScene,
  isle: { cx: number; cy: number; w: number },
  hero: Partial<Spot> & { icon: string; size: number; lift: number },
): void {
  const { top } = cloudIsle(sc, isle.cx, isle.cy, isle.w);
  const { lift, ...spot } = hero;
  sc.icon({ cx: isle.cx, cy: top - lift, z: 4.85, role: "hero", depth: 0.1, ...spot });
}

export function lighthouse(
  sc: AnyScene,
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

export function ladder(sc: AnyScene, from: [number, number], to: [number, number], z: number): void {
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

export function stairs(sc: AnyScene, from: [number, number], to: [number, number], z: number): void {
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
  sc: AnyScene,
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
export function sail(sc: AnyScene, x: number, deckY: number, h: number, z: number, side: 1 | -1): void {
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
