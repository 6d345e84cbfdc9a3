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

import { HEROES, type Hero } from "./heroes";
import { buildLand, drawLand } from "./land";
import { farThings, foreground, placeProps } from "./props";
import { f2, Scene } from "./scene";
import { cloudBanks, moon, sky } from "./sky";
import { type CardPlan, type Composition, H, type IconSource, maskRed, W } from "./types";

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
