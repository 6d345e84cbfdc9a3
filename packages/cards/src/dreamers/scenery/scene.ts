/** The scene under construction of the deck-1.5.0 composer (see compose.ts). */
import { entry } from "../../gen/catalog";
import { type Palette, palette } from "../../gen/palettes";
import { type Rng, rng } from "../../rng";
import {
  type CardPlan,
  type Element,
  H,
  type IconBounds,
  type IconSource,
  type Land,
  type PlacedObject,
  type Role,
  type Shape,
  type Spot,
  type Surface,
  W,
} from "./types";

export const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();
export const f2 = (n: number): string => (Math.round(n * 100) / 100).toString();

/** An axis-aligned box in card pixels. */
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

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
    const box = this.defineIcon(spot, body, bounds, bid);
    const z = spot.z;
    if (spot.glow) this.glow(spot, box, spot.glow);
    if (spot.ground) this.groundShadow(spot, box);
    if (spot.float && this.land.surfaces.length > 0 && !this.land.water) this.floatShadow(spot, box);
    const art = this.gradedArt(spot, box, bid);
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

  /** Defines the icon's art, scaled and turned into place, as `bid`; returns its drawn box. */
  private defineIcon(spot: Spot, body: string, bounds: IconBounds, bid: string): Box {
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
    return { x: spot.cx - ex, y: spot.cy - ey, w: 2 * ex, h: 2 * ey };
  }

  private glow(spot: Spot, box: Box, colour: string): void {
    const gid = this.id("glow");
    const r = Math.max(box.w, box.h) * 0.95;
    this.defs.push(
      `<radialGradient id="${gid}"><stop offset="0" stop-color="${colour}" stop-opacity=".55"/><stop offset=".45" stop-color="${colour}" stop-opacity=".18"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
    );
    this.add(
      spot.z - 0.02,
      "deco",
      `<circle cx="${f1(spot.cx)}" cy="${f1(spot.cy)}" r="${f1(r)}" fill="url(#${gid})"/>`,
    );
  }

  /** The soft shadow under a grounded thing. */
  private groundShadow(spot: Spot, box: Box): void {
    const by = box.y + box.h;
    const rx = box.w * 0.48;
    this.add(
      spot.z - 0.01,
      "deco",
      `<ellipse cx="${f1(spot.cx)}" cy="${f1(by - 1)}" rx="${f1(rx)}" ry="${f1(Math.max(2, rx * 0.16))}" fill="${this.pal.shadow}" opacity=".45" filter="url(#${this.plan.id}-soft)"/>`,
    );
  }

  /** The shadow a floating thing casts on the ground below it, fainter the higher it floats. */
  private floatShadow(spot: Spot, box: Box): void {
    const g = this.land.surfaces[Math.min(2, this.land.surfaces.length - 1)] as Surface;
    const gy = g.y(spot.cx) + 6;
    const dist = Math.max(0, gy - (box.y + box.h));
    if (gy < H && dist < H * 0.45) {
      const rx = box.w * 0.4 * (1 - dist / H);
      this.add(
        g.z + 0.5,
        "deco",
        `<ellipse cx="${f1(spot.cx)}" cy="${f1(gy)}" rx="${f1(rx)}" ry="${f1(rx * 0.14)}" fill="${this.pal.shadow}" opacity="${f2(0.28 * (1 - dist / (H * 0.45)))}" filter="url(#${this.plan.id}-soft)"/>`,
      );
    }
  }

  /** The icon's use, graded by depth with a moonlight rim, and shaded when it is large. */
  private gradedArt(spot: Spot, box: Box, bid: string): string {
    const depth = spot.depth ?? 0.3;
    const pal = this.pal;
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
    return art;
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
