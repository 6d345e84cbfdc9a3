/**
 * Composes one dream card as SVG text: a generated night landscape, the card's subject in its surreal
 * relation, and the furnishing around it, all graded into the scene (haze, rims, shading, shadows,
 * reflections, wash). Pure and deterministic: the same plan and icon bounds give the same SVG bytes.
 * Also emits a "mask" SVG in which every object is painted in its own flat colour and everything in
 * front of it in black, so the build can measure what of each object is visible.
 */
import { furnish } from "./furnish";
import { buildLand, cloudBanks, drawLand, moon, sky } from "./landscape";
import { RELATIONS, type RelationName } from "./relations";
import {
  type AnyScene,
  type CardPlan,
  f2,
  H,
  type IconSource,
  maskRed,
  type PlacedObject,
  Scene,
  W,
} from "./scene";
import { SUBJECTS, type Subject } from "./subjects";

export * from "./scene";

export interface Composition {
  svg: string;
  maskSvg: string;
  objects: PlacedObject[];
}

const BY_ICON = new Map(SUBJECTS.map((s) => [s.icon, s]));

export function subjectOf(plan: CardPlan): Subject {
  const s = BY_ICON.get(plan.subject);
  if (!s) throw new Error(`compose: ${plan.id} has no known subject ${plan.subject}`);
  return s;
}

export function composeCard(plan: CardPlan, icons: IconSource): Composition {
  const sc = new Scene(plan, icons);
  const subject = subjectOf(plan);
  const relation = RELATIONS[plan.relation as RelationName];
  if (!relation) throw new Error(`compose: unknown relation ${plan.relation}`);
  buildLand(sc);
  const mr = sc.rng("moonplace");
  // moon: high on the side away from the hero unless the relation places it
  const moonSide = plan.mirror ? 0.22 : 0.78;
  sc.moon = {
    x: W * (moonSide + mr.range(-0.08, 0.08)),
    y: H * mr.range(0.07, 0.14),
    r: plan.moon === "full" ? mr.range(20, 28) : mr.range(18, 26),
  };
  relation.moonHook?.(sc, subject);
  sky(sc);
  moon(sc);
  cloudBanks(sc);
  drawLand(sc);
  relation.draw(sc, subject);
  furnish(sc);
  return { ...sceneSvgs(sc), objects: sc.objects };
}

/**
 * The finished scene as SVG text: its elements in z order under the finishing wash, vignette and grain;
 * and the mask, every object in its own flat colour and every solid in black.
 */
export function sceneSvgs(sc: AnyScene): { svg: string; maskSvg: string } {
  const pid = sc.plan.id;
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
  const maskSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" shape-rendering="crispEdges"><defs>${common}<filter id="${pid}-black" color-interpolation-filters="sRGB"><feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 255 0"/></filter>${maskFilters}${sc.defs.join("")}${sc.maskDefs.join("")}</defs><rect width="${W}" height="${H}" fill="#000"/>${maskArt}</svg>`;
  return { svg, maskSvg };
}

function finish(sc: AnyScene): string {
  const { plan, pal } = sc;
  const r = sc.rng("finish");
  const vid = `${plan.id}-vig`;
  sc.defs.push(
    `<radialGradient id="${vid}" cx=".5" cy=".45" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".5"/></radialGradient>`,
    `<filter id="${plan.id}-grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="1" seed="${r.int(1, 999)}"/><feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 .9 -.35"/></filter>`,
  );
  return `<rect width="${W}" height="${H}" fill="${pal.wash}" opacity=".16" style="mix-blend-mode:soft-light"/><rect width="${W}" height="${H}" fill="url(#${vid})"/><rect width="${W}" height="${H}" filter="url(#${plan.id}-grain)" opacity=".05"/>`;
}
