/**
 * Icons the dream deck's catalog does not have (creatures, the skull, the sleeper…), drawn the way the
 * deck draws its own: scaled by their measured visible outline, desaturated and tinted by depth, with a
 * rim of light and a light-to-shadow gradient masked by the icon's silhouette. The grading filter is a
 * copy of the one in src/gen/compose.ts (Scene.icon), which only draws icons of the deck's catalog.
 */

import { iconBody } from "../gen/icons";
import { replaceIds } from "./scenery/scene";

const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();
const f2 = (n: number): string => (Math.round(n * 100) / 100).toString();

export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  fill: number;
}

export interface Grade {
  /** 0 near .. 1 far: how much the icon is washed toward the tint. */
  depth: number;
  tint: string;
  rim: string;
  shadow: string;
  /** Which side the light comes from. */
  lightFromRight: boolean;
  /** Saturation before tinting (default 0.74 − 0.45 × depth, as in the deck). */
  saturation?: number;
  /** Strength of the tint (default 0.2 + 0.45 × depth). */
  tintOpacity?: number;
}

export interface IconDraw {
  icon: string;
  cx: number;
  cy: number;
  /** Size of the longer side of the visible outline, in card pixels. */
  size: number;
  flip?: boolean;
  rotate?: number;
  grade: Grade;
  opacity?: number;
  /** Draw as a dark shape (keeping `detail` of its own shading) with a glow of this colour around it. */
  shadow?: { body: [string, string]; glow: string; detail: number };
}

export interface DrawnIcon {
  defs: string;
  art: string;
  box: { x: number; y: number; w: number; h: number };
}

/** Draws one icon; `uid` must be unique within the face. */
export function drawIcon(uid: string, d: IconDraw, bounds: Record<string, Bounds>): DrawnIcon {
  const b = bounds[d.icon];
  if (!b) throw new Error(`no measured bounds for icon ${d.icon}; run npm run deck:dreamers`);
  const body = iconBody(d.icon).body;
  const bw = b.x1 - b.x0;
  const bh = b.y1 - b.y0;
  const s = d.size / Math.max(bw, bh);
  const rot = d.rotate ?? 0;
  const sx = d.flip ? -s : s;
  const transform = `translate(${f1(d.cx)} ${f1(d.cy)})${rot ? ` rotate(${f1(rot)})` : ""} scale(${f2(sx)} ${f2(s)}) translate(${f2(-(b.x0 + bw / 2))} ${f2(-(b.y0 + bh / 2))})`;
  const hw = (s * bw) / 2;
  const hh = (s * bh) / 2;
  const rad = (rot * Math.PI) / 180;
  const ex = Math.abs(hw * Math.cos(rad)) + Math.abs(hh * Math.sin(rad));
  const ey = Math.abs(hw * Math.sin(rad)) + Math.abs(hh * Math.cos(rad));
  const box = { x: d.cx - ex, y: d.cy - ey, w: 2 * ex, h: 2 * ey };
  const g = d.grade;
  const toLight = g.lightFromRight ? 1 : -1;
  const rimDx = f1(-toLight * Math.max(1, Math.min(2.2, box.w / 60)));
  const rimDy = f1(Math.max(0.8, Math.min(1.8, box.h / 70)));
  const sat = f2(g.saturation ?? 0.74 - 0.45 * g.depth);
  const tintA = f2(g.tintOpacity ?? 0.2 + 0.45 * g.depth);
  const bid = `${uid}-b`;
  const fid = `${uid}-fx`;
  let defs =
    `<g id="${bid}" transform="${transform}">${replaceIds(body, `${bid}-`)}</g>` +
    `<filter id="${fid}" x="-8%" y="-8%" width="116%" height="116%" color-interpolation-filters="sRGB"><feColorMatrix in="SourceGraphic" type="saturate" values="${sat}" result="s"/><feFlood flood-color="${g.tint}" flood-opacity="${tintA}"/><feComposite in2="SourceAlpha" operator="in"/><feComposite in2="s" operator="over" result="t"/><feOffset in="SourceAlpha" dx="${rimDx}" dy="${rimDy}" result="o"/><feComposite in="SourceAlpha" in2="o" operator="out"/><feFlood flood-color="${g.rim}" flood-opacity="${f2(0.75 - 0.4 * g.depth)}"/><feComposite in2="SourceAlpha" operator="in" result="rc"/><feOffset in="SourceAlpha" dx="${rimDx}" dy="${rimDy}" result="o2"/><feComposite in="rc" in2="o2" operator="out" result="r"/><feMerge><feMergeNode in="t"/><feMergeNode in="r"/></feMerge></filter>`;
  if (d.shadow) defs += shadowFilter(`${uid}-sil`, d.shadow, rimDx, rimDy, g.rim);
  let art = d.shadow
    ? `<g filter="url(#${uid}-sil)"><use href="#${bid}"/></g>`
    : `<g filter="url(#${fid})"><use href="#${bid}"/></g>`;
  if (Math.max(box.w, box.h) > 80) {
    const mid = `${uid}-sh`;
    const gid = `${uid}-shg`;
    const lx = toLight > 0 ? box.x + box.w : box.x;
    const dx = toLight > 0 ? box.x : box.x + box.w;
    defs += `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="${f1(lx)}" y1="${f1(box.y)}" x2="${f1(dx)}" y2="${f1(box.y + box.h)}"><stop offset="0" stop-color="${g.rim}" stop-opacity=".35"/><stop offset=".4" stop-color="${g.rim}" stop-opacity="0"/><stop offset=".5" stop-color="${g.shadow}" stop-opacity="0"/><stop offset="1" stop-color="${g.shadow}" stop-opacity=".6"/></linearGradient><mask id="${mid}" mask-type="alpha" maskUnits="userSpaceOnUse" x="0" y="0" width="400" height="600"><use href="#${bid}"/></mask>`;
    art += `<rect x="${f1(box.x)}" y="${f1(box.y)}" width="${f1(box.w)}" height="${f1(box.h)}" fill="url(#${gid})" mask="url(#${mid})"/>`;
  }
  if (d.opacity !== undefined) art = `<g opacity="${f2(d.opacity)}">${art}</g>`;
  return { defs, art, box };
}

const rgb = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16) / 255,
  Number.parseInt(hex.slice(3, 5), 16) / 255,
  Number.parseInt(hex.slice(5, 7), 16) / 255,
];

/**
 * A creature of the night: the icon's brightness mapped between two dark colours (so a little of its own
 * shading shows), a strong rim of light on one side and a soft glow around the whole shape.
 */
function shadowFilter(
  id: string,
  s: { body: [string, string]; glow: string; detail: number },
  rimDx: string,
  rimDy: string,
  rim: string,
): string {
  const [lo, hi] = [rgb(s.body[0]), rgb(s.body[1])];
  const table = (c: 0 | 1 | 2) => `${f2(lo[c])} ${f2(lo[c] + (hi[c] - lo[c]) * s.detail)} ${f2(hi[c])}`;
  const dx = f1(Number(rimDx) * 1.6);
  const dy = f1(Number(rimDy) * 1.6);
  return (
    `<filter id="${id}" x="-25%" y="-25%" width="150%" height="150%" color-interpolation-filters="sRGB">` +
    `<feColorMatrix in="SourceGraphic" type="matrix" values=".2126 .7152 .0722 0 0  .2126 .7152 .0722 0 0  .2126 .7152 .0722 0 0  0 0 0 1 0" result="grey"/>` +
    `<feComponentTransfer in="grey" result="body"><feFuncR type="table" tableValues="${table(0)}"/><feFuncG type="table" tableValues="${table(1)}"/><feFuncB type="table" tableValues="${table(2)}"/></feComponentTransfer>` +
    `<feGaussianBlur in="SourceAlpha" stdDeviation="8" result="b"/><feFlood flood-color="${s.glow}" flood-opacity=".85"/><feComposite in2="b" operator="in" result="glow"/>` +
    `<feOffset in="SourceAlpha" dx="${dx}" dy="${dy}" result="o"/><feFlood flood-color="${rim}" flood-opacity=".95"/><feComposite in2="SourceAlpha" operator="in" result="rc"/><feComposite in="rc" in2="o" operator="out" result="r"/>` +
    `<feMerge><feMergeNode in="glow"/><feMergeNode in="body"/><feMergeNode in="r"/></feMerge></filter>`
  );
}
