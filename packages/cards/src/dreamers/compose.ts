/**
 * Composes one Dreamers face as SVG text (400×600 card pixels). Dream and Nightmare cards put a scene of
 * the dream deck behind their marks; the other faces are drawn in ./others.ts. Pure and deterministic:
 * the same code, icon set, font and bounds give the same SVG bytes.
 */
import { palette } from "../gen/palettes";
import { type FaceBounds, type FaceComposition, H, W, wrap } from "./common";
import { DREAM_SCENES } from "./design";
import type { Face } from "./faces";
import { drawIcon } from "./icon";
import {
  BANNER,
  BANNER_BOX,
  chevrons,
  doubling,
  effectBanner,
  effectFamily,
  type Mark,
  valueMark,
} from "./marks";
import { NIGHTMARE_SCENES } from "./nightmare-design";
import { composeOther, OTHER_ICONS } from "./others";
import { type Box, chooseScene } from "./scene";

function sceneIcons(objects: { icon: string }[]): string[] {
  return objects.filter((o) => o.icon.startsWith("fluent-emoji-flat:")).map((o) => o.icon.slice(18));
}

function effectGlyph(prefix: string, face: Face, bounds: FaceBounds): { mark: Mark; icons: string[] } {
  const effect = face.effect;
  if (!effect) throw new Error(`${face.id}: a Dream card needs an effect`);
  const c = BANNER[effectFamily(effect)];
  const cx = BANNER_BOX.x + BANNER_BOX.w / 2;
  if (effect === "skull") {
    const d = drawIcon(
      `${prefix}-skull`,
      {
        icon: "skull",
        cx,
        cy: 124,
        size: 92,
        grade: {
          depth: 0,
          tint: "#2a1a2a",
          rim: "#fff2e0",
          shadow: "#120a14",
          lightFromRight: true,
          saturation: 0.9,
          tintOpacity: 0.08,
        },
      },
      bounds.own,
    );
    return { mark: { defs: d.defs, art: d.art }, icons: ["skull"] };
  }
  const cy = 168;
  if (effect === "x2") return { mark: doubling(cx, cy, c.ink, c.edge, c.top), icons: [] };
  const n = Number(effect.slice(1));
  return { mark: chevrons(n, effect.startsWith("+"), cx, cy, c.ink, c.edge), icons: [] };
}

function composeDream(face: Face, bounds: FaceBounds): FaceComposition {
  const design = DREAM_SCENES[face.id];
  if (!design || face.value === undefined || !face.effect) throw new Error(`${face.id}: no Dream design`);
  const prefix = face.id;
  const banner: Box = { x: BANNER_BOX.x, y: 0, w: BANNER_BOX.w, h: BANNER_BOX.h };
  const pal = palette(design.palette);
  const value = valueMark(prefix, face.value, {
    fill: ["#fffaf0", "#f3d99c"],
    stroke: pal.shadow,
    halo: pal.shadow,
    haloOpacity: 0.55,
  });
  const scene = chooseScene(face.id, design, [value.box, banner], bounds.deck, bounds.sceneSeeds?.[face.id]);
  const glyph = effectGlyph(prefix, face, bounds);
  const flag = effectBanner(prefix, face.effect, glyph.mark);
  const svg = wrap(`<defs>${value.defs}${flag.defs}</defs>${scene.inner}${value.art}${flag.art}`);
  return {
    svg,
    icons: [...sceneIcons(scene.composition.objects), ...glyph.icons],
    sceneSeed: scene.plan.seed,
  };
}

/** Darkens and cools a dream into a nightmare: less colour, deep violet shadows, a red glow low down. */
function nightmareGrade(prefix: string): { defs: string; before: string; after: string } {
  const defs =
    `<filter id="${prefix}-ngrade" filterUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}" color-interpolation-filters="sRGB"><feColorMatrix type="saturate" values=".62"/><feColorMatrix type="matrix" values=".76 0 0 0 .02  0 .54 0 0 0  0 0 .7 0 .035  0 0 0 1 0"/></filter>` +
    `<linearGradient id="${prefix}-ntop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#07030c" stop-opacity=".62"/><stop offset=".55" stop-color="#07030c" stop-opacity="0"/><stop offset=".8" stop-color="#07030c" stop-opacity=".1"/><stop offset="1" stop-color="#07030c" stop-opacity=".55"/></linearGradient>` +
    `<radialGradient id="${prefix}-nred" cx=".5" cy=".68" r=".6"><stop offset="0" stop-color="#ff4a3d" stop-opacity=".28"/><stop offset=".6" stop-color="#b0203c" stop-opacity=".1"/><stop offset="1" stop-color="#b0203c" stop-opacity="0"/></radialGradient>`;
  return {
    defs,
    before: `<g filter="url(#${prefix}-ngrade)">`,
    after: `</g><rect width="${W}" height="${H}" fill="url(#${prefix}-nred)"/><rect width="${W}" height="${H}" fill="url(#${prefix}-ntop)"/>`,
  };
}

function composeNightmare(face: Face, bounds: FaceBounds): FaceComposition {
  const design = NIGHTMARE_SCENES[face.id];
  if (!design || face.value === undefined) throw new Error(`${face.id}: no Nightmare design`);
  const prefix = face.id;
  const value = valueMark(prefix, face.value, {
    fill: ["#ffeadf", "#ef8f7c"],
    stroke: "#16060c",
    halo: "#07020a",
    haloOpacity: 0.7,
  });
  const reserved: Box[] = [
    value.box,
    ...design.creatures.map((c) => ({ x: c.cx - c.size / 2, y: c.cy - c.size / 2, w: c.size, h: c.size })),
  ];
  const scene = chooseScene(
    face.id,
    { ...design, props: [] },
    reserved,
    bounds.deck,
    bounds.sceneSeeds?.[face.id],
  );
  const grade = nightmareGrade(prefix);
  let defs = grade.defs;
  let creatures = "";
  design.creatures.forEach((c, i) => {
    const uid = `${prefix}-c${i}`;
    const d = drawIcon(
      uid,
      {
        ...c,
        grade: {
          depth: 0.05,
          tint: "#1a0714",
          rim: "#ff6a55",
          shadow: "#0a0309",
          lightFromRight: !c.flip,
          saturation: 0.62,
          tintOpacity: 0.3,
        },
        shadow: { body: ["#0c040e", "#5a2d4a"], glow: "#d8283c", detail: 0.45 },
      },
      bounds.own,
    );
    const r = Math.max(d.box.w, d.box.h) * 0.75;
    defs += `<radialGradient id="${uid}-aura"><stop offset="0" stop-color="#050107" stop-opacity=".7"/><stop offset=".55" stop-color="#2a0614" stop-opacity=".35"/><stop offset="1" stop-color="#2a0614" stop-opacity="0"/></radialGradient>${d.defs}`;
    creatures += `<circle cx="${c.cx}" cy="${c.cy}" r="${Math.round(r)}" fill="url(#${uid}-aura)"/>${d.art}`;
  });
  const svg = wrap(
    `<defs>${defs}${value.defs}</defs>${grade.before}${scene.inner}${grade.after}${creatures}${value.art}`,
  );
  return {
    svg,
    icons: [...sceneIcons(scene.composition.objects), ...design.creatures.map((c) => c.icon)],
    sceneSeed: scene.plan.seed,
  };
}

export function composeFace(face: Face, bounds: FaceBounds): FaceComposition {
  switch (face.kind) {
    case "dream":
      return composeDream(face, bounds);
    case "nightmare":
      return composeNightmare(face, bounds);
    default:
      return composeOther(face, bounds);
  }
}

/** Icons the Dreamers faces draw beyond the dream deck's catalog (their outlines are measured at build). */
export function ownIcons(): string[] {
  const creatures = Object.values(NIGHTMARE_SCENES).flatMap((s) => s.creatures.map((c) => c.icon));
  return [...new Set(["skull", ...creatures, ...OTHER_ICONS])].sort();
}
