/**
 * What a player reads on a face: the big value, the modifier banner on the right side with its glyph,
 * and the small symbols (chevrons for plus and minus, two cards for doubling). Each returns SVG text in
 * card pixels (400×600) plus the defs it needs, with ids under the face's own prefix.
 */
import type { DreamCard } from "@firmament/dreamers";
import { centredText } from "./font";

const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();

export interface Mark {
  defs: string;
  art: string;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface NumeralStyle {
  /** Top and bottom of the fill gradient. */
  fill: [string, string];
  stroke: string;
  halo: string;
  /** Opacity of the dark halo that lifts the figures off the scene. */
  haloOpacity: number;
}

/** Cap height of the value's figures: 150 px on a 400 px card, 41 px when the card is 110 px wide. */
export const VALUE_HEIGHT = 150;

/** Where the value's figures sit: one figure centred in the corner, two from the left edge. */
export function valuePlace(value: number): { cx: number; cy: number; height: number; tracking: number } {
  const text = String(value);
  if (text.length === 1) return { cx: 100, cy: 108, height: VALUE_HEIGHT, tracking: 0 };
  const height = VALUE_HEIGHT * 0.86;
  const tracking = -6;
  const t = centredText(text, 0, 0, height, tracking);
  return { cx: 18 + (t.inkRight - t.inkLeft) / 2, cy: 108, height, tracking };
}

/** The value, large, in the top-left corner; `box` is its ink with a margin (scenes keep out of it). */
export function valueMark(prefix: string, value: number, style: NumeralStyle): Mark & { box: Box } {
  const text = String(value);
  const { cx, cy, height, tracking } = valuePlace(value);
  const t = centredText(text, cx, cy, height, tracking);
  const w = t.inkRight - t.inkLeft;
  const gid = `${prefix}-vfill`;
  const hid = `${prefix}-vhalo`;
  const defs =
    `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="0" y1="${f1(cy - height / 2)}" x2="0" y2="${f1(cy + height / 2)}"><stop offset="0" stop-color="${style.fill[0]}"/><stop offset="1" stop-color="${style.fill[1]}"/></linearGradient>` +
    `<radialGradient id="${hid}"><stop offset="0" stop-color="${style.halo}" stop-opacity="${style.haloOpacity}"/><stop offset=".6" stop-color="${style.halo}" stop-opacity="${f1(style.haloOpacity * 0.55)}"/><stop offset="1" stop-color="${style.halo}" stop-opacity="0"/></radialGradient>` +
    `<filter id="${prefix}-vshadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="5"/><feOffset dx="0" dy="5"/><feComponentTransfer><feFuncA type="linear" slope=".55"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
  const art =
    `<ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(w * 0.5 + 70)}" ry="${f1(height * 0.5 + 60)}" fill="url(#${hid})"/>` +
    `<g filter="url(#${prefix}-vshadow)"><path d="${t.d}" fill="url(#${gid})" stroke="${style.stroke}" stroke-width="10" stroke-linejoin="round" paint-order="stroke"/></g>`;
  const m = 14;
  const box = { x: t.inkLeft - m, y: cy - height / 2 - m, w: w + 2 * m, h: height + 2 * m };
  return { defs, art, box };
}

export type Effect = DreamCard["effect"];

/** How an effect is written: real minus and times signs, not a hyphen or a letter x. */
export function effectText(effect: Exclude<Effect, "skull">): string {
  return effect.replace("-", "\u2212").replace("x", "\u00d7");
}

interface BannerColours {
  top: string;
  bottom: string;
  edge: string;
  ink: string;
}

export const BANNER: Record<"plus" | "minus" | "times" | "skull", BannerColours> = {
  plus: { top: "#f7d58a", bottom: "#d98f4e", edge: "#fff3cf", ink: "#3a1d12" },
  minus: { top: "#9fc3f0", bottom: "#5a6fc0", edge: "#e6f0ff", ink: "#14163a" },
  times: { top: "#f3b3d6", bottom: "#b0569a", edge: "#ffe6f4", ink: "#35102c" },
  skull: { top: "#3a2a3f", bottom: "#140c18", edge: "#cdb8c6", ink: "#f4ead8" },
};

export function effectFamily(effect: Effect): keyof typeof BANNER {
  if (effect === "skull") return "skull";
  if (effect === "x2") return "times";
  return effect.startsWith("+") ? "plus" : "minus";
}

/** The banner's box: it hangs from the top edge on the card's right side. */
export const BANNER_BOX = { x: 280, w: 110, h: 272 };

/** A pennant hanging from the top edge on the right: the effect's text, and its glyph below. */
export function effectBanner(prefix: string, effect: Effect, glyph: Mark): Mark {
  const c = BANNER[effectFamily(effect)];
  const { x, w, h } = BANNER_BOX;
  const notch = 26;
  const shape = `M${x} -4L${x + w} -4L${x + w} ${h}L${x + w / 2} ${h - notch}L${x} ${h}Z`;
  const gid = `${prefix}-bfill`;
  const defs =
    `<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.top}"/><stop offset="1" stop-color="${c.bottom}"/></linearGradient>` +
    `<filter id="${prefix}-bshadow" x="-30%" y="-10%" width="160%" height="130%"><feGaussianBlur in="SourceAlpha" stdDeviation="6"/><feOffset dx="-3" dy="6"/><feComponentTransfer><feFuncA type="linear" slope=".5"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>` +
    glyph.defs;
  const inset = 6;
  const inner = `M${x + inset} -4L${x + w - inset} -4L${x + w - inset} ${h - inset - 3}L${x + w / 2} ${h - notch - inset + 1}L${x + inset} ${h - inset - 3}Z`;
  let label = "";
  if (effect !== "skull") {
    const t = centredText(effectText(effect), x + w / 2, 64, 58, -2);
    label = `<path d="${t.d}" fill="${c.ink}" stroke="${c.edge}" stroke-width="3" stroke-linejoin="round" paint-order="stroke"/>`;
  }
  const art =
    `<g filter="url(#${prefix}-bshadow)"><path d="${shape}" fill="url(#${gid})"/></g>` +
    `<path d="${inner}" fill="none" stroke="${c.edge}" stroke-width="2" opacity=".75"/>` +
    `<rect x="${x}" y="0" width="${w}" height="10" fill="#000" opacity=".18"/>` +
    label +
    glyph.art;
  return { defs, art };
}

/** n chevrons pointing up (plus) or down (minus), stacked, centred on (cx, cy). */
export function chevrons(n: number, up: boolean, cx: number, cy: number, ink: string, edge: string): Mark {
  const w = 60;
  const h = 24;
  const gap = 8;
  const total = n * h + (n - 1) * gap;
  let d = "";
  for (let i = 0; i < n; i++) {
    const top = cy - total / 2 + i * (h + gap);
    const tip = up ? top : top + h;
    const base = up ? top + h : top;
    d += `M${f1(cx - w / 2)} ${f1(base)}L${f1(cx)} ${f1(tip)}L${f1(cx + w / 2)} ${f1(base)}`;
  }
  const art =
    `<path d="${d}" fill="none" stroke="${edge}" stroke-width="17" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${ink}" stroke-width="11" stroke-linecap="round" stroke-linejoin="round"/>`;
  return { defs: "", art };
}

/** The doubling glyph: one card and its copy, the copy offset up and to the right. */
export function doubling(cx: number, cy: number, ink: string, edge: string, fill: string): Mark {
  const w = 36;
  const h = 50;
  const card = (x: number, y: number) =>
    `<rect x="${f1(x - w / 2)}" y="${f1(y - h / 2)}" width="${w}" height="${h}" rx="6" fill="${fill}" stroke="${ink}" stroke-width="6"/>`;
  const art =
    `<g stroke-linejoin="round"><rect x="${f1(cx - 14 - w / 2 - 3)}" y="${f1(cy + 10 - h / 2 - 3)}" width="${w + 6}" height="${h + 6}" rx="8" fill="${edge}"/>` +
    `<rect x="${f1(cx + 14 - w / 2 - 3)}" y="${f1(cy - 10 - h / 2 - 3)}" width="${w + 6}" height="${h + 6}" rx="8" fill="${edge}"/>` +
    card(cx - 14, cy + 10) +
    card(cx + 14, cy - 10) +
    `</g>`;
  return { defs: "", art };
}
