/**
 * The faces without a value: the two identities, the gates, the first-player card (each an emblem in
 * front of a softened dream-deck scene) and the three backs (ornaments drawn in code).
 */
import { palette } from "../gen/palettes";
import { rng } from "../rng";
import { type FaceBounds, type FaceComposition, H, W, wrap } from "./common";
import type { Face } from "./faces";
import { drawIcon, type Grade } from "./icon";
import { type Box, chooseScene, type SceneChoice } from "./scene";

const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();

export const OTHER_ICONS = [
  "person-in-bed",
  "zzz",
  "man-mage",
  "bat",
  "locked",
  "unlocked",
  "triangular-flag",
];

interface Part {
  defs: string;
  art: string;
  icons: string[];
  /** Seed of the dream-deck scene in this part, if it has one. */
  seed?: string;
}

const part = (defs = "", art = "", icons: string[] = []): Part => ({ defs, art, icons });
const join = (...ps: Part[]): Part => {
  const seed = ps.find((p) => p.seed)?.seed;
  return {
    defs: ps.map((p) => p.defs).join(""),
    art: ps.map((p) => p.art).join(""),
    icons: ps.flatMap((p) => p.icons),
    ...(seed ? { seed } : {}),
  };
};

function sceneIcons(objects: { icon: string }[]): string[] {
  return objects.filter((o) => o.icon.startsWith("fluent-emoji-flat:")).map((o) => o.icon.slice(18));
}

/** A dream-deck scene, softly blurred and dimmed, so the emblem in front of it carries the card. */
function softScene(
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

interface RingStyle {
  ring: string;
  edge: string;
  inner: [string, string];
  innerOpacity: number;
}

const DREAM_RING: RingStyle = {
  ring: "#f3d99c",
  edge: "#2c2250",
  inner: ["#fff6e0", "#6e5a9c"],
  innerOpacity: 0.5,
};
const NIGHT_RING: RingStyle = {
  ring: "#d8505c",
  edge: "#10040b",
  inner: ["#5a1020", "#0b0309"],
  innerOpacity: 0.85,
};

/** A round frame for an emblem: a soft disc, a double ring and eight small stars or thorns on it. */
function medallion(prefix: string, cx: number, cy: number, r: number, s: RingStyle, thorns: boolean): Part {
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

/** A four-pointed star, as the dream deck draws its sparkles. */
function star(x: number, y: number, s: number, fill: string, edge?: string): string {
  const d = `M${f1(x)} ${f1(y - s)}Q${f1(x)} ${f1(y)} ${f1(x + s)} ${f1(y)}Q${f1(x)} ${f1(y)} ${f1(x)} ${f1(y + s)}Q${f1(x)} ${f1(y)} ${f1(x - s)} ${f1(y)}Q${f1(x)} ${f1(y)} ${f1(x)} ${f1(y - s)}Z`;
  return `<path d="${d}" fill="${fill}"${edge ? ` stroke="${edge}" stroke-width="2.5" stroke-linejoin="round" paint-order="stroke"` : ""}/>`;
}

/** A crescent: the disc (cx, cy, r) minus the disc shifted by (dx, dy) with radius r2. */
function crescentPath(cx: number, cy: number, r: number, dx: number, dy: number, r2: number): string {
  const d = Math.hypot(dx, dy);
  const a = (r * r - r2 * r2 + d * d) / (2 * d);
  const h = Math.sqrt(Math.max(0, r * r - a * a));
  const ux = dx / d;
  const uy = dy / d;
  const mx = cx + ux * a;
  const my = cy + uy * a;
  const p = [mx - uy * h, my + ux * h];
  const q = [mx + uy * h, my - ux * h];
  return `M${f1(p[0] as number)} ${f1(p[1] as number)}A${r} ${r} 0 1 1 ${f1(q[0] as number)} ${f1(q[1] as number)}A${r2} ${r2} 0 0 0 ${f1(p[0] as number)} ${f1(p[1] as number)}Z`;
}

/** The corner mark of a face without a value, styled like the values (light fill, dark edge). */
function cornerMark(prefix: string, d: string, fill: [string, string], edge: string): Part {
  const gid = `${prefix}-cfill`;
  const defs =
    `<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${fill[0]}"/><stop offset="1" stop-color="${fill[1]}"/></linearGradient>` +
    `<filter id="${prefix}-csh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="5"/><feOffset dy="5"/><feComponentTransfer><feFuncA type="linear" slope=".55"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
  return part(
    defs,
    `<g filter="url(#${prefix}-csh)"><path d="${d}" fill="url(#${gid})" stroke="${edge}" stroke-width="8" stroke-linejoin="round" paint-order="stroke"/></g>`,
  );
}

function icon(
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

const LIT: Grade = {
  depth: 0,
  tint: "#2c2250",
  rim: "#fff8e8",
  shadow: "#2c2250",
  lightFromRight: true,
  saturation: 0.85,
  tintOpacity: 0.08,
};

function glowDisc(id: string, cx: number, cy: number, r: number, colour: string, opacity: number): Part {
  return part(
    `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset=".5" stop-color="${colour}" stop-opacity="${f1(opacity * 0.35)}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${id})"/>`,
  );
}

const EMBLEM: Box = { x: 60, y: 170, w: 280, h: 300 };
const CORNER: Box = { x: 20, y: 30, w: 170, h: 160 };

function identityDreamer(face: Face, b: FaceBounds): Part {
  const p = face.id;
  const pal = palette("lavender");
  const bg = softScene(
    face,
    { hero: "lanternLake", land: "lake", palette: "lavender", props: [] },
    [EMBLEM, CORNER],
    b,
    false,
  );
  const cx = 200;
  const cy = 350;
  const med = medallion(p, cx, cy, 138, DREAM_RING, false);
  const glow = glowDisc(`${p}-g`, cx, cy + 10, 130, pal.glow, 0.8);
  const cloud = part(
    "",
    `<g fill="${pal.cloud[0]}" stroke="${pal.cloud[1]}" stroke-width="3"><path d="M100 462Q90 428 126 426Q134 398 170 408Q192 386 222 404Q258 392 268 424Q306 426 300 462Z"/></g>`,
  );
  const sleeper = icon(`${p}-bed`, "person-in-bed", cx - 6, 376, 200, LIT, b);
  const zzz = icon(`${p}-z`, "zzz", 262, 278, 80, LIT, b, { rotate: -8 });
  let stars = "";
  for (const [x, y, s] of [
    [132, 282, 9],
    [168, 250, 6],
    [300, 350, 7],
  ] as const)
    stars += star(x, y, s, pal.star);
  const moon = cornerMark(p, crescentPath(98, 108, 70, 34, -22, 62), ["#fffaf0", "#f3d99c"], pal.shadow);
  return join(bg, glow, med, cloud, sleeper, zzz, part("", stars), moon);
}

function identityMaster(face: Face, b: FaceBounds): Part {
  const p = face.id;
  const bg = softScene(
    face,
    { hero: "castleCloud", land: "mountains", palette: "plum", props: [] },
    [EMBLEM, CORNER],
    b,
    true,
  );
  const cx = 200;
  const cy = 350;
  const glow = glowDisc(`${p}-g`, cx, cy, 190, "#d8283c", 0.45);
  const med = medallion(p, cx, cy, 138, NIGHT_RING, true);
  const shadow = { body: ["#0c040e", "#5a2d4a"] as [string, string], glow: "#d8283c", detail: 0.35 };
  const night: Grade = { ...LIT, rim: "#ff6a55", shadow: "#0a0309", lightFromRight: true };
  const mage = icon(`${p}-mage`, "man-mage", cx, cy + 4, 228, night, b, { shadow });
  const bats = join(
    icon(`${p}-bat1`, "bat", 108, 250, 58, night, b, { shadow, rotate: -14 }),
    icon(`${p}-bat2`, "bat", 300, 276, 46, night, b, { shadow, rotate: 12, flip: true }),
  );
  // a crown whose outer points curl outward like horns
  const horns =
    "M46 160L40 118Q28 88 8 62Q50 70 64 104L78 112L98 54L118 112L132 104Q146 70 188 62Q168 88 156 118L150 160Z";
  const mark = cornerMark(p, horns, ["#ffeadf", "#ef8f7c"], "#16060c");
  return join(bg, glow, med, mage, bats, mark);
}

/** Stone arch with its opening from x 116 to 284, springing at y 270, floor at 500. */
function gateArch(p: string): Part {
  const defs = `<linearGradient id="${p}-stone" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c9bcd6"/><stop offset=".55" stop-color="#8f7fa6"/><stop offset="1" stop-color="#4d3f66"/></linearGradient>`;
  const outer = "M76 520L76 270A124 124 0 0 1 324 270L324 520Z";
  const opening = "M116 500L116 270A84 84 0 0 1 284 270L284 500Z";
  let joints = "";
  for (let i = 1; i < 9; i++) {
    const a = Math.PI + (i * Math.PI) / 9;
    joints += `M${f1(200 + Math.cos(a) * 84)} ${f1(270 + Math.sin(a) * 84)}L${f1(200 + Math.cos(a) * 124)} ${f1(270 + Math.sin(a) * 124)}`;
  }
  for (const y of [310, 360, 410, 460]) joints += `M76 ${y}L116 ${y}M284 ${y}L324 ${y}`;
  const art =
    `<path d="${outer}${opening}" fill="#1a1230" fill-rule="evenodd" opacity=".45" transform="translate(6 10)"/>` +
    `<path d="${outer}${opening}" fill="url(#${p}-stone)" fill-rule="evenodd" stroke="#2a1f44" stroke-width="4"/>` +
    `<path d="${joints}" stroke="#3a2e58" stroke-width="2.5" opacity=".8"/>` +
    `<path d="M176 150L224 150L216 192L184 192Z" fill="#e6dcef" stroke="#2a1f44" stroke-width="3"/>` +
    `<path d="${crescentPath(200, 170, 11, 6, -4, 9)}" fill="#8f7fa6"/>` +
    `<rect x="66" y="512" width="268" height="18" rx="4" fill="#6d5d88" stroke="#2a1f44" stroke-width="3"/>`;
  return { defs, art, icons: [] };
}

function doorPanel(d: string, p: string, idx: number, planks: string, bands: string): string {
  return (
    `<clipPath id="${p}-door${idx}"><path d="${d}"/></clipPath>` +
    `<path d="${d}" fill="url(#${p}-wood)" stroke="#1c0f1a" stroke-width="4"/>` +
    `<g clip-path="url(#${p}-door${idx})"><path d="${planks}" stroke="#24131f" stroke-width="2.5" opacity=".6"/><path d="${bands}" stroke="#2b2230" stroke-width="12"/><path d="${bands}" stroke="#7a6f86" stroke-width="3" opacity=".6" transform="translate(0 -3)"/></g>`
  );
}

function gate(face: Face, b: FaceBounds, open: boolean): Part {
  const p = face.id;
  const pal = palette(open ? "twilight" : "indigo");
  const bg = softScene(
    face,
    { hero: "kiteHill", land: "hills", palette: pal.name, props: [] },
    [{ x: 60, y: 140, w: 280, h: 400 }, CORNER],
    b,
    !open,
  );
  const arch = gateArch(p);
  const wood = `<linearGradient id="${p}-wood" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7a4e5e"/><stop offset="1" stop-color="#4a2a3c"/></linearGradient>`;
  let inside: Part;
  let doors: string;
  if (!open) {
    inside = part("", `<path d="M116 500L116 270A84 84 0 0 1 284 270L284 500Z" fill="#0c0818"/>`);
    let planks = "";
    for (let x = 137; x < 284; x += 21) planks += `M${x} 180L${x} 500`;
    const bands = "M110 318L290 318M110 450L290 450";
    doors =
      doorPanel("M116 500L116 270A84 84 0 0 1 200 186L200 500Z", p, 0, planks, bands) +
      doorPanel("M200 500L200 186A84 84 0 0 1 284 270L284 500Z", p, 1, planks, bands) +
      `<circle cx="186" cy="385" r="9" fill="none" stroke="#2b2230" stroke-width="4"/><circle cx="214" cy="385" r="9" fill="none" stroke="#2b2230" stroke-width="4"/>`;
  } else {
    const g = `${p}-beyond`;
    let stars = "";
    const r = rng(`${p}/stars`);
    for (let i = 0; i < 14; i++)
      stars += star(r.range(128, 272), r.range(200, 400), r.range(2.5, 6), "#fffaf0");
    inside = part(
      `<radialGradient id="${g}" cx=".5" cy=".62" r=".7"><stop offset="0" stop-color="#fffaf0"/><stop offset=".35" stop-color="${pal.glow}"/><stop offset=".75" stop-color="${pal.sky[2]}"/><stop offset="1" stop-color="${pal.sky[1]}"/></radialGradient><linearGradient id="${p}-path" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff6dc" stop-opacity=".95"/><stop offset="1" stop-color="${pal.glow}" stop-opacity="0"/></linearGradient>`,
      `<path d="M116 500L116 270A84 84 0 0 1 284 270L284 500Z" fill="url(#${g})"/>${stars}` +
        `<path d="M150 500L250 500L330 600L70 600Z" fill="url(#${p}-path)"/>`,
    );
    const glow = glowDisc(`${p}-halo`, 200, 360, 200, pal.glow, 0.55);
    inside = join(glow, inside);
    let planksL = "";
    let planksR = "";
    for (let i = 1; i < 3; i++) {
      const t = i / 3;
      planksL += `M${f1(116 - 50 * t)} 160L${f1(116 - 50 * t)} 540`;
      planksR += `M${f1(284 + 50 * t)} 160L${f1(284 + 50 * t)} 540`;
    }
    doors =
      doorPanel("M116 500L116 250Q100 200 66 196L66 528Z", p, 0, planksL, "M50 300L130 318M50 462L130 450") +
      doorPanel(
        "M284 500L284 250Q300 200 334 196L334 528Z",
        p,
        1,
        planksR,
        "M270 318L350 300M270 450L350 462",
      );
  }
  const lock = open
    ? icon(`${p}-lock`, "unlocked", 98, 108, 120, LIT, b)
    : icon(`${p}-lock`, "locked", 98, 108, 120, LIT, b);
  const lockHalo = glowDisc(`${p}-lh`, 98, 112, 95, open ? "#fff3d0" : "#0a0614", open ? 0.6 : 0.55);
  const hang = open ? part() : icon(`${p}-hang`, "locked", 200, 398, 64, LIT, b);
  return join(
    bg,
    inside,
    part(`${wood}${arch.defs}`, ""),
    open ? part("", doors) : part(),
    part("", arch.art),
    open ? part() : part("", doors),
    hang,
    lockHalo,
    lock,
  );
}

function firstPlayer(face: Face, b: FaceBounds): Part {
  const p = face.id;
  const pal = palette("amber");
  const bg = softScene(
    face,
    { hero: "lanternLake", land: "lake", palette: "amber", props: [] },
    [EMBLEM],
    b,
    false,
  );
  const cx = 200;
  const cy = 320;
  const glow = glowDisc(`${p}-g`, cx, cy, 170, pal.glow, 0.75);
  const med = medallion(p, cx, cy, 140, { ...DREAM_RING, edge: pal.shadow }, false);
  const hill = part(
    "",
    `<path d="M92 420Q150 360 200 372Q250 360 308 420Z" fill="${pal.land[1]}" stroke="${pal.shadow}" stroke-width="3"/>`,
  );
  const flag = icon(`${p}-flag`, "triangular-flag", 214, 300, 170, LIT, b);
  let rays = "";
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    rays += `M${f1(cx + Math.cos(a) * 160)} ${f1(cy + Math.sin(a) * 160)}L${f1(cx + Math.cos(a) * 196)} ${f1(cy + Math.sin(a) * 196)}`;
  }
  const sun = part(
    "",
    `<path d="${rays}" stroke="#fff3d0" stroke-width="6" stroke-linecap="round" opacity=".8"/>`,
  );
  return join(bg, glow, sun, med, hill, flag);
}

// ---------------------------------------------------------------- backs

interface BackStyle {
  sky: [string, string, string];
  line: string;
  star: string;
}

function backBase(p: string, s: BackStyle, seed: string): Part {
  const r = rng(seed);
  let dots = "";
  for (let i = 0; i < 170; i++) {
    const x = r.range(0, W);
    const y = r.range(0, H);
    const rad = r.chance(0.07) ? r.range(1.1, 1.7) : r.range(0.4, 0.95);
    dots += `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rad)}" opacity="${f1(r.range(0.3, 0.9))}"/>`;
  }
  const defs =
    `<linearGradient id="${p}-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.sky[0]}"/><stop offset=".5" stop-color="${s.sky[1]}"/><stop offset="1" stop-color="${s.sky[2]}"/></linearGradient>` +
    `<radialGradient id="${p}-vig" cx=".5" cy=".5" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".5"/></radialGradient>` +
    `<filter id="${p}-grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="1" seed="${r.int(1, 999)}"/><feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 .9 -.35"/></filter>`;
  let corners = "";
  for (const [x, y] of [
    [36, 36],
    [364, 36],
    [36, 564],
    [364, 564],
  ] as const)
    corners += star(x, y, 10, s.line);
  const art =
    `<rect width="${W}" height="${H}" fill="url(#${p}-bg)"/><g fill="${s.star}">${dots}</g>` +
    `<rect x="16" y="16" width="${W - 32}" height="${H - 32}" rx="18" fill="none" stroke="${s.line}" stroke-width="3" opacity=".85"/>` +
    `<rect x="26" y="26" width="${W - 52}" height="${H - 52}" rx="12" fill="none" stroke="${s.line}" stroke-width="1.2" opacity=".6"/>` +
    corners;
  return part(defs, art);
}

function backFinish(p: string): Part {
  return part(
    "",
    `<rect width="${W}" height="${H}" fill="url(#${p}-vig)"/><rect width="${W}" height="${H}" filter="url(#${p}-grain)" opacity=".05"/>`,
  );
}

function ringOf(
  n: number,
  r: number,
  cx: number,
  cy: number,
  draw: (x: number, y: number, a: number) => string,
): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const a = (i * 2 * Math.PI) / n - Math.PI / 2;
    out += draw(cx + Math.cos(a) * r, cy + Math.sin(a) * r, a);
  }
  return out;
}

function backDream(face: Face): Part {
  const p = face.id;
  const s: BackStyle = { sky: ["#151338", "#2e2764", "#4d3a7e"], line: "#e8cf94", star: "#fff6e6" };
  const base = backBase(p, s, `${p}/stars`);
  const glow = glowDisc(`${p}-g`, 200, 300, 190, "#ffd9a8", 0.45);
  const moonFill = `<radialGradient id="${p}-m" cx=".4" cy=".38" r=".7"><stop offset="0" stop-color="#fffaf0"/><stop offset=".7" stop-color="#fbeec8"/><stop offset="1" stop-color="#ecd59e"/></radialGradient>`;
  const moon = part(
    moonFill,
    `<path d="${crescentPath(200, 300, 92, 44, -30, 84)}" fill="url(#${p}-m)" stroke="#2e2764" stroke-width="4"/>`,
  );
  const ring =
    `<circle cx="200" cy="300" r="150" fill="none" stroke="${s.line}" stroke-width="2" opacity=".7"/>` +
    `<circle cx="200" cy="300" r="162" fill="none" stroke="${s.line}" stroke-width="1" opacity=".5" stroke-dasharray="2 7"/>` +
    ringOf(12, 150, 200, 300, (x, y, a) => star(x, y, Math.round(a * 10) % 2 ? 9 : 13, s.line));
  const small = ringOf(6, 225, 200, 300, (x, y) => star(x, y, 6, s.star));
  return join(base, glow, moon, part("", ring + small), backFinish(p));
}

function backNightmare(face: Face): Part {
  const p = face.id;
  const s: BackStyle = { sky: ["#0c0309", "#2a0a1c", "#40101f"], line: "#c84858", star: "#ffd6d0" };
  const base = backBase(p, s, `${p}/stars`);
  const corona = glowDisc(`${p}-g`, 200, 300, 175, "#ff3a3a", 0.55);
  const thorns = ringOf(16, 104, 200, 300, (x, y, a) => {
    const tx = 200 + Math.cos(a) * 150;
    const ty = 300 + Math.sin(a) * 150;
    const px = -Math.sin(a) * 12;
    const py = Math.cos(a) * 12;
    return `<path d="M${f1(x + px)} ${f1(y + py)}Q${f1((x + tx) / 2 + px * 0.2)} ${f1((y + ty) / 2 + py * 0.2)} ${f1(tx)} ${f1(ty)}Q${f1((x + tx) / 2 - px * 0.6)} ${f1((y + ty) / 2 - py * 0.6)} ${f1(x - px)} ${f1(y - py)}Z" fill="#1a0610" stroke="${s.line}" stroke-width="2.5" stroke-linejoin="round"/>`;
  });
  const eclipse =
    `<circle cx="200" cy="300" r="104" fill="#08020a" stroke="${s.line}" stroke-width="4"/>` +
    `<path d="${crescentPath(200, 300, 96, -30, 22, 92)}" fill="#ff7a66" opacity=".85"/>` +
    `<circle cx="200" cy="300" r="180" fill="none" stroke="${s.line}" stroke-width="1.5" opacity=".55" stroke-dasharray="3 9"/>`;
  return join(base, corona, part("", thorns + eclipse), backFinish(p));
}

function backIdentity(face: Face): Part {
  const p = face.id;
  const s: BackStyle = { sky: ["#120d26", "#2a1d45", "#3a1a36"], line: "#d9c7e6", star: "#f6eefe" };
  const base = backBase(p, s, `${p}/stars`);
  const defs =
    `<clipPath id="${p}-left"><rect x="0" y="0" width="200" height="${H}"/></clipPath>` +
    `<clipPath id="${p}-right"><rect x="200" y="0" width="200" height="${H}"/></clipPath>` +
    `<radialGradient id="${p}-light" cx=".4" cy=".38" r=".7"><stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="#e9cf96"/></radialGradient>` +
    `<radialGradient id="${p}-dark" cx=".6" cy=".4" r=".7"><stop offset="0" stop-color="#4a1424"/><stop offset="1" stop-color="#12040c"/></radialGradient>`;
  const halo = join(
    glowDisc(`${p}-gl`, 200, 300, 185, "#ffe2b0", 0.35),
    glowDisc(`${p}-gr`, 200, 300, 185, "#ff3a4a", 0.25),
  );
  const thorns = ringOf(12, 112, 200, 300, (x, y, a) => {
    if (Math.cos(a) < 0.05) return "";
    const tx = 200 + Math.cos(a) * 148;
    const ty = 300 + Math.sin(a) * 148;
    const px = -Math.sin(a) * 10;
    const py = Math.cos(a) * 10;
    return `<path d="M${f1(x + px)} ${f1(y + py)}L${f1(tx)} ${f1(ty)}L${f1(x - px)} ${f1(y - py)}Z" fill="#1a0610" stroke="#c84858" stroke-width="2.5" stroke-linejoin="round"/>`;
  });
  const stars = ringOf(12, 132, 200, 300, (x, y, a) =>
    Math.cos(a) > -0.05 ? "" : star(x, y, 10, "#e8cf94"),
  );
  const disc =
    `<circle cx="200" cy="300" r="108" fill="url(#${p}-light)" clip-path="url(#${p}-left)"/>` +
    `<circle cx="200" cy="300" r="108" fill="url(#${p}-dark)" clip-path="url(#${p}-right)"/>` +
    `<circle cx="200" cy="300" r="108" fill="none" stroke="${s.line}" stroke-width="4"/>` +
    `<path d="M200 192L200 408" stroke="${s.line}" stroke-width="3"/>` +
    `<path d="M146 300Q160 284 176 300Q160 312 146 300Z" fill="#2a1d45"/>` +
    `<path d="M224 300Q240 284 256 300Q240 312 224 300Z" fill="#ff7a66"/>`;
  return join(base, halo, part(defs, thorns + stars + disc), backFinish(p));
}

export function composeOther(face: Face, bounds: FaceBounds): FaceComposition {
  let p: Part;
  switch (face.id) {
    case "identity-dreamer":
      p = identityDreamer(face, bounds);
      break;
    case "identity-master":
      p = identityMaster(face, bounds);
      break;
    case "gate-closed":
      p = gate(face, bounds, false);
      break;
    case "gate-open":
      p = gate(face, bounds, true);
      break;
    case "first-player":
      p = firstPlayer(face, bounds);
      break;
    case "back-dream":
      p = backDream(face);
      break;
    case "back-nightmare":
      p = backNightmare(face);
      break;
    case "back-identity":
      p = backIdentity(face);
      break;
    default:
      throw new Error(`${face.id}: no design for this face`);
  }
  return { svg: wrap(`<defs>${p.defs}</defs>${p.art}`), icons: p.icons, sceneSeed: p.seed ?? null };
}
