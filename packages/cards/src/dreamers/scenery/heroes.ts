/**
 * The surreal hero scenes. Each draws one big idea (a whale over a lighthouse, a teapot pouring stars…)
 * into a Scene whose landscape is already laid out, and says which landscapes it suits.
 */
import { cloud, H, type LandKind, type Scene, type Surface, W } from "./compose";

export interface Hero {
  lands: LandKind[];
  moon?: "full" | "crescent";
  /** Moves or resizes the moon before the sky is drawn (r = 0 hides it). */
  moonHook?: (sc: Scene) => void;
  draw: (sc: Scene) => void;
}

const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();

/** Floating heroes sit in front of the two far land layers (z 10 and 20) and behind the near ones. */
const FLOAT_Z = 25;

const ALL: LandKind[] = ["hills", "sea", "dunes", "mountains", "lake"];
const LANDY: LandKind[] = ["hills", "dunes", "mountains", "lake"];

/** The nearest surface at least `minDepth` deep that has ground at x inside the card. */
function surfaceFor(sc: Scene, x: number, maxDepth: number, minDepth = 0): Surface | null {
  const options = sc.land.surfaces
    .filter((s) => s.depth <= maxDepth && s.depth >= minDepth && s.y(x) < H - 30)
    .sort((a, b) => b.depth - a.depth);
  return options[0] ?? null;
}

function grounded(
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

function floating(
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

function onWater(sc: Scene, icon: string, cx: number, baseY: number, size: number, extra = {}): void {
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
function balloon(
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

function strings(sc: Scene, from: [number, number], to: [number, number][], z: number): void {
  const d = to
    .map(
      ([x, y]) =>
        `M${f1(from[0])} ${f1(from[1])}Q${f1((from[0] + x) / 2 + 6)} ${f1((from[1] + y) / 2)} ${f1(x)} ${f1(y)}`,
    )
    .join("");
  sc.add(z, "deco", `<path d="${d}" fill="none" stroke="${sc.pal.rim}" stroke-width=".8" opacity=".7"/>`);
}

function sparkleTrail(sc: Scene, pts: [number, number][], z: number, maxR = 4): void {
  let d = "";
  pts.forEach(([x, y], i) => {
    const s = maxR * (0.45 + 0.55 * Math.abs(Math.sin(i * 1.7)));
    d += `M${f1(x)} ${f1(y - s)}Q${f1(x)} ${f1(y)} ${f1(x + s)} ${f1(y)}Q${f1(x)} ${f1(y)} ${f1(x)} ${f1(y + s)}Q${f1(x)} ${f1(y)} ${f1(x - s)} ${f1(y)}Q${f1(x)} ${f1(y)} ${f1(x)} ${f1(y - s)}Z`;
  });
  sc.add(z, "deco", `<path d="${d}" fill="${sc.pal.star}" opacity=".9"/>`);
}

function curvePoints(
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
function cloudBody(sc: Scene, cx: number, cy: number, w: number): string {
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

function cloudIsle(sc: Scene, cx: number, cy: number, w: number, z = 4.8): { top: number } {
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

function lighthouse(sc: Scene, x: number, base: number, h: number): { lampX: number; lampY: number } {
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

function ladder(sc: Scene, from: [number, number], to: [number, number], z: number): void {
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

function stairs(sc: Scene, from: [number, number], to: [number, number], z: number): void {
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

export const HEROES = {
  whaleLighthouse: {
    lands: ["sea", "lake"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const left = sc.moon.x < W / 2;
      const w = sc.land.water;
      if (!w) return;
      const lx = W * (left ? r.range(0.16, 0.26) : r.range(0.74, 0.84));
      const base = w.top + H * r.range(0.1, 0.16);
      const lh = H * r.range(0.33, 0.4);
      const lamp = lighthouse(sc, lx, base, lh);
      const wx = W * (left ? r.range(0.58, 0.68) : r.range(0.32, 0.42));
      const wy = H * r.range(0.24, 0.32);
      const a = Math.atan2(wy - lamp.lampY, wx - lamp.lampX);
      const spread = 0.16;
      const L = W * 1.3;
      sc.add(
        4.9,
        "deco",
        `<path d="M${f1(lamp.lampX)} ${f1(lamp.lampY)}L${f1(lamp.lampX + Math.cos(a - spread) * L)} ${f1(lamp.lampY + Math.sin(a - spread) * L)}L${f1(lamp.lampX + Math.cos(a + spread) * L)} ${f1(lamp.lampY + Math.sin(a + spread) * L)}Z" fill="#fff3c4" opacity=".2"/>`,
      );
      floating(sc, r.chance(0.5) ? "spouting-whale" : "whale", wx, wy, W * r.range(0.4, 0.48), {
        flip: !left,
      });
    },
  },
  teapotMoon: {
    lands: LANDY,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const tx = W * r.range(0.42, 0.68);
      const ty = H * r.range(0.16, 0.24);
      const size = W * r.range(0.3, 0.36);
      floating(sc, "teapot", tx, ty, size, { rotate: -18, reflect: false });
      const spout: [number, number] = [tx - size * 0.5, ty - size * 0.02];
      const cupX = W * r.range(0.22, 0.36);
      const cup = grounded(sc, "hot-beverage", cupX, W * 0.18, 0.4, { glow: sc.pal.glow });
      if (cup) {
        const pts = curvePoints(spout, [spout[0] - 30, (spout[1] + cup.top) / 2], [cup.cx, cup.top + 6], 22);
        sparkleTrail(sc, pts.slice(1, -1), 6);
      }
    },
  },
  stairsClouds: {
    lands: ALL,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const left = r.chance(0.5);
      const cx = W * (left ? r.range(0.32, 0.42) : r.range(0.58, 0.68));
      const cy = H * r.range(0.2, 0.26);
      const isle = cloudIsle(sc, cx, cy, W * 0.42);
      sc.icon({
        icon: "door",
        cx,
        cy: isle.top - W * 0.07,
        size: W * 0.15,
        z: 4.85,
        role: "hero",
        depth: 0.1,
        glow: sc.pal.glow,
      });
      stairs(sc, [W * (left ? 0.62 : 0.38), H * 0.99], [cx, cy + 8], 60);
    },
  },
  balloonHouse: {
    lands: LANDY,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const hx = W * r.range(0.38, 0.62);
      const hy = H * r.range(0.42, 0.48);
      const size = W * r.range(0.22, 0.26);
      floating(sc, "house", hx, hy, size);
      const n = r.int(5, 7);
      const tops: [number, number][] = [];
      for (let i = 0; i < n; i++) {
        const bx = hx + r.range(-0.17, 0.17) * W;
        const by = hy - size * 0.5 - r.range(0.1, 0.24) * H;
        const bs = W * r.range(0.08, 0.12);
        tops.push(balloon(sc, bx, by, bs, FLOAT_Z + 0.1 + i * 0.01, r.range(-12, 12)));
      }
      strings(sc, [hx, hy - size * 0.45], tops, FLOAT_Z + 0.05);
    },
  },
  ladderMoon: {
    lands: ALL,
    moon: "crescent",
    moonHook(sc: Scene) {
      const r = sc.rng("hero-moon");
      sc.moon = { x: W * r.range(0.6, 0.74), y: H * r.range(0.12, 0.16), r: W * r.range(0.12, 0.15) };
    },
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const gx = W * r.range(0.3, 0.42);
      const s = surfaceFor(sc, gx, 0.4) ?? sc.land.surfaces[sc.land.surfaces.length - 1];
      const gy = s ? s.y(gx) + 4 : H * 0.85;
      const top: [number, number] = [sc.moon.x - sc.moon.r * 0.55, sc.moon.y + sc.moon.r * 0.55];
      ladder(sc, [gx, gy], top, s ? s.z + 1 : 50);
      const t = r.range(0.45, 0.65);
      sc.icon({
        icon: "black-cat",
        cx: gx + (top[0] - gx) * t + 6,
        cy: gy + (top[1] - gy) * t - 14,
        size: W * 0.11,
        z: (s ? s.z : 50) + 1.2,
        role: "hero",
        depth: 0.1,
        flip: false,
      });
    },
  },
  lanternLake: {
    lands: ["sea", "lake"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const n = r.int(6, 9);
      for (let i = 0; i < n; i++) {
        const t = r.next();
        const size = W * (0.06 + t * 0.08);
        const x = W * r.range(0.1, 0.9);
        const y = H * (0.14 + t * 0.32);
        if (sc.overlaps(x - size / 2, y - size / 2, size, size, 2)) continue;
        floating(sc, "red-paper-lantern", x, y, size, { glow: sc.pal.glow, depth: 0.3 - t * 0.2 });
      }
    },
  },
  giantRabbit: {
    lands: ["hills", "dunes"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const s1 = sc.land.surfaces[1];
      if (!s1) return;
      const cx = W * r.range(0.4, 0.6);
      const size = W * r.range(0.55, 0.62);
      sc.icon({
        icon: "rabbit",
        cx,
        cy: s1.y(cx) - size * 0.28,
        size,
        z: s1.z - 1,
        role: "hero",
        depth: 0.18,
        flip: r.chance(0.5),
      });
    },
  },
  turtleIsland: {
    lands: ["sea"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const w = sc.land.water;
      if (!w) return;
      const cx = W * r.range(0.4, 0.6);
      const base = w.top + H * r.range(0.06, 0.1);
      const size = W * r.range(0.5, 0.58);
      const flip = r.chance(0.5);
      onWater(sc, "turtle", cx, base, size, { flip });
      const shellX = cx + (flip ? -1 : 1) * size * 0.08;
      const shellTop = base - size * 0.5;
      sc.icon({
        icon: "palm-tree",
        cx: shellX + size * 0.1,
        cy: shellTop - W * 0.08,
        size: W * 0.2,
        z: w.z + 2.5,
        role: "hero",
        depth: 0.2,
      });
      sc.icon({
        icon: "hut",
        cx: shellX - size * 0.1,
        cy: shellTop - W * 0.03,
        size: W * 0.1,
        z: w.z + 2.6,
        role: "hero",
        depth: 0.2,
      });
    },
  },
  fishSky: {
    lands: ALL,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const n = r.int(6, 8);
      const flip = r.chance(0.5);
      const phase = r.range(0, Math.PI * 2);
      for (let i = 0; i < n; i++) {
        const t = i / (n - 1);
        const x = W * (0.1 + t * 0.8);
        const y = H * (0.3 + 0.1 * Math.sin(phase + t * 5)) + r.range(-30, 30);
        const size = W * r.range(0.08, 0.16);
        if (sc.overlaps(x - size / 2, y - size / 2, size, size, 0)) continue;
        floating(sc, r.chance(0.6) ? "tropical-fish" : "fish", x, y, size, { flip, depth: 0.25 - size / W });
      }
      floating(sc, "jellyfish", W * r.range(0.25, 0.75), H * 0.14, W * 0.14, { glow: sc.pal.glow });
    },
  },
  doorField: {
    lands: ["hills", "dunes", "mountains"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const x = W * r.range(0.35, 0.65);
      const s = surfaceFor(sc, x, 0.4, 0.2) ?? sc.land.surfaces[2];
      if (!s) return;
      const size = W * r.range(0.28, 0.32);
      const gy = s.y(x);
      sc.add(
        s.z + 0.9,
        "deco",
        `<path d="M${f1(x - size * 0.18)} ${f1(gy)}L${f1(x + size * 0.18)} ${f1(gy)}L${f1(x + size * 1.2)} ${H}L${f1(x - size * 0.9)} ${H}Z" fill="${sc.pal.glow}" opacity=".22"/>`,
      );
      grounded(sc, "door", x, size, 0.4, { glow: sc.pal.glow });
    },
  },
  boatCloud: {
    lands: ALL,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const cx = W * r.range(0.38, 0.62);
      const cy = H * r.range(0.36, 0.42);
      const isle = cloudIsle(sc, cx, cy, W * 0.58);
      sc.icon({
        icon: "sailboat",
        cx,
        cy: isle.top - W * 0.13,
        size: W * 0.32,
        z: 4.85,
        role: "hero",
        depth: 0.1,
      });
    },
  },
  planetRise: {
    lands: ["hills", "dunes", "sea"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const cx = W * r.range(0.35, 0.65);
      const size = W * r.range(0.58, 0.66);
      const z = sc.land.water ? sc.land.water.z - 0.2 : 9.5;
      sc.icon({
        icon: "ringed-planet",
        cx,
        cy: sc.land.horizon - size * 0.18,
        size,
        z,
        role: "hero",
        depth: 0.35,
        glow: sc.pal.glow,
        rotate: r.range(-10, 10),
      });
    },
  },
  keyMoon: {
    lands: ALL,
    moon: "crescent",
    moonHook(sc: Scene) {
      sc.moon.r *= 1.6;
    },
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const left = sc.moon.x < W / 2;
      floating(sc, "key", W * (left ? 0.62 : 0.38), H * r.range(0.32, 0.4), W * r.range(0.4, 0.46), {
        rotate: (left ? 1 : -1) * r.range(20, 45),
        glow: sc.pal.glow,
      });
    },
  },
  castleCloud: {
    lands: ALL,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const cx = W * r.range(0.38, 0.62);
      const cy = H * r.range(0.3, 0.36);
      const isle = cloudIsle(sc, cx, cy, W * 0.64);
      sc.icon({
        icon: "castle",
        cx,
        cy: isle.top - W * 0.14,
        size: W * 0.34,
        z: 4.85,
        role: "hero",
        depth: 0.12,
      });
      cloud(sc, cx + W * 0.22, cy + 10, W * 0.3, 4.9, 0.9);
    },
  },
  jellyfishSky: {
    lands: ["sea", "lake"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const n = r.int(3, 4);
      for (let i = 0; i < n; i++) {
        const size = W * r.range(0.12, 0.26);
        const x = W * (0.15 + (0.7 * i) / (n - 1)) + r.range(-15, 15);
        const y = H * r.range(0.16, 0.46);
        if (sc.overlaps(x - size / 2, y - size / 2, size, size, 2)) continue;
        floating(sc, "jellyfish", x, y, size, { glow: sc.pal.glow, rotate: r.range(-15, 15) });
      }
    },
  },
  catMoon: {
    lands: ALL,
    moon: "crescent",
    moonHook(sc: Scene) {
      const r = sc.rng("hero-moon");
      sc.moon = { x: W * r.range(0.4, 0.6), y: H * r.range(0.22, 0.28), r: W * r.range(0.17, 0.2) };
    },
    draw(sc: Scene) {
      const m = sc.moon;
      const right = m.x > W / 2;
      sc.icon({
        icon: "black-cat",
        cx: m.x + (right ? 0.1 : -0.1) * m.r,
        cy: m.y + m.r * 0.82 - W * 0.07,
        size: W * 0.15,
        z: 1.5,
        role: "hero",
        depth: 0.05,
        flip: !right,
      });
    },
  },
  snailHouse: {
    lands: ["hills", "dunes", "lake"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const x = W * r.range(0.4, 0.6);
      const size = W * r.range(0.42, 0.48);
      const flip = r.chance(0.5);
      const g = grounded(sc, "snail", x, size, 0.4, { flip });
      if (g) {
        const s = surfaceFor(sc, x, 0.4) ?? sc.land.surfaces[sc.land.surfaces.length - 1];
        sc.icon({
          icon: "house",
          cx: x + (flip ? -1 : 1) * size * 0.15,
          cy: g.top - W * 0.04,
          size: W * 0.16,
          z: (s?.z ?? 40) + 1.1,
          role: "hero",
          depth: 0.1,
        });
      }
    },
  },
  mushroomGrove: {
    lands: ["hills", "dunes", "mountains"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const left = r.chance(0.5);
      grounded(sc, "mushroom", W * (left ? 0.35 : 0.65), W * r.range(0.3, 0.36), 0.4);
      grounded(sc, "mushroom", W * (left ? 0.62 : 0.38), W * r.range(0.18, 0.22), 0.7);
      let dots = "";
      for (let i = 0; i < 18; i++)
        dots += `<circle cx="${f1(r.range(20, W - 20))}" cy="${f1(H * r.range(0.45, 0.8))}" r="${f1(r.range(1, 2.2))}"/>`;
      sc.add(70, "deco", `<g fill="#fff3a0" opacity=".85">${dots}</g>`);
    },
  },
  elephantBalloons: {
    lands: ALL,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const ex = W * r.range(0.38, 0.62);
      const ey = H * r.range(0.4, 0.46);
      const size = W * r.range(0.3, 0.34);
      floating(sc, "elephant", ex, ey, size, { flip: r.chance(0.5), rotate: r.range(-8, 8) });
      const tops: [number, number][] = [];
      for (let i = 0; i < 4; i++) {
        const bx = ex + (i - 1.5) * W * 0.09 + r.range(-8, 8);
        const by = ey - size * 0.5 - H * r.range(0.1, 0.18);
        const bs = W * r.range(0.09, 0.12);
        tops.push(balloon(sc, bx, by, bs, FLOAT_Z + 0.1, r.range(-10, 10)));
      }
      strings(sc, [ex, ey - size * 0.35], tops, FLOAT_Z + 0.05);
    },
  },
  rocketMoon: {
    lands: ALL,
    moon: "full",
    moonHook(sc: Scene) {
      sc.moon.r *= 1.5;
    },
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const left = sc.moon.x < W / 2;
      const rx = W * (left ? r.range(0.58, 0.68) : r.range(0.32, 0.42));
      const ry = H * r.range(0.36, 0.44);
      const ang = (Math.atan2(sc.moon.y - ry, sc.moon.x - rx) * 180) / Math.PI + 45;
      floating(sc, "rocket", rx, ry, W * r.range(0.26, 0.3), { rotate: ang });
      const start: [number, number] = [rx + (rx - sc.moon.x) * 0.9, ry + (ry - sc.moon.y) * 0.9];
      sparkleTrail(
        sc,
        curvePoints(start, [(start[0] + rx) / 2 + 30, (start[1] + ry) / 2], [rx, ry], 14).slice(2, -2),
        4.9,
        3.5,
      );
    },
  },
  umbrellaStars: {
    lands: LANDY,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const ux = W * r.range(0.38, 0.62);
      const uy = H * r.range(0.34, 0.4);
      floating(sc, "umbrella", ux, uy, W * r.range(0.34, 0.4), { rotate: r.range(-20, 20) });
      const pts: [number, number][] = [];
      for (let i = 0; i < 14; i++) pts.push([ux + r.range(-0.22, 0.22) * W, uy - r.range(0.1, 0.25) * H]);
      sparkleTrail(sc, pts, 4.9, 4);
      grounded(sc, "teddy-bear", ux + r.range(-20, 20), W * 0.17, 0.4);
    },
  },
  crystalBall: {
    lands: LANDY,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const x = W * r.range(0.4, 0.6);
      grounded(sc, "crystal-ball", x, W * r.range(0.3, 0.34), 0.4, { glow: sc.pal.glow });
      grounded(sc, "owl", x + (r.chance(0.5) ? 1 : -1) * W * 0.26, W * 0.15, 0.4);
    },
  },
  dolphinMoon: {
    lands: ["sea"],
    moon: "full",
    moonHook(sc: Scene) {
      const r = sc.rng("hero-moon");
      sc.moon = { x: W * r.range(0.4, 0.6), y: sc.land.horizon - W * 0.12, r: W * r.range(0.15, 0.18) };
    },
    draw(sc: Scene) {
      const r = sc.rng("hero");
      floating(
        sc,
        "dolphin",
        sc.moon.x + r.range(-20, 20),
        sc.land.horizon - H * 0.05,
        W * r.range(0.32, 0.36),
        {
          rotate: -30,
          flip: r.chance(0.5),
        },
      );
    },
  },
  hourglassDunes: {
    lands: ["dunes"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      grounded(sc, "hourglass-not-done", W * r.range(0.35, 0.65), W * r.range(0.32, 0.38), 0.4, {
        glow: sc.pal.glow,
      });
    },
  },
  penguinIce: {
    lands: ["sea"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const w = sc.land.water;
      if (!w) return;
      const x = W * r.range(0.35, 0.65);
      const base = w.top + H * r.range(0.1, 0.14);
      const size = W * 0.3;
      onWater(sc, "ice", x, base, size);
      sc.icon({
        icon: "penguin",
        cx: x,
        cy: base - size * 0.85 - W * 0.06,
        size: W * 0.16,
        z: w.z + 3,
        role: "hero",
        depth: 0.1,
      });
      sc.icon({
        icon: "polar-bear",
        cx: x + W * 0.12,
        cy: base - size * 0.85 - W * 0.03,
        size: W * 0.11,
        z: w.z + 3.1,
        role: "hero",
        depth: 0.1,
      });
    },
  },
  kiteHill: {
    lands: ["hills", "dunes"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const left = r.chance(0.5);
      const kx = W * (left ? 0.66 : 0.34);
      const ky = H * r.range(0.18, 0.24);
      floating(sc, "kite", kx, ky, W * r.range(0.28, 0.32), { rotate: r.range(-15, 15), reflect: false });
      const fx = W * (left ? 0.28 : 0.72);
      const g = grounded(sc, "fox", fx, W * 0.15, 0.4, {});
      if (g) strings(sc, [g.cx, g.top + 8], [[kx - 10, ky + W * 0.12]], 45);
    },
  },
  bookTower: {
    lands: ["hills", "lake", "dunes"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const x = W * r.range(0.4, 0.6);
      const s = surfaceFor(sc, x, 0.4) ?? sc.land.surfaces[sc.land.surfaces.length - 1];
      if (!s) return;
      let y = s.y(x) + 2;
      const n = r.int(3, 4);
      for (let i = 0; i < n; i++) {
        const size = W * (0.24 - i * 0.02);
        sc.icon({
          icon: "books",
          cx: x + r.range(-6, 6),
          cy: y - size * 0.42,
          size,
          z: s.z + 1 + i * 0.01,
          role: "hero",
          depth: 0.15,
          rotate: r.range(-6, 6),
          ...(i === 0 ? { ground: s } : {}),
        });
        y -= size * 0.72;
      }
      sc.icon({
        icon: "telescope",
        cx: x,
        cy: y - W * 0.06,
        size: W * 0.16,
        z: s.z + 1.2,
        role: "hero",
        depth: 0.1,
      });
    },
  },
  giraffeMoon: {
    lands: ["dunes", "hills"],
    moon: "crescent",
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const toward = sc.moon.x < W / 2;
      grounded(
        sc,
        "giraffe",
        W * (toward ? r.range(0.36, 0.46) : r.range(0.54, 0.64)),
        W * r.range(0.5, 0.56),
        0.4,
        {
          flip: !toward,
        },
      );
    },
  },
  carouselSky: {
    lands: ALL,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const cx = W * r.range(0.4, 0.6);
      const cy = H * r.range(0.3, 0.36);
      const flip = r.chance(0.5);
      floating(sc, "carousel-horse", cx, cy, W * r.range(0.36, 0.42), { flip });
      const back = flip ? -1 : 1;
      const pts = curvePoints(
        [cx + back * W * 0.45, cy + 40],
        [cx + back * W * 0.25, cy + 10],
        [cx + back * W * 0.12, cy],
        10,
      );
      sparkleTrail(sc, pts, 4.9, 3.5);
      cloud(sc, cx, cy + W * 0.22, W * 0.45, 5.2, 0.85);
    },
  },
  bathtubSea: {
    lands: ["sea", "lake"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const w = sc.land.water;
      if (!w) return;
      const x = W * r.range(0.36, 0.64);
      onWater(sc, "bathtub", x, w.top + H * r.range(0.12, 0.16), W * r.range(0.34, 0.38));
      onWater(sc, "duck", x + W * 0.22, w.top + H * 0.2, W * 0.1, { flip: true });
    },
  },
  clockMoon: {
    lands: ALL,
    moonHook(sc: Scene) {
      sc.moon.r = 0;
    },
    draw(sc: Scene) {
      const r = sc.rng("hero");
      floating(
        sc,
        "mantelpiece-clock",
        W * r.range(0.35, 0.65),
        H * r.range(0.2, 0.26),
        W * r.range(0.3, 0.34),
        {
          glow: sc.pal.glow,
          reflect: false,
        },
      );
    },
  },
} satisfies Record<string, Hero>;

export type HeroName = keyof typeof HEROES;
export const HERO_NAMES = Object.keys(HEROES) as HeroName[];
