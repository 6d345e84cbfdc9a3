/** The place every card is set in: a night sky with stars and clouds, the moon, and layered land or water. */
import { createNoise2D } from "simplex-noise";
import type { Rng } from "../rng";
import { type AnyScene, f1, f2, H, type Land, type Surface, W } from "./scene";

// ---------------------------------------------------------------- sky

export function sky(sc: AnyScene): void {
  const { pal, plan } = sc;
  const r = sc.rng("sky");
  const g = `${plan.id}-sky`;
  const hz = sc.land.horizon;
  sc.defs.push(
    `<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.sky[0]}"/><stop offset="${f2((hz / H) * 0.55)}" stop-color="${pal.sky[1]}"/><stop offset="${f2(hz / H)}" stop-color="${pal.sky[2]}"/><stop offset="1" stop-color="${pal.sky[2]}"/></linearGradient>`,
    `<radialGradient id="${plan.id}-hglow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${pal.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${pal.glow}" stop-opacity="0"/></radialGradient>`,
  );
  sc.add(0, "deco", `<rect width="${W}" height="${H}" fill="url(#${g})"/>`);
  sc.add(
    0.1,
    "deco",
    `<ellipse cx="${f1(r.range(W * 0.3, W * 0.7))}" cy="${f1(hz)}" rx="${W * 0.85}" ry="${f1(H * 0.14)}" fill="url(#${plan.id}-hglow)"/>`,
  );
  // stars, denser high up
  let dots = "";
  const n = r.int(90, 150);
  for (let i = 0; i < n; i++) {
    const x = r.range(0, W);
    const y = r.next() ** 1.6 * hz * 0.9;
    const rad = r.chance(0.08) ? r.range(1.1, 1.6) : r.range(0.35, 0.9);
    dots += `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f2(rad)}" opacity="${f2(r.range(0.35, 0.95) * (1 - (y / hz) * 0.6))}"/>`;
  }
  let sparks = "";
  for (let i = 0; i < r.int(3, 6); i++) {
    const x = r.range(10, W - 10);
    const y = r.range(8, hz * 0.55);
    const s = r.range(3.5, 7);
    sparks += `<path d="M${f1(x)} ${f1(y - s)}Q${f1(x)} ${f1(y)} ${f1(x + s)} ${f1(y)}Q${f1(x)} ${f1(y)} ${f1(x)} ${f1(y + s)}Q${f1(x)} ${f1(y)} ${f1(x - s)} ${f1(y)}Q${f1(x)} ${f1(y)} ${f1(x)} ${f1(y - s)}Z" opacity="${f2(r.range(0.6, 0.95))}"/>`;
  }
  sc.add(0.2, "deco", `<g fill="${pal.star}">${dots}${sparks}</g>`);
}

export function moon(sc: AnyScene): void {
  const { pal, plan } = sc;
  const m = sc.moon;
  if (m.r <= 0) return;
  const gid = `${plan.id}-mglow`;
  sc.defs.push(
    `<radialGradient id="${gid}"><stop offset="0" stop-color="${pal.glow}" stop-opacity=".5"/><stop offset=".35" stop-color="${pal.glow}" stop-opacity=".16"/><stop offset="1" stop-color="${pal.glow}" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="${plan.id}-mfill" cx=".4" cy=".38" r=".7"><stop offset="0" stop-color="#fffaf0"/><stop offset=".7" stop-color="#fbeec8"/><stop offset="1" stop-color="#ecd59e"/></radialGradient>`,
  );
  sc.add(1, "deco", `<circle cx="${f1(m.x)}" cy="${f1(m.y)}" r="${f1(m.r * 4)}" fill="url(#${gid})"/>`);
  let body: string;
  const r = sc.rng("moon");
  if (plan.moon === "full") {
    let craters = "";
    for (let i = 0; i < 5; i++) {
      const a = r.range(0, Math.PI * 2);
      const d = r.range(0, m.r * 0.6);
      craters += `<circle cx="${f1(m.x + Math.cos(a) * d)}" cy="${f1(m.y + Math.sin(a) * d)}" r="${f1(r.range(0.08, 0.2) * m.r)}" fill="#d9c28e" opacity=".35"/>`;
    }
    body = `<circle cx="${f1(m.x)}" cy="${f1(m.y)}" r="${f1(m.r)}" fill="url(#${plan.id}-mfill)"/>${craters}`;
  } else {
    const k = r.range(0.35, 0.6);
    const rot = r.range(-35, 35) + (m.x > W / 2 ? 0 : 180);
    body = `<path transform="rotate(${f1(rot)} ${f1(m.x)} ${f1(m.y)})" d="M${f1(m.x)} ${f1(m.y - m.r)}A${f1(m.r)} ${f1(m.r)} 0 1 1 ${f1(m.x)} ${f1(m.y + m.r)}A${f1(m.r * k)} ${f1(m.r)} 0 1 0 ${f1(m.x)} ${f1(m.y - m.r)}Z" fill="url(#${plan.id}-mfill)"/>`;
  }
  sc.shape({
    icon: plan.moon === "full" ? "full-moon" : "crescent",
    role: "moon",
    body,
    x: m.x - m.r,
    y: m.y - m.r,
    w: 2 * m.r,
    h: 2 * m.r,
    fill: plan.moon === "full" ? Math.PI / 4 : 0.35,
    z: 1.1,
    depth: 0.5,
  });
}

export function cloud(sc: AnyScene, cx: number, cy: number, w: number, z: number, opacity: number): string {
  const r = sc.rng(`cloud${Math.round(cx)}-${Math.round(cy)}`);
  const puffs: { x: number; y: number; r: number }[] = [];
  const n = Math.max(3, Math.round(w / 22));
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0.5 : i / (n - 1);
    const bump = Math.sin(t * Math.PI);
    const pr = (w / n) * r.range(0.7, 1.05) * (0.75 + bump * 0.8);
    puffs.push({ x: cx - w / 2 + t * w, y: cy - bump * pr * 0.55, r: pr });
  }
  const base = cy + w * 0.06;
  const shade = puffs
    .map((p) => `<circle cx="${f1(p.x)}" cy="${f1(Math.min(p.y + 3, base - p.r * 0.2))}" r="${f1(p.r)}"/>`)
    .join("");
  const light = puffs
    .map(
      (p) =>
        `<circle cx="${f1(p.x + 1)}" cy="${f1(Math.min(p.y, base - p.r * 0.35))}" r="${f1(p.r * 0.92)}"/>`,
    )
    .join("");
  const clip = sc.id("cc");
  sc.defs.push(
    `<clipPath id="${clip}"><rect x="${f1(cx - w)}" y="${f1(cy - w)}" width="${f1(2 * w)}" height="${f1(base - cy + w)}"/></clipPath>`,
  );
  const art = `<g opacity="${f2(opacity)}" clip-path="url(#${clip})"><g fill="${sc.pal.cloud[1]}">${shade}</g><g fill="${sc.pal.cloud[0]}">${light}</g></g>`;
  sc.add(z, opacity > 0.75 ? "solid" : "deco", art);
  return art;
}

export function cloudBanks(sc: AnyScene): void {
  const r = sc.rng("clouds");
  const hz = sc.land.horizon;
  const n = r.int(2, 4);
  for (let i = 0; i < n; i++) {
    const y = r.range(hz * 0.22, hz * 0.88);
    const x = r.range(-20, W + 20);
    const w = r.range(60, 150);
    cloud(sc, x, y, w, 3 + i * 0.01, r.range(0.35, 0.6));
  }
}

// ---------------------------------------------------------------- land

function ridge(
  sc: AnyScene,
  layer: number,
  base: number,
  amp: number,
  freq: number,
  sharp: boolean,
): (x: number) => number {
  const r = sc.rng(`land${layer}`);
  const noise = createNoise2D(() => r.next());
  const off = r.range(0, 100);
  if (!sharp)
    return (x: number) =>
      base + amp * noise(x * freq + off, layer * 3.7) + amp * 0.35 * noise(x * freq * 3 + off, 9);
  // mountains: piecewise peaks
  const pts: [number, number][] = [];
  for (let x = -40; x <= W + 40; x += r.range(28, 60)) pts.push([x, base - r.range(0, amp * 2)]);
  return (x: number) => {
    for (let i = 0; i + 1 < pts.length; i++) {
      const a = pts[i] as [number, number];
      const b = pts[i + 1] as [number, number];
      if (x >= a[0] && x <= b[0])
        return a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0]) + 3 * noise(x * 0.05, layer);
    }
    return base;
  };
}

export function landPath(y: (x: number) => number, bottom: number): string {
  let d = `M-5 ${bottom}`;
  for (let x = -5; x <= W + 5; x += 5) d += `L${x} ${f1(y(x))}`;
  return `${d}L${W + 5} ${bottom}Z`;
}

function ridgeLine(y: (x: number) => number): string {
  let d = "";
  for (let x = -5; x <= W + 5; x += 5) d += `${x === -5 ? "M" : "L"}${x} ${f1(y(x))}`;
  return d;
}

function layerArt(
  sc: AnyScene,
  i: number,
  y: (x: number) => number,
  color: string,
  rimOpacity: number,
): string {
  const gid = sc.id("lg");
  sc.defs.push(
    `<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${sc.pal.shadow}" stop-opacity=".9"/></linearGradient>`,
  );
  void i;
  return `<path d="${landPath(y, H + 5)}" fill="${color}"/><path d="${landPath(y, H + 5)}" fill="url(#${gid})" opacity=".55"/><path d="${ridgeLine(y)}" fill="none" stroke="${sc.pal.rim}" stroke-width="1.2" opacity="${f2(rimOpacity)}"/>`;
}

function mist(sc: AnyScene, y: number, z: number, opacity: number): void {
  const gid = sc.id("mist");
  sc.defs.push(
    `<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sc.pal.haze}" stop-opacity="0"/><stop offset=".5" stop-color="${sc.pal.haze}" stop-opacity="${f2(opacity)}"/><stop offset="1" stop-color="${sc.pal.haze}" stop-opacity="0"/></linearGradient>`,
  );
  sc.add(z, "deco", `<rect x="0" y="${f1(y - 22)}" width="${W}" height="44" fill="url(#${gid})"/>`);
}

function treeline(sc: AnyScene, s: Surface, count: number, color: string, z: number, scale: number): void {
  const r = sc.rng(`trees${s.z}`);
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = r.range(0, W);
    const y = s.y(x) + 2;
    const h = r.range(6, 13) * scale;
    if (r.chance(0.6)) d += `M${f1(x - h * 0.3)} ${f1(y)}L${f1(x)} ${f1(y - h)}L${f1(x + h * 0.3)} ${f1(y)}Z`;
    else d += `M${f1(x - h * 0.35)} ${f1(y)}a${f1(h * 0.35)} ${f1(h * 0.4)} 0 1 1 ${f1(h * 0.7)} 0Z`;
  }
  sc.add(z, "solid", `<path d="${d}" fill="${color}"/>`);
}

function water(sc: AnyScene, top: number, z: number): void {
  const { pal, plan } = sc;
  const r = sc.rng("water");
  const gid = `${plan.id}-water`;
  sc.defs.push(
    `<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.water[0]}"/><stop offset="1" stop-color="${pal.water[1]}"/></linearGradient>`,
    `<clipPath id="${plan.id}-wclip"><rect x="0" y="${f1(top)}" width="${W}" height="${f1(H - top)}"/></clipPath>`,
    `<filter id="${plan.id}-ripple" filterUnits="userSpaceOnUse" x="0" y="${f1(top)}" width="${W}" height="${f1(H - top)}"><feTurbulence type="fractalNoise" baseFrequency="0.012 0.22" numOctaves="1" seed="${r.int(1, 999)}"/><feDisplacementMap in="SourceGraphic" scale="9" xChannelSelector="R" yChannelSelector="G"/></filter>`,
  );
  sc.add(z, "solid", `<rect x="0" y="${f1(top)}" width="${W}" height="${f1(H - top)}" fill="url(#${gid})"/>`);
  // horizon glow line and moon path
  let lines = `<rect x="0" y="${f1(top)}" width="${W}" height="1.2" fill="${pal.glow}" opacity=".6"/>`;
  const mx = sc.moon.x;
  for (let i = 0; i < 140; i++) {
    const t = r.next();
    const y = top + 3 + t * t * (H - top);
    const nearMoon = r.chance(0.45);
    const x = nearMoon ? mx + r.range(-1, 1) * (12 + t * 70) : r.range(-10, W);
    const len = r.range(4, 14) * (0.5 + t * 1.5);
    lines += `<rect x="${f1(x - len / 2)}" y="${f1(y)}" width="${f1(len)}" height="${f2(0.6 + t * 1.2)}" fill="${nearMoon ? pal.glow : pal.rim}" opacity="${f2((nearMoon ? 0.55 : 0.2) * (1 - t * 0.5))}"/>`;
  }
  sc.add(z + 0.8, "deco", lines);
}

type AddLayer = (
  i: number,
  base: number,
  amp: number,
  freq: number,
  color: string,
  depth: number,
  sharpRidge?: boolean,
) => Surface;

/** Where a kind of land puts the horizon and its water (its layers go through `addLayer`). */
type Layout = Pick<Land, "horizon" | "water">;

export function buildLand(sc: AnyScene): void {
  const r = sc.rng("landplan");
  const kind = sc.plan.land;
  const surfaces: Surface[] = [];
  const addLayer: AddLayer = (i, base, amp, freq, color, depth, sharpRidge = false) => {
    const y = ridge(sc, i, base, amp, freq, sharpRidge);
    const s: Surface = { z: 10 + i * 10, y, color, depth };
    surfaces.push(s);
    return s;
  };
  const layout =
    kind === "sea"
      ? seaLand(sc, r, addLayer)
      : kind === "lake"
        ? lakeLand(sc, r, addLayer)
        : kind === "mountains"
          ? mountainLand(sc, r, addLayer)
          : rollingLand(sc, r, addLayer);
  sc.land = { horizon: layout.horizon, surfaces, water: layout.water };
}

function seaLand(sc: AnyScene, r: Rng, addLayer: AddLayer): Layout {
  const horizon = r.range(0.56, 0.64) * H;
  const water = { top: horizon, z: 9 };
  // a near shore in one corner for grounded things
  const left = r.chance(0.5);
  const shoreBase = r.range(0.86, 0.92) * H;
  const s = addLayer(3, shoreBase, 14, 0.006, sc.pal.land[3], 0);
  const y0 = s.y;
  s.y = (x: number) => {
    const t = left ? x / W : 1 - x / W;
    return y0(x) + Math.max(0, t - 0.35) * H * 0.5;
  };
  return { horizon, water };
}

function lakeLand(sc: AnyScene, r: Rng, addLayer: AddLayer): Layout {
  const pal = sc.pal;
  const horizon = r.range(0.55, 0.6) * H;
  addLayer(0, horizon - 6, 12, 0.012, pal.land[0], 0.9);
  addLayer(1, horizon + 2, 8, 0.02, pal.land[1], 0.7);
  const water = { top: horizon + 10, z: 22 };
  addLayer(3, r.range(0.84, 0.9) * H, 16, 0.008, pal.land[3], 0.05);
  return { horizon, water };
}

function mountainLand(sc: AnyScene, r: Rng, addLayer: AddLayer): Layout {
  const pal = sc.pal;
  const horizon = r.range(0.55, 0.62) * H;
  addLayer(0, horizon - 10, 55, 0.01, pal.land[0], 0.9, true);
  addLayer(1, horizon + 25, 16, 0.01, pal.land[1], 0.6);
  addLayer(2, horizon + 85, 14, 0.008, pal.land[2], 0.35);
  addLayer(3, r.range(0.87, 0.92) * H, 18, 0.007, pal.land[3], 0.05);
  return { horizon, water: null };
}

/** Hills or dunes: four rolling layers. */
function rollingLand(sc: AnyScene, r: Rng, addLayer: AddLayer): Layout {
  const pal = sc.pal;
  const dunes = sc.plan.land === "dunes";
  const horizon = r.range(0.56, 0.63) * H;
  const a = r.range(0.7, 1.5);
  addLayer(0, horizon, (dunes ? 10 : 16) * a, dunes ? 0.006 : r.range(0.009, 0.016), pal.land[0], 0.9);
  addLayer(
    1,
    horizon + r.range(30, 50),
    (dunes ? 22 : 20) * a,
    dunes ? 0.006 : r.range(0.007, 0.012),
    pal.land[1],
    0.6,
  );
  addLayer(
    2,
    horizon + r.range(85, 115),
    (dunes ? 26 : 22) * a,
    dunes ? 0.005 : r.range(0.006, 0.01),
    pal.land[2],
    0.35,
  );
  addLayer(3, r.range(0.88, 0.93) * H, (dunes ? 30 : 24) * a, dunes ? 0.004 : 0.007, pal.land[3], 0.05);
  return { horizon, water: null };
}

export function drawLand(sc: AnyScene): void {
  const { pal } = sc;
  const land = sc.land;
  if (land.water) water(sc, land.water.top, land.water.z);
  land.surfaces.forEach((s, i) => {
    const far = s.depth;
    let art = layerArt(sc, i, s.y, s.color, 0.15 + 0.3 * far);
    if (sc.plan.land === "mountains" && s.z === 10) {
      // snow on everything above the snow line
      const clip = sc.id("snow");
      const line = land.horizon - 48;
      sc.defs.push(`<clipPath id="${clip}"><rect x="0" y="0" width="${W}" height="${f1(line)}"/></clipPath>`);
      art += `<path d="${landPath(s.y, H + 5)}" fill="${pal.rim}" opacity=".5" clip-path="url(#${clip})"/>`;
    }
    sc.add(s.z, "solid", art);
    // mist at the foot of each layer: in front of the layer, behind what stands on it
    if (i < land.surfaces.length - 1) mist(sc, s.y(W / 2) + 18, s.z + 0.5, 0.25 * (0.5 + far));
    if (far > 0.5)
      treeline(sc, s, sc.plan.land === "dunes" ? 4 : 16, surfaces_darker(sc, i), s.z + 0.3, 1 - far * 0.4);
  });
}

function surfaces_darker(sc: AnyScene, i: number): string {
  return sc.pal.land[Math.min(3, i + 1)] as string;
}
