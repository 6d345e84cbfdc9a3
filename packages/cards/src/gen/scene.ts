/**
 * The scene a card is composed in: a 400×600 canvas of layered SVG elements (sorted by z), the objects
 * placed on it, and what the mask render needs to measure what of each object is visible.
 */
import { type Rng, rng } from "../rng";
import type { Palette } from "./palettes";
import { palette } from "./palettes";
import {
  type Box,
  type CardPlan,
  type Element,
  f1,
  f2,
  H,
  type IconSource,
  type Land,
  type PlacedObject,
  type Role,
  type ScenePlan,
  type Shape,
  type Spot,
  type Surface,
  W,
} from "./scene-types";

export * from "./scene-types";

/** A scene of either composer's plan, for the drawing they share. */
export type AnyScene = Scene<ScenePlan>;

const WEIGHT: Record<Role, number> = { hero: 1, prop: 0.85, mid: 0.7, moon: 0.7, far: 0.45, fore: 0.3 };

/**
 * The scene under construction; relations, landscape and furnishing add to it. `P` is the composer's plan
 * (the dream deck's by default); drawing that serves both composers takes an `AnyScene`.
 */
export class Scene<P extends ScenePlan = CardPlan> {
  readonly elements: Element[] = [];
  readonly defs: string[] = [];
  readonly maskDefs: string[] = [];
  readonly objects: PlacedObject[] = [];
  readonly pal: Palette;
  land!: Land;
  moon = { x: 0, y: 0, r: 0 };
  private uid = 0;

  constructor(
    readonly plan: P,
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

  /** x mirrored when the plan says so (layouts are written for one side). */
  mx(x: number): number {
    return this.plan.mirror ? W - x : x;
  }

  /** The surface that is the ground at (x, y): the nearest layer whose top lies above y. */
  groundAt(x: number, y: number): Surface | null {
    let best: Surface | null = null;
    for (const s of this.land.surfaces) if (s.y(x) <= y && (!best || s.z > best.z)) best = s;
    return best;
  }

  /** Boxes already taken (for placing props without collisions); far and foreground things do not count. */
  overlaps(x: number, y: number, w: number, h: number, pad = 6): boolean {
    const hit = (o: Box) =>
      x - pad < o.x + o.w && x + w + pad > o.x && y - pad < o.y + o.h && y + h + pad > o.y;
    return this.objects.some((o) => o.role !== "far" && o.role !== "fore" && this.blocking(o).some(hit));
  }

  /** The boxes of a placed object that others must keep clear of: sparse and soft things do not count. */
  protected blocking(o: PlacedObject): Box[] {
    if (o.soft) return [];
    return o.parts ?? (o.fill >= 0.3 ? [o] : []);
  }

  /**
   * Defines an icon placed at (cx, cy) with its visible box scaled to `size`, without drawing it.
   * Returns the def's id and the axis-aligned box of its rotated visible outline.
   */
  iconDef(
    icon: string,
    cx: number,
    cy: number,
    size: number,
    flip = false,
    rotate = 0,
    into: string[] = this.defs,
  ): { bid: string; box: { x: number; y: number; w: number; h: number }; fill: number } {
    const { body, bounds } = this.icons(icon);
    const bid = this.id("b");
    const bw = bounds.x1 - bounds.x0;
    const bh = bounds.y1 - bounds.y0;
    const s = size / Math.max(bw, bh);
    const sx = flip ? -s : s;
    const transform = `translate(${f1(cx)} ${f1(cy)})${rotate ? ` rotate(${f1(rotate)})` : ""} scale(${f2(sx)} ${f2(s)}) translate(${f2(-(bounds.x0 + bw / 2))} ${f2(-(bounds.y0 + bh / 2))})`;
    into.push(`<g id="${bid}" transform="${transform}">${replaceIds(body, `${bid}-`)}</g>`);
    const hw = (s * bw) / 2;
    const hh = (s * bh) / 2;
    const rad = (rotate * Math.PI) / 180;
    const ex = Math.abs(hw * Math.cos(rad)) + Math.abs(hh * Math.sin(rad));
    const ey = Math.abs(hw * Math.sin(rad)) + Math.abs(hh * Math.cos(rad));
    return { bid, box: { x: cx - ex, y: cy - ey, w: 2 * ex, h: 2 * ey }, fill: bounds.fill };
  }

  /** Draws an icon from the set, graded into the scene. Returns its drawn box. */
  icon(spot: Spot): PlacedObject & { bid: string } {
    const idx = this.objects.length;
    const { bid, box, fill } = this.iconDef(
      spot.icon,
      spot.cx,
      spot.cy,
      spot.size,
      spot.flip ?? false,
      spot.rotate ?? 0,
    );
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
      fill,
      weight: spot.weight ?? WEIGHT[spot.role],
    };
    this.objects.push(placed);
    return { ...placed, bid };
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

  /** The icon's use, graded by depth (or as a silhouette) with a moonlight rim, and shaded when large. */
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
    const hue = spot.hue ? `<feColorMatrix type="hueRotate" values="${f1(spot.hue)}"/>` : "";
    const base = spot.silhouette
      ? `<feFlood flood-color="${spot.silhouette}"/><feComposite in2="SourceAlpha" operator="in" result="t"/>`
      : `<feColorMatrix in="SourceGraphic" type="saturate" values="${sat}" result="s"/><feFlood flood-color="${tint}" flood-opacity="${tintA}"/><feComposite in2="SourceAlpha" operator="in"/><feComposite in2="s" operator="over" result="t"/>`;
    const rimOpacity = spot.silhouette ? 0.35 : 0.75 - 0.4 * depth;
    this.defs.push(
      `<filter id="${fid}" x="-8%" y="-8%" width="116%" height="116%" color-interpolation-filters="sRGB">${base}<feOffset in="SourceAlpha" dx="${rimDx}" dy="${rimDy}" result="o"/><feComposite in="SourceAlpha" in2="o" operator="out"/><feFlood flood-color="${pal.rim}" flood-opacity="${f2(rimOpacity)}"/><feComposite in2="SourceAlpha" operator="in" result="rc"/><feOffset in="SourceAlpha" dx="${rimDx}" dy="${rimDy}" result="o2"/><feComposite in="rc" in2="o2" operator="out" result="r"/><feMerge><feMergeNode in="t"/><feMergeNode in="r"/></feMerge>${hue}${blur}</filter>`,
    );
    let art = `<g filter="url(#${fid})"><use href="#${bid}"/></g>`;
    // shading of large icons: a light-to-shadow gradient masked by the icon's own silhouette
    if (Math.max(box.w, box.h) > 80 && !spot.blur && !spot.silhouette) {
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

  /** A shape drawn in code (lighthouse, stairs, dome, a reflection or shadow of something else…). */
  shape(sh: Shape): PlacedObject & { bid: string } {
    const idx = this.objects.length;
    const bid = this.id("s");
    this.defs.push(`<g id="${bid}">${sh.body}</g>`);
    let maskArt = `<use href="#${bid}"/>`;
    if (sh.maskBody !== undefined) {
      const mid = this.id("sm");
      this.maskDefs.push(`<g id="${mid}">${sh.maskBody}</g>`);
      maskArt = `<use href="#${mid}"/>`;
    }
    this.elements.push({ z: sh.z, kind: "obj", art: `<use href="#${bid}"/>`, maskArt, obj: idx });
    if (sh.reflect && this.land.water) this.reflection(bid, sh.y + sh.h - 2, 0.4);
    const placed: PlacedObject = {
      icon: sh.icon.includes(":") ? sh.icon : `shape:${sh.icon}`,
      role: sh.role,
      x: sh.x,
      y: sh.y,
      w: sh.w,
      h: sh.h,
      fill: sh.fill,
      weight: sh.weight ?? WEIGHT[sh.role],
      ...(sh.soft ? { soft: true } : {}),
      ...(sh.parts ? { parts: sh.parts } : {}),
    };
    this.objects.push(placed);
    return { ...placed, bid };
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
