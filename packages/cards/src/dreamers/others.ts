/**
 * The faces without a value: the two identities, the gates, the first-player card (each an emblem in
 * front of a softened dream-deck scene) and the three backs (ornaments drawn in code).
 */
import { palette } from "../gen/palettes";
import { backDream, backIdentity, backNightmare } from "./backs";
import { type FaceBounds, type FaceComposition, wrap } from "./common";
import {
  CORNER,
  cornerMark,
  DREAM_RING,
  EMBLEM,
  icon,
  LIT,
  medallion,
  NIGHT_RING,
  softScene,
} from "./emblems";
import type { Face } from "./faces";
import { gate } from "./gates";
import type { Grade } from "./icon";
import { crescentPath, f1, glowDisc, join, type Part, part, star } from "./ornaments";

export const OTHER_ICONS = [
  "person-in-bed",
  "zzz",
  "man-mage",
  "bat",
  "locked",
  "unlocked",
  "triangular-flag",
];

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
