/** The emblem faces' common ground: a softened dream-deck scene, a medallion, a corner mark and icons. */
import type { FaceBounds } from "./common";
import { H, W } from "./common";
import type { Face } from "./faces";
import { drawIcon, type Grade } from "./icon";
import { f1, type Part, part, star } from "./ornaments";
import { type Box, chooseScene, type SceneChoice } from "./scene";

function sceneIcons(objects: { icon: string }[]): string[] {
  return objects.filter((o) => o.icon.startsWith("fluent-emoji-flat:")).map((o) => o.icon.slice(18));
}

/** A dream-deck scene, softly blurred and dimmed, so the emblem in front of it carries the card. */
export function softScene(
  face: Face,
  choice: SceneChoice,
  keepFree: Box[],
  bounds: FaceBounds,
  night: boolean,
): Part {
  const scene = chooseScene(face.id, choice, keepFree, bounds.deck, bounds.sceneSeeds?.[face.id]);
  const id = `${face.id}-soft`;
  const dim = night
    ? ".5 0 0 0 .02  0 .34 0 0 0  0 0 .45 0 .03  0 0 0 1 0"
    : ".82 0 0 0 0  0 .82 0 0 0  0 0 .86 0 0  0 0 0 1 0";
  const sat = night ? ".4" : ".9";
  const defs = `<filter id="${id}" filterUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="2.2"/><feColorMatrix type="saturate" values="${sat}"/><feColorMatrix type="matrix" values="${dim}"/></filter>`;
  return {
    ...part(defs, `<g filter="url(#${id})">${scene.inner}</g>`, sceneIcons(scene.composition.objects)),
    seed: scene.plan.seed,
  };
}

export interface RingStyle {
  ring: string;
  edge: string;
  inner: [string, string];
  innerOpacity: number;
}

export const DREAM_RING: RingStyle = {
  ring: "#f3d99c",
  edge: "#2c2250",
  inner: ["#fff6e0", "#6e5a9c"],
  innerOpacity: 0.5,
};
export const NIGHT_RING: RingStyle = {
  ring: "#d8505c",
  edge: "#10040b",
  inner: ["#5a1020", "#0b0309"],
  innerOpacity: 0.85,
};

/** A round frame for an emblem: a soft disc, a double ring and eight small stars or thorns on it. */
export function medallion(
  prefix: string,
  cx: number,
  cy: number,
  r: number,
  s: RingStyle,
  thorns: boolean,
): Part {
  const gid = `${prefix}-med`;
  const defs =
    `<radialGradient id="${gid}" cx=".5" cy=".42" r=".6"><stop offset="0" stop-color="${s.inner[0]}" stop-opacity="${s.innerOpacity}"/><stop offset="1" stop-color="${s.inner[1]}" stop-opacity="${f1(s.innerOpacity * 0.9)}"/></radialGradient>` +
    `<filter id="${prefix}-medsh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="8"/><feOffset dy="6"/><feComponentTransfer><feFuncA type="linear" slope=".55"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
  let studs = "";
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4 - Math.PI / 2;
    const x = cx + Math.cos(a) * r;
    const y = cy + Math.sin(a) * r;
    if (thorns) {
      const o = 20;
      const tx = cx + Math.cos(a) * (r + o);
      const ty = cy + Math.sin(a) * (r + o);
      const px = -Math.sin(a) * 8;
      const py = Math.cos(a) * 8;
      studs += `<path d="M${f1(x + px)} ${f1(y + py)}L${f1(tx)} ${f1(ty)}L${f1(x - px)} ${f1(y - py)}Z" fill="${s.ring}" stroke="${s.edge}" stroke-width="3" stroke-linejoin="round"/>`;
    } else studs += star(x, y, 11, s.ring, s.edge);
  }
  const art =
    `<g filter="url(#${prefix}-medsh)"><circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${gid})"/></g>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${s.edge}" stroke-width="13"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${s.ring}" stroke-width="7"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r - 12}" fill="none" stroke="${s.ring}" stroke-width="1.5" opacity=".7"/>` +
    studs;
  return part(defs, art);
}

/** The corner mark of a face without a value, styled like the values (light fill, dark edge). */
export function cornerMark(prefix: string, d: string, fill: [string, string], edge: string): Part {
  const gid = `${prefix}-cfill`;
  const defs =
    `<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${fill[0]}"/><stop offset="1" stop-color="${fill[1]}"/></linearGradient>` +
    `<filter id="${prefix}-csh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="5"/><feOffset dy="5"/><feComponentTransfer><feFuncA type="linear" slope=".55"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
  return part(
    defs,
    `<g filter="url(#${prefix}-csh)"><path d="${d}" fill="url(#${gid})" stroke="${edge}" stroke-width="8" stroke-linejoin="round" paint-order="stroke"/></g>`,
  );
}

export function icon(
  uid: string,
  name: string,
  cx: number,
  cy: number,
  size: number,
  grade: Grade,
  bounds: FaceBounds,
  extra: {
    flip?: boolean;
    rotate?: number;
    shadow?: { body: [string, string]; glow: string; detail: number };
  } = {},
): Part {
  const d = drawIcon(uid, { icon: name, cx, cy, size, grade, ...extra }, bounds.own);
  return part(d.defs, d.art, [name]);
}

export const LIT: Grade = {
  depth: 0,
  tint: "#2c2250",
  rim: "#fff8e8",
  shadow: "#2c2250",
  lightFromRight: true,
  saturation: 0.85,
  tintOpacity: 0.08,
};

export const EMBLEM: Box = { x: 60, y: 170, w: 280, h: 300 };
export const CORNER: Box = { x: 20, y: 30, w: 170, h: 160 };
