/**
 * The scene composer that dealt the dream deck's first edition (deck 1.5.0), kept as it was for Dreamers'
 * card faces, whose frozen pictures were composed with it; the dream deck itself now grows from the
 * relations in ../../gen. Porting the faces to that grammar would be a new faces version.
 */
/**
 * Composes one dream card as SVG text: a generated night landscape, one surreal hero scene and a few
 * smaller objects, all graded into the scene (haze, rims, shading, shadows, reflections, wash).
 * Pure and deterministic: the same plan and icon bounds give the same SVG bytes. Also emits a "mask" SVG
 * in which every object is painted in its own flat colour and everything in front of it in black, so the
 * build can measure what of each object is visible.
 */
import { createNoise2D } from "simplex-noise";
import { entry } from "../../gen/catalog";
import { type Palette, palette } from "../../gen/palettes";
import { type Rng, rng } from "../../rng";
import { HEROES, type Hero, type HeroName } from "./heroes";

export const W = 400;
export const H = 600;

/** Visible outline of an icon in its own 32-unit grid, and how much of that box it fills. */
export interface IconBounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  fill: number;
}
export type IconSource = (name: string) => { body: string; bounds: IconBounds };

export type LandKind = "hills" | "sea" | "dunes" | "mountains" | "lake";
export const LANDS: LandKind[] = ["hills", "sea", "dunes", "mountains", "lake"];

export interface CardPlan {
  id: string;
  /** Seed of this card's random streams (deck seed + card id). */
  seed: string;
  hero: HeroName;
  land: LandKind;
  palette: string;
  /** Props chosen by the deck planner (so it can cap repeats); the composer places them. */
  props: string[];
  foreground: string | null;
  moon: "full" | "crescent";
}

export type Role = "hero" | "prop" | "far" | "fore" | "moon";

/** An object as drawn, before measuring what of it is visible. */
export interface PlacedObject {
  icon: string;
  role: Role;
  /** Drawn box in card pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Share of the drawn box the object covers when nothing hides it. */
  fill: number;
  weight: number;
}

export interface Composition {
  svg: string;
  maskSvg: string;
  objects: PlacedObject[];
  /** Mask colour of object i is rgb(maskRed(i), 200, 100). */
}

export const maskRed = (i: number): number => 8 + i * 6;

interface Element {
  z: number;
  kind: "deco" | "solid" | "obj";
  art: string;
  /** For objects: the silhouette use, painted flat in the mask. */
  maskArt?: string;
  obj?: number;
}

export interface Surface {
  z: number;
  /** Ground height at x (card pixels). */
  y: (x: number) => number;
  color: string;
  /** 0 near .. 1 far. */
  depth: number;
}

export interface Land {
  horizon: number;
  surfaces: Surface[];
  water: { top: number; z: number } | null;
}

export interface Spot {
  icon: string;
  cx: number;
  cy: number;
  size: number;
  z: number;
  role: Role;
  flip?: boolean;
  rotate?: number;
  depth?: number;
  glow?: string;
  /** Grounded on this surface: draws a contact shadow and grass at the base. */
  ground?: Surface;
  /** Sits on water at this line: draws a reflection. */
  onWater?: boolean;
  /** Floats: draws a faint shadow on the land below when there is land. */
  float?: boolean;
  blur?: number;
  weight?: number;
  /** Reflect in the water (floating things over water). */
  reflect?: boolean;
}

export interface Shape {
  icon: string;
  role: Role;
  body: string;
  x: number;
  y: number;
  w: number;
  h: number;
  fill: number;
  z: number;
  depth: number;
  reflect?: boolean;
  weight?: number;
}

const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();
const f2 = (n: number): string => (Math.round(n * 100) / 100).toString();

/** The scene under construction; hero recipes add to it. */
export class Scene {
  readonly elements: Element[] = [];
  readonly defs: string[] = [];
  readonly maskDefs: string[] = [];
  readonly objects: PlacedObject[] = [];
  readonly pal: Palette;
  land!: Land;
  moon = { x: 0, y: 0, r: 0 };
  private uid = 0;

  constructor(
    readonly plan: CardPlan,
    readonly icons: IconSource,
  ) {
    this.pal = palette(plan.palette);
  }

  rng(layer: string): Rng {
    return rng(`${this.plan.seed}/${layer}`);
  }

  id(kind: string): string {
    this.uid += 1;
    return `${this.plan.id}-${kind}${this.uid}`;
  }

  add(z: number, kind: "deco" | "solid", art: string): void {
    this.elements.push({ z, kind, art });
  }

  /** The surface that is the ground at (x, y): the nearest layer whose top lies above y. */
  groundAt(x: number, y: number): Surface | null {
    let best: Surface | null = null;
    for (const s of this.land.surfaces) if (s.y(x) <= y && (!best || s.z > best.z)) best = s;
    return best;
  }

  /** Boxes already taken (for placing props without collisions). */
  overlaps(x: number, y: number, w: number, h: number, pad = 6): boolean {
    return this.objects.some(
      (o) =>
        o.role !== "far" &&
        o.role !== "fore" &&
        x - pad < o.x + o.w &&
        x + w + pad > o.x &&
        y - pad < o.y + o.h &&
        y + h + pad > o.y,
    );
  }

  /** Draws an icon from the set, graded into the scene. Returns its drawn box. */
  icon(spot: Spot): PlacedObject {
    const { body, bounds } = this.icons(spot.icon);
    const idx = this.objects.length;
    const bid = this.id("b");
    const bw = bounds.x1 - bounds.x0;
    const bh = bounds.y1 - bounds.y0;
    const s = spot.size / Math.max(bw, bh);
    const rot = spot.rotate ?? 0;
    const facing = entry(spot.icon).facing;
    const flip = spot.flip ?? false;
    const sx = flip ? -s : s;
    const transform = `translate(${f1(spot.cx)} ${f1(spot.cy)})${rot ? ` rotate(${f1(rot)})` : ""} scale(${f2(sx)} ${f2(s)}) translate(${f2(-(bounds.x0 + bw / 2))} ${f2(-(bounds.y0 + bh / 2))})`;
    const prefixed = replaceIds(body, `${bid}-`);
    this.defs.push(`<g id="${bid}" transform="${transform}">${prefixed}</g>`);
    void facing;
    // axis-aligned drawn box of the rotated visible box
    const hw = (s * bw) / 2;
    const hh = (s * bh) / 2;
    const rad = (rot * Math.PI) / 180;
    const ex = Math.abs(hw * Math.cos(rad)) + Math.abs(hh * Math.sin(rad));
    const ey = Math.abs(hw * Math.sin(rad)) + Math.abs(hh * Math.cos(rad));
    const box = { x: spot.cx - ex, y: spot.cy - ey, w: 2 * ex, h: 2 * ey };
    const depth = spot.depth ?? 0.3;
    const z = spot.z;
    const pal = this.pal;

    if (spot.glow) {
      const gid = this.id("glow");
      const r = Math.max(box.w, box.h) * 0.95;
      this.defs.push(
        `<radialGradient id="${gid}"><stop offset="0" stop-color="${spot.glow}" stop-opacity=".55"/><stop offset=".45" stop-color="${spot.glow}" stop-opacity=".18"/><stop offset="1" stop-color="${spot.glow}" stop-opacity="0"/></radialGradient>`,
      );
      this.add(
        z - 0.02,
        "deco",
        `<circle cx="${f1(spot.cx)}" cy="${f1(spot.cy)}" r="${f1(r)}" fill="url(#${gid})"/>`,
      );
    }
    if (spot.ground) {
      const by = box.y + box.h;
      const rx = box.w * 0.48;
      this.add(
        z - 0.01,
        "deco",
        `<ellipse cx="${f1(spot.cx)}" cy="${f1(by - 1)}" rx="${f1(rx)}" ry="${f1(Math.max(2, rx * 0.16))}" fill="${pal.shadow}" opacity=".45" filter="url(#${this.plan.id}-soft)"/>`,
      );
    }
    if (spot.float && this.land.surfaces.length > 0 && !this.land.water) {
      const g = this.land.surfaces[Math.min(2, this.land.surfaces.length - 1)] as Surface;
      const gy = g.y(spot.cx) + 6;
      const dist = Math.max(0, gy - (box.y + box.h));
      if (gy < H && dist < H * 0.45) {
        const rx = box.w * 0.4 * (1 - dist / H);
        this.add(
          g.z + 0.5,
          "deco",
          `<ellipse cx="${f1(spot.cx)}" cy="${f1(gy)}" rx="${f1(rx)}" ry="${f1(rx * 0.14)}" fill="${pal.shadow}" opacity="${f2(0.28 * (1 - dist / (H * 0.45)))}" filter="url(#${this.plan.id}-soft)"/>`,
        );
      }
    }

    // depth grading and moonlight rim, on an outer group so offsets are card pixels
    const fid = this.id("fx");
    const toMoon = Math.sign(this.moon.x - spot.cx) || 1;
    const rimDx = f1(-toMoon * Math.max(1, Math.min(2.2, box.w / 60)));
    const rimDy = f1(Math.max(0.8, Math.min(1.8, box.h / 70)));
    const sat = f2(0.74 - 0.45 * depth);
    const tintA = f2(0.2 + 0.45 * depth);
    const tint = depth > 0.15 ? pal.haze : pal.shadow;
    const blur = spot.blur ? `<feGaussianBlur stdDeviation="${spot.blur}"/>` : "";
    this.defs.push(
      `<filter id="${fid}" x="-8%" y="-8%" width="116%" height="116%" color-interpolation-filters="sRGB"><feColorMatrix in="SourceGraphic" type="saturate" values="${sat}" result="s"/><feFlood flood-color="${tint}" flood-opacity="${tintA}"/><feComposite in2="SourceAlpha" operator="in"/><feComposite in2="s" operator="over" result="t"/><feOffset in="SourceAlpha" dx="${rimDx}" dy="${rimDy}" result="o"/><feComposite in="SourceAlpha" in2="o" operator="out"/><feFlood flood-color="${pal.rim}" flood-opacity="${f2(0.75 - 0.4 * depth)}"/><feComposite in2="SourceAlpha" operator="in" result="rc"/><feOffset in="SourceAlpha" dx="${rimDx}" dy="${rimDy}" result="o2"/><feComposite in="rc" in2="o2" operator="out" result="r"/><feMerge><feMergeNode in="t"/><feMergeNode in="r"/></feMerge>${blur}</filter>`,
    );
    let art = `<g filter="url(#${fid})"><use href="#${bid}"/></g>`;
    // shading of large icons: a light-to-shadow gradient masked by the icon's own silhouette
    if (Math.max(box.w, box.h) > 80 && !spot.blur) {
      const mid = this.id("sh");
      const gid = this.id("shg");
      const lx = toMoon > 0 ? box.x + box.w : box.x;
      const dx = toMoon > 0 ? box.x : box.x + box.w;
      this.defs.push(
        `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="${f1(lx)}" y1="${f1(box.y)}" x2="${f1(dx)}" y2="${f1(box.y + box.h)}"><stop offset="0" stop-color="${pal.rim}" stop-opacity=".35"/><stop offset=".4" stop-color="${pal.rim}" stop-opacity="0"/><stop offset=".5" stop-color="${pal.shadow}" stop-opacity="0"/><stop offset="1" stop-color="${pal.shadow}" stop-opacity=".6"/></linearGradient><mask id="${mid}" mask-type="alpha" maskUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}"><use href="#${bid}"/></mask>`,
      );
      art += `<rect x="${f1(box.x)}" y="${f1(box.y)}" width="${f1(box.w)}" height="${f1(box.h)}" fill="url(#${gid})" mask="url(#${mid})"/>`;
    }
    this.elements.push({ z, kind: "obj", art, maskArt: `<use href="#${bid}"/>`, obj: idx });

    if (spot.ground && !spot.onWater)
      this.grass(spot.ground, box.x + box.w * 0.08, box.x + box.w * 0.92, z + 0.01);
    const nearWater = !!this.land.water && box.y + box.h > this.land.water.top - 60;
    if ((spot.onWater || (spot.reflect && nearWater)) && this.land.water) {
      const axis = spot.onWater ? box.y + box.h - box.h * 0.04 : this.land.water.top;
      this.reflection(bid, axis, spot.onWater ? 0.42 : 0.3);
    }
    const placed: PlacedObject = {
      icon: `fluent-emoji-flat:${spot.icon}`,
      role: spot.role,
      ...box,
      fill: bounds.fill,
      weight: spot.weight ?? defaultWeight(spot.role),
    };
    this.objects.push(placed);
    return placed;
  }

  /** A shape drawn in code (lighthouse, ladder, stairs, cloud island, moon). */
  shape(sh: Shape): PlacedObject {
    const idx = this.objects.length;
    const bid = this.id("s");
    this.defs.push(`<g id="${bid}">${sh.body}</g>`);
    this.elements.push({
      z: sh.z,
      kind: "obj",
      art: `<use href="#${bid}"/>`,
      maskArt: `<use href="#${bid}"/>`,
      obj: idx,
    });
    if (sh.reflect && this.land.water) this.reflection(bid, sh.y + sh.h - 2, 0.4);
    const placed: PlacedObject = {
      icon: `shape:${sh.icon}`,
      role: sh.role,
      x: sh.x,
      y: sh.y,
      w: sh.w,
      h: sh.h,
      fill: sh.fill,
      weight: sh.weight ?? defaultWeight(sh.role),
    };
    this.objects.push(placed);
    return placed;
  }

  reflection(bid: string, axis: number, opacity: number): void {
    if (!this.land.water) return;
    this.add(
      this.land.water.z + 0.5,
      "deco",
      `<g opacity="${f2(opacity)}" clip-path="url(#${this.plan.id}-wclip)"><g filter="url(#${this.plan.id}-ripple)"><g transform="translate(0 ${f1(2 * axis)}) scale(1 -1)"><use href="#${bid}"/></g></g></g>`,
    );
  }

  grass(s: Surface, x0: number, x1: number, z: number): void {
    const r = this.rng(`grass${Math.round(x0)}`);
    let d = "";
    for (let x = x0; x < x1; x += r.range(2.5, 5)) {
      const y = s.y(x) + r.range(1, 4);
      const h = r.range(4, 9);
      const lean = r.range(-2.5, 2.5);
      d += `M${f1(x - 1.2)} ${f1(y)}Q${f1(x + lean * 0.3)} ${f1(y - h * 0.6)} ${f1(x + lean)} ${f1(y - h)}Q${f1(x + 0.4)} ${f1(y - h * 0.5)} ${f1(x + 1.2)} ${f1(y)}Z`;
    }
    this.add(z, "solid", `<path d="${d}" fill="${s.color}"/>`);
  }
}

function defaultWeight(role: Role): number {
  switch (role) {
    case "hero":
      return 1;
    case "prop":
      return 0.85;
    case "moon":
      return 0.7;
    case "fore":
      return 0.3;
    case "far":
      return 0.45;
  }
}

/** Prefixes every id in an icon body and the references to it (the icon set reuses ids across icons). */
export function replaceIds(body: string, prefix: string): string {
  const ids = new Set<string>();
  for (const m of body.matchAll(/\sid="([^"]+)"/g)) ids.add(m[1] as string);
  let out = body;
  for (const id of ids) {
    const esc = id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    out = out
      .replace(new RegExp(`id="${esc}"`, "g"), `id="${prefix}${id}"`)
      .replace(new RegExp(`url\\(#${esc}\\)`, "g"), `url(#${prefix}${id})`)
      .replace(new RegExp(`href="#${esc}"`, "g"), `href="#${prefix}${id}"`);
  }
  return out;
}

// ---------------------------------------------------------------- sky

function sky(sc: Scene): void {
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

function moon(sc: Scene): void {
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

export function cloud(sc: Scene, cx: number, cy: number, w: number, z: number, opacity: number): string {
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

function cloudBanks(sc: Scene): void {
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

function buildLand(sc: Scene): void {
  const { pal, plan } = sc;
  const r = sc.rng("landplan");
  const kind = plan.land;
  const surfaces: Surface[] = [];
  let waterInfo: Land["water"] = null;
  let horizon: number;
  const addLayer = (
    i: number,
    base: number,
    amp: number,
    freq: number,
    color: string,
    depth: number,
    sharpRidge = false,
  ) => {
    const y = ridge(sc, i, base, amp, freq, sharpRidge);
    const s: Surface = { z: 10 + i * 10, y, color, depth };
    surfaces.push(s);
    return s;
  };
  if (kind === "sea") {
    horizon = r.range(0.56, 0.64) * H;
    waterInfo = { top: horizon, z: 9 };
    // a near shore in one corner for grounded things
    const left = r.chance(0.5);
    const shoreBase = r.range(0.86, 0.92) * H;
    const s = addLayer(3, shoreBase, 14, 0.006, pal.land[3], 0);
    const y0 = s.y;
    s.y = (x: number) => {
      const t = left ? x / W : 1 - x / W;
      return y0(x) + Math.max(0, t - 0.35) * H * 0.5;
    };
  } else if (kind === "lake") {
    horizon = r.range(0.55, 0.6) * H;
    addLayer(0, horizon - 6, 12, 0.012, pal.land[0], 0.9);
    addLayer(1, horizon + 2, 8, 0.02, pal.land[1], 0.7);
    waterInfo = { top: horizon + 10, z: 22 };
    addLayer(3, r.range(0.84, 0.9) * H, 16, 0.008, pal.land[3], 0.05);
  } else if (kind === "mountains") {
    horizon = r.range(0.55, 0.62) * H;
    addLayer(0, horizon - 10, 55, 0.01, pal.land[0], 0.9, true);
    addLayer(1, horizon + 25, 16, 0.01, pal.land[1], 0.6);
    addLayer(2, horizon + 85, 14, 0.008, pal.land[2], 0.35);
    addLayer(3, r.range(0.87, 0.92) * H, 18, 0.007, pal.land[3], 0.05);
  } else {
    const dunes = kind === "dunes";
    horizon = r.range(0.56, 0.63) * H;
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
  }
  sc.land = { horizon, surfaces, water: waterInfo };
}

function drawLand(sc: Scene): void {
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

// ---------------------------------------------------------------- props

const CELL_W = W / 3;
const CELL_H = H / 3;

function occupied(sc: Scene): boolean[] {
  const cells = new Array<boolean>(9).fill(false);
  for (const o of sc.objects) {
    if (o.role === "far") continue;
    // a cell counts as occupied when the object covers a fair part of it
    for (let c = 0; c < 9; c++) {
      const cx = (c % 3) * CELL_W;
      const cy = Math.floor(c / 3) * CELL_H;
      const ix = Math.max(0, Math.min(cx + CELL_W, o.x + o.w) - Math.max(cx, o.x));
      const iy = Math.max(0, Math.min(cy + CELL_H, o.y + o.h) - Math.max(cy, o.y));
      if (ix * iy * o.fill > CELL_W * CELL_H * 0.05) cells[c] = true;
    }
  }
  return cells;
}

function placeProps(sc: Scene): void {
  const r = sc.rng("props");
  const land = sc.land;
  const queue = [...sc.plan.props];
  let cells = occupied(sc);
  for (const icon of queue) {
    const habitat = entry(icon).habitat;
    const free = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((c) => !cells[c]);
    // things of the sky go to free cells of the upper rows, things of the ground or water to free cells
    // of the bottom row first (so the foreground is not left empty), then the middle row
    const sky = habitat.includes("sky");
    const rowsWanted = sky ? [0, 1] : [2, 1];
    const preferred = free.filter((c) => Math.floor(c / 3) === rowsWanted[0]);
    const second = free.filter((c) => Math.floor(c / 3) === rowsWanted[1]);
    const candidates =
      preferred.length > 0
        ? preferred
        : second.length > 0
          ? second
          : free.length > 0
            ? free
            : [0, 1, 2, 3, 4, 5, 6, 7, 8];
    let placed = false;
    for (let attempt = 0; attempt < 40 && !placed; attempt++) {
      const c = attempt < 24 ? r.pick(candidates) : r.int(0, 8);
      const x = (c % 3) * CELL_W + r.range(0.2, 0.8) * CELL_W;
      let size = r.range(50, 78);
      const yCell = Math.floor(c / 3) * CELL_H + r.range(0.2, 0.85) * CELL_H;
      if (habitat.includes("sky")) {
        const y = Math.min(yCell, land.horizon - size * 0.7);
        if (y < size * 0.6) continue;
        if (sc.overlaps(x - size / 2, y - size / 2, size, size)) continue;
        sc.icon({
          icon,
          cx: x,
          cy: y,
          size,
          z: 5 + attempt * 0.001,
          role: "prop",
          flip: faceInward(icon, x, r.next()),
          rotate: r.range(-14, 14),
          depth: 0.25,
          float: true,
          reflect: !!land.water && y > land.horizon - 120,
          ...(icon === "red-paper-lantern" || icon === "jellyfish" ? { glow: sc.pal.glow } : {}),
        });
        placed = true;
      } else if (habitat.includes("water") && land.water && yCell > land.water.top + 12) {
        if (sc.groundAt(x, yCell)) continue;
        const t = (yCell - land.water.top) / (H - land.water.top);
        size *= 0.6 + t * 0.8;
        if (sc.overlaps(x - size / 2, yCell - size, size, size)) continue;
        sc.icon({
          icon,
          cx: x,
          cy: yCell - size / 2,
          size,
          z: land.water.z + 1 + t,
          role: "prop",
          flip: faceInward(icon, x, r.next()),
          depth: 0.4 * (1 - t),
          onWater: true,
        });
        placed = true;
      } else if (habitat.includes("ground")) {
        const s = sc.groundAt(x, yCell);
        if (!s || (land.water && s.z < (land.water?.z ?? 0))) continue;
        const gy = s.y(x);
        if (gy > H - 20 || gy < land.horizon - 10) continue;
        size *= 1 - s.depth * 0.45;
        const cy = gy + size * 0.08 - size / 2;
        if (sc.overlaps(x - size / 2, cy - size / 2, size, size)) continue;
        sc.icon({
          icon,
          cx: x,
          cy,
          size,
          z: s.z + 1 + attempt * 0.001,
          role: "prop",
          flip: faceInward(icon, x, r.next()),
          depth: s.depth * 0.8,
          ground: s,
          ...(icon === "candle" || icon === "crystal-ball" ? { glow: sc.pal.glow } : {}),
        });
        placed = true;
      }
    }
    cells = occupied(sc);
  }
}

/**
 * Whether to mirror an animal so it looks into the card rather than out of it (most icons face left);
 * near the middle either way. `u` is a uniform draw (always consumed, so streams stay aligned).
 */
function faceInward(icon: string, x: number, u: number): boolean {
  const facing = entry(icon).facing;
  if (!facing) return false;
  const wantRight = x < W * 0.4 ? true : x > W * 0.6 ? false : u < 0.5;
  return (facing === "left") === wantRight;
}

function farThings(sc: Scene): void {
  const r = sc.rng("far");
  const far = sc.land.surfaces.filter((s) => s.depth >= 0.6);
  if (far.length === 0) return;
  const icons = ["hut", "house", "church", "castle", "deciduous-tree", "evergreen-tree"];
  const n = r.int(1, 3);
  for (let i = 0; i < n; i++) {
    const s = r.pick(far);
    const x = r.range(20, W - 20);
    const size = r.range(13, 20) * (1 - s.depth * 0.3);
    const gy = s.y(x);
    if (sc.overlaps(x - size / 2, gy - size, size, size, 2)) continue;
    sc.icon({
      icon: r.pick(icons),
      cx: x,
      cy: gy - size * 0.42,
      size,
      z: s.z + 0.5,
      role: "far",
      depth: s.depth,
    });
  }
}

function foreground(sc: Scene): void {
  const icon = sc.plan.foreground;
  if (!icon) return;
  const r = sc.rng("fore");
  const left = r.chance(0.5);
  const size = r.range(120, 170);
  const cx = left ? r.range(-10, 30) : W - r.range(-10, 30);
  sc.icon({
    icon,
    cx,
    cy: H - size * r.range(0.22, 0.38),
    size,
    z: 90,
    role: "fore",
    flip: !left,
    rotate: (left ? 1 : -1) * r.range(4, 14),
    depth: 0,
    blur: 2.2,
  });
}

// ---------------------------------------------------------------- finishing

function finish(sc: Scene): string {
  const { plan, pal } = sc;
  const r = sc.rng("finish");
  const vid = `${plan.id}-vig`;
  sc.defs.push(
    `<radialGradient id="${vid}" cx=".5" cy=".45" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".5"/></radialGradient>`,
    `<filter id="${plan.id}-grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="1" seed="${r.int(1, 999)}"/><feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 .9 -.35"/></filter>`,
  );
  return `<rect width="${W}" height="${H}" fill="${pal.wash}" opacity=".16" style="mix-blend-mode:soft-light"/><rect width="${W}" height="${H}" fill="url(#${vid})"/><rect width="${W}" height="${H}" filter="url(#${plan.id}-grain)" opacity=".05"/>`;
}

// ---------------------------------------------------------------- card

export function composeCard(plan: CardPlan, icons: IconSource): Composition {
  const sc = new Scene(plan, icons);
  buildLand(sc);
  const mr = sc.rng("moonplace");
  const hero: Hero = HEROES[plan.hero];
  // moon: the hero may place it; otherwise high on one side
  const moonSide = mr.chance(0.5) ? 0.2 : 0.8;
  sc.moon = {
    x: W * (moonSide + mr.range(-0.08, 0.08)),
    y: H * mr.range(0.07, 0.15),
    r: plan.moon === "full" ? mr.range(20, 28) : mr.range(18, 26),
  };
  hero.moonHook?.(sc);
  sky(sc);
  moon(sc);
  cloudBanks(sc);
  drawLand(sc);
  hero.draw(sc);
  placeProps(sc);
  farThings(sc);
  foreground(sc);
  const pid = plan.id;
  const common = `<filter id="${pid}-soft" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="2.5"/></filter><filter id="${pid}-white" color-interpolation-filters="sRGB"><feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 1 0"/></filter>`;
  const sorted = sc.elements.map((e, i) => ({ e, i })).sort((a, b) => a.e.z - b.e.z || a.i - b.i);
  const art = sorted.map(({ e }) => e.art).join("");
  const finishing = finish(sc);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"><defs>${common}${sc.defs.join("")}</defs><g style="isolation:isolate">${art}${finishing}</g></svg>`;
  // mask: objects in flat colours, solids in black, decoration left out
  const maskFilters = sc.objects
    .map(
      (_, i) =>
        `<filter id="${pid}-mk${i}" color-interpolation-filters="sRGB"><feColorMatrix values="0 0 0 0 ${f2(maskRed(i) / 255)}  0 0 0 0 ${f2(200 / 255)}  0 0 0 0 ${f2(100 / 255)}  0 0 0 255 0"/></filter>`,
    )
    .join("");
  const maskArt = sorted
    .map(({ e }) => {
      if (e.kind === "deco") return "";
      if (e.kind === "solid") return `<g filter="url(#${pid}-black)">${e.art}</g>`;
      return `<g filter="url(#${pid}-mk${e.obj})">${e.maskArt}</g>`;
    })
    .join("");
  const maskSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" shape-rendering="crispEdges"><defs>${common}<filter id="${pid}-black" color-interpolation-filters="sRGB"><feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 255 0"/></filter>${maskFilters}${sc.defs.join("")}</defs><rect width="${W}" height="${H}" fill="#000"/>${maskArt}</svg>`;
  return { svg, maskSvg, objects: sc.objects };
}
