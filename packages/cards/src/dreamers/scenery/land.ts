/** The land of the deck-1.5.0 composer: ridges in layers, water, mist and tree lines. */
import { createNoise2D } from "simplex-noise";
import type { Rng } from "../../rng";
import { f1, f2, type Scene } from "./scene";
import { H, type Land, type Surface, W } from "./types";

// ---------------------------------------------------------------- land

function ridge(
  sc: Scene,
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

function landPath(y: (x: number) => number, bottom: number): string {
  let d = `M-5 ${bottom}`;
  for (let x = -5; x <= W + 5; x += 5) d += `L${x} ${f1(y(x))}`;
  return `${d}L${W + 5} ${bottom}Z`;
}

function ridgeLine(y: (x: number) => number): string {
  let d = "";
  for (let x = -5; x <= W + 5; x += 5) d += `${x === -5 ? "M" : "L"}${x} ${f1(y(x))}`;
  return d;
}

function layerArt(sc: Scene, i: number, y: (x: number) => number, color: string, rimOpacity: number): string {
  const gid = sc.id("lg");
  sc.defs.push(
    `<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${sc.pal.shadow}" stop-opacity=".9"/></linearGradient>`,
  );
  void i;
  return `<path d="${landPath(y, H + 5)}" fill="${color}"/><path d="${landPath(y, H + 5)}" fill="url(#${gid})" opacity=".55"/><path d="${ridgeLine(y)}" fill="none" stroke="${sc.pal.rim}" stroke-width="1.2" opacity="${f2(rimOpacity)}"/>`;
}

function mist(sc: Scene, y: number, z: number, opacity: number): void {
  const gid = sc.id("mist");
  sc.defs.push(
    `<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sc.pal.haze}" stop-opacity="0"/><stop offset=".5" stop-color="${sc.pal.haze}" stop-opacity="${f2(opacity)}"/><stop offset="1" stop-color="${sc.pal.haze}" stop-opacity="0"/></linearGradient>`,
  );
  sc.add(z, "deco", `<rect x="0" y="${f1(y - 22)}" width="${W}" height="44" fill="url(#${gid})"/>`);
}

function treeline(sc: Scene, s: Surface, count: number, color: string, z: number, scale: number): void {
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

function water(sc: Scene, top: number, z: number): void {
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

export function buildLand(sc: Scene): void {
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

function seaLand(sc: Scene, r: Rng, addLayer: AddLayer): Layout {
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

function lakeLand(sc: Scene, r: Rng, addLayer: AddLayer): Layout {
  const pal = sc.pal;
  const horizon = r.range(0.55, 0.6) * H;
  addLayer(0, horizon - 6, 12, 0.012, pal.land[0], 0.9);
  addLayer(1, horizon + 2, 8, 0.02, pal.land[1], 0.7);
  const water = { top: horizon + 10, z: 22 };
  addLayer(3, r.range(0.84, 0.9) * H, 16, 0.008, pal.land[3], 0.05);
  return { horizon, water };
}

function mountainLand(sc: Scene, r: Rng, addLayer: AddLayer): Layout {
  const pal = sc.pal;
  const horizon = r.range(0.55, 0.62) * H;
  addLayer(0, horizon - 10, 55, 0.01, pal.land[0], 0.9, true);
  addLayer(1, horizon + 25, 16, 0.01, pal.land[1], 0.6);
  addLayer(2, horizon + 85, 14, 0.008, pal.land[2], 0.35);
  addLayer(3, r.range(0.87, 0.92) * H, 18, 0.007, pal.land[3], 0.05);
  return { horizon, water: null };
}

/** Hills or dunes: four rolling layers. */
function rollingLand(sc: Scene, r: Rng, addLayer: AddLayer): Layout {
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

export function drawLand(sc: Scene): void {
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

function surfaces_darker(sc: Scene, i: number): string {
  return sc.pal.land[Math.min(3, i + 1)] as string;
}
